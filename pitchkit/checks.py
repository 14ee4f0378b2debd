"""What the schema cannot say: checks on the meaning of a complete rule set.

Each check is a generator over :class:`Rules` that yields :class:`Finding` s and never
raises; the loader, not the check, attaches the file, line and column (the position of
the first of ``paths`` that the file actually sets, preferring the top file). A finding
with ``note=True`` is a remark (a game with no end), not a problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pitchkit.cards import RANKS, parse_card
from pitchkit.plan import cards_per_hand, shown_card_out_of_play, strong_cards
from pitchkit.variant import (
    AuctionStyle,
    Count,
    Discard,
    Draw,
    ExtraTrumps,
    FirstLeader,
    GameTie,
    GoesTo,
    JokerOrder,
    JokerRank,
    KittyTo,
    MayEqual,
    MoonRequires,
    OwnCard,
    Partnerships,
    PitchedJoker,
    PointCard,
    Rules,
    ScoringMethod,
    SeveralReach,
    ShownCard,
    TrumpChosenBy,
    UndealtJack,
    WhenAllPass,
)


@dataclass(frozen=True)
class Finding:
    """A problem with the meaning of a rule set: the settings involved (the most likely
    culprit first) and a message naming them."""

    paths: tuple[str, ...]
    message: str
    note: bool = False


Check = Callable[[Rules], Iterator[Finding]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


def check_rules(rules: Rules) -> Iterator[Finding]:
    """Every finding of every check, in check order."""
    for fn in CHECKS:
        yield from fn(rules)


def deck_size(rules: Rules) -> int:
    """Cards in the deck (deck.ranks in every suit, less deck.without, plus deck.jokers)."""
    return len(rules.deck.cards())


def _set_aside(rules: Rules) -> int:
    return 1 if shown_card_out_of_play(rules) else 0


# ---------------------------------------------------------------------------- the deal


@check
def hands_fit_the_deck(rules: Rules) -> Iterator[Finding]:
    n = rules.players.count
    size = deck_size(rules)
    aside = _set_aside(rules)
    if rules.deal.cards_per_hand == "all":
        if cards_per_hand(rules) < 1:
            yield Finding(("players.count", "deck.ranks", "deck.without", "deck.jokers"),
                          f"{n} players cannot share {size} cards")
        return
    per = int(rules.deal.cards_per_hand)
    if n * per + aside > size:
        extra = " plus the shown card set aside" if aside else ""
        yield Finding(("deal.cards_per_hand", "players.count", "deck.jokers", "deck.ranks",
                       "deck.without"),
                      f"{n} players × {per} cards{extra} = {n * per + aside} is more than "
                      f"the {size} cards in the deck")


@check
def weak_hands_can_be_thrown_in(rules: Rules) -> Iterator[Finding]:
    """deal.weak_hand_below: some hand must be weak, some not, and a new hand at hand."""
    below = rules.deal.weak_hand_below
    misdeal = rules.setting("deal.weak_hand_misdeal", bool)
    also = [str(rank) for rank in rules.setting("deal.weak_hand_strong_ranks", tuple)]
    if below is None:
        for key, on in (("deal.weak_hand_misdeal", misdeal),
                        ("deal.weak_hand_strong_ranks", also)):
            if on:
                yield Finding((key, "deal.weak_hand_below"),
                              "has no effect without deal.weak_hand_below: no hand is weak")
        return
    for rank in also:
        if RANKS.index(rank) >= RANKS.index(below):
            yield Finding(("deal.weak_hand_strong_ranks", "deal.weak_hand_below"),
                          f"{rank} is not below {below}: its cards keep a hand already")
    deck = rules.deck.cards()
    strong = strong_cards(rules)
    where = ("deal.weak_hand_below", "deck.ranks")
    if all(1 << card & strong for card in deck):
        yield Finding(where, f"has no effect: no card of the deck ranks below {below}")
        return
    if not any(1 << card & strong for card in deck):
        yield Finding(where, f"every hand is weak: no card of the deck ranks {below} or "
                             "higher")
    undealt = (len(deck) - _set_aside(rules) - rules.players.count * cards_per_hand(rules)
               - rules.deal.kitty)
    if undealt < cards_per_hand(rules) and not misdeal:  # a misdeal deals anew
        yield Finding(("deal.weak_hand_below", "deal.cards_per_hand"),
                      f"a weak hand is never replaced: {max(undealt, 0)} cards are left "
                      f"undealt, fewer than a hand of {cards_per_hand(rules)}")


@check
def deck_cards_exist(rules: Rules) -> Iterator[Finding]:
    kept = rules.deck.ranks
    for name in rules.deck.without:
        try:
            card = parse_card(name)
        except ValueError as error:
            yield Finding(("deck.without",), str(error))
            continue
        if card >= 52 or RANKS[card % 13] not in kept:
            yield Finding(("deck.without", "deck.ranks"),
                          f"{name} is not in the deck (deck.ranks, deck.jokers)")


#: The rank of each point item that names a rank (the rule items jack, jick and ten too).
_ITEM_RANK = {"ace_of_trumps": "A", "king_of_trumps": "K", "queen_of_trumps": "Q",
              "jack": "J", "jick": "J", "ten": "T", "nine_of_trumps": "9",
              "eight_of_trumps": "8", "seven_of_trumps": "7", "six_of_trumps": "6",
              "five_of_trumps": "5", "off_five": "5", "four_of_trumps": "4",
              "three_of_trumps": "3", "two_of_trumps": "2"}


@check
def point_cards_in_a_stripped_deck(rules: Rules) -> Iterator[Finding]:
    for i, item in enumerate(rules.points.items):
        rank = _ITEM_RANK.get(item.name)
        if rank is not None and rank not in rules.deck.ranks:
            yield Finding((f"points.items[{i}]", "deck.ranks"),
                          f"{item.name} is never in play: deck.ranks leaves out {rank}")
    tie_card = rules.points.game_tie_card
    if tie_card is not None and rules.points.game_tie is GameTie.HOLDER_OF_CARD:
        rank = _ITEM_RANK.get(tie_card.value)
        if rank is not None and rank not in rules.deck.ranks:
            yield Finding(("points.game_tie_card", "deck.ranks"),
                          f"{tie_card.value} is never in play: deck.ranks leaves out {rank}, "
                          "so no tie for game could be broken")
    if rules.trump.off_five and "5" not in rules.deck.ranks:
        yield Finding(("trump.off_five", "deck.ranks"),
                      "has no effect: deck.ranks leaves out the fives")


@check
def first_dealer_sits_at_the_table(rules: Rules) -> Iterator[Finding]:
    fd = rules.deal.first_dealer
    if fd != "random" and int(fd) >= rules.players.count:
        yield Finding(("deal.first_dealer", "players.count"),
                      f"seat {fd} does not exist with {rules.players.count} players "
                      f"(seats 0 to {rules.players.count - 1})")


@check
def partnerships_seat_everyone(rules: Rules) -> Iterator[Finding]:
    p = rules.players.partnerships
    if p is Partnerships.NONE:
        return
    teams, size = (int(x) for x in p.value.split("x"))
    if teams * size != rules.players.count:
        yield Finding(("players.partnerships", "players.count"),
                      f"{p.value} ({teams} teams of {size}) needs {teams * size} players, "
                      f"not {rules.players.count}")


@check
def stages_fit_the_hand(rules: Rules) -> Iterator[Finding]:
    stages = rules.play.stages
    if not stages:
        return
    per = cards_per_hand(rules)
    if per >= 1 and sum(stages) > per:
        # with ``all`` the hand size follows the player count and the deck, so a file
        # that only changes players.count is where the fix belongs
        paths: tuple[str, ...] = ("play.stages", "deal.cards_per_hand")
        if rules.deal.cards_per_hand == "all":
            paths += ("players.count", "deck.jokers", "deck.ranks")
        yield Finding(paths,
                      f"stages of {' + '.join(map(str, stages))} = {sum(stages)} cards, "
                      f"but each player is dealt {per}")


# ---------------------------------------------------------------------------- trump


@check
def trump_setting_applies(rules: Rules) -> Iterator[Finding]:
    t = rules.trump
    if t.shown_card is ShownCard.OUT_OF_PLAY and t.chosen_by is not TrumpChosenBy.TURNED_CARD:
        yield Finding(("trump.shown_card", "trump.chosen_by"),
                      f"out_of_play applies only when trump.chosen_by is turned_card "
                      f"(it is {t.chosen_by.value})")
    if t.chosen_by is TrumpChosenBy.PITCHER_NAMES and not rules.has_auction:
        yield Finding(("trump.chosen_by", "auction.style"),
                      "pitcher_names needs an auction: with auction.style none there is "
                      "no pitcher to name trump")
    if rules.play.first_lead_must_be_trump and t.chosen_by is TrumpChosenBy.FIRST_LEAD:
        yield Finding(("play.first_lead_must_be_trump", "trump.chosen_by"),
                      "has no effect when trump.chosen_by is first_lead: the first lead "
                      "always sets trump")


@check
def joker_settings_need_jokers(rules: Rules) -> Iterator[Finding]:
    t, jokers = rules.trump, rules.deck.jokers
    if not jokers:
        for path, changed in (
                ("trump.joker_rank", t.joker_rank is not JokerRank.BELOW_OFF_JACK),
                ("trump.joker_order", t.joker_order is not JokerOrder.BIG_ABOVE_LITTLE),
                ("trump.pitched_joker", t.pitched_joker is not PitchedJoker.NOT_ALLOWED),
                ("play.never_lead_joker", rules.play.never_lead_joker)):
            if changed:
                yield Finding((path, "deck.jokers"), "has no effect without jokers "
                              "(deck.jokers is 0)")
        return
    if jokers == 1 and t.joker_order is not JokerOrder.BIG_ABOVE_LITTLE:
        yield Finding(("trump.joker_order", "deck.jokers"),
                      "orders two jokers, but the deck has one (deck.jokers: 1)")
    if t.pitched_joker is not PitchedJoker.NOT_ALLOWED and (
            t.chosen_by is not TrumpChosenBy.FIRST_LEAD):
        yield Finding(("trump.pitched_joker", "trump.chosen_by"),
                      f"has no effect: trump is known before the first lead "
                      f"(trump.chosen_by is {t.chosen_by.value})")


# ---------------------------------------------------------------------------- auction


@check
def bids_are_in_order(rules: Rules) -> Iterator[Finding]:
    a = rules.auction
    if not rules.has_auction:
        return
    if a.min_bid > a.max_bid:
        yield Finding(("auction.min_bid", "auction.max_bid"),
                      f"{a.min_bid} is greater than auction.max_bid ({a.max_bid})")
        return
    if a.when_all_pass is WhenAllPass.DEALER_MUST_BID and not (
            a.min_bid <= a.dealer_forced_bid <= a.max_bid):
        yield Finding(("auction.dealer_forced_bid", "auction.min_bid", "auction.max_bid"),
                      f"{a.dealer_forced_bid} is outside the bids "
                      f"{a.min_bid} to {a.max_bid}")
    if a.dealer_forced_bid_exact and a.when_all_pass is not WhenAllPass.DEALER_MUST_BID:
        yield Finding(("auction.dealer_forced_bid_exact", "auction.when_all_pass"),
                      "has no effect unless auction.when_all_pass is dealer_must_bid")
    if a.dealer_may_steal_max and not a.dealer_may_steal:
        yield Finding(("auction.dealer_may_steal_max", "auction.dealer_may_steal"),
                      "has no effect when auction.dealer_may_steal is false")
    if a.pitch_to_bid and rules.trump.chosen_by is not TrumpChosenBy.FIRST_LEAD:
        yield Finding(("auction.pitch_to_bid", "trump.chosen_by"),
                      f"a pitched card is the opening lead that sets trump, so it needs "
                      f"trump.chosen_by first_lead (it is {rules.trump.chosen_by.value})")
    if a.pitch_to_bid and rules.play.stages:
        yield Finding(("auction.pitch_to_bid", "play.stages"),
                      "cannot be used with staged play: a stage starts with every player "
                      "choosing cards, so no card can be pitched during the auction")
    if rules.scoring.method is not ScoringMethod.POINTS:
        return
    available = sum(item.value for item in rules.points.items)  # all a side can win
    if 0 < available < a.min_bid:
        yield Finding(("auction.min_bid", "points.items"),
                      f"{a.min_bid} can never be made: a hand holds only {_points(available)} "
                      "(points.items)")
    elif 0 < available < a.dealer_forced_bid and a.when_all_pass is WhenAllPass.DEALER_MUST_BID:
        yield Finding(("auction.dealer_forced_bid", "points.items"),
                      f"{a.dealer_forced_bid} can never be made: a hand holds only "
                      f"{_points(available)} (points.items)")
    if 0 < available < a.max_bid:
        yield Finding(("auction.max_bid", "points.items"),
                      f"bids above {available} can never be made: a hand has only "
                      f"{_points(available)}", note=True)


def _points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


@check
def settings_that_need_an_auction(rules: Rules) -> Iterator[Finding]:
    if rules.has_auction:
        return
    why = "needs an auction (auction.style is none, so there is no pitcher)"
    if rules.auction.pitch_to_bid:
        yield Finding(("auction.pitch_to_bid", "auction.style"), why)
    if rules.moon.allowed:
        yield Finding(("moon.allowed", "auction.style"), "a moon is a bid, so it " + why)
    if rules.scoring.win_only_as_pitcher:
        yield Finding(("scoring.win_only_as_pitcher", "auction.style"), why + "; set it false")
    if rules.scoring.bidder_goes_out:
        yield Finding(("scoring.bidder_goes_out", "auction.style"), why)
    if rules.scoring.several_reach is SeveralReach.TIE_TO_PITCHER:
        yield Finding(("scoring.several_reach", "auction.style"),
                      "tie_to_pitcher " + why + "; use higher_score")
    if rules.play.first_leader is FirstLeader.PITCHER:
        yield Finding(("play.first_leader", "auction.style"),
                      "pitcher " + why + "; use left_of_dealer")
    if rules.points.undealt_jack is UndealtJack.PITCHER:
        yield Finding(("points.undealt_jack", "auction.style"), "pitcher " + why)


# ---------------------------------------------------------------------------- moon


@check
def moon_is_worth_something(rules: Rules) -> Iterator[Finding]:
    m = rules.moon
    money = rules.money.enabled
    if m.money_made and not money:
        yield Finding(("moon.money_made", "money.enabled"),
                      "is paid only in money games; set money.enabled: true")
    if m.money_failed and not money:
        yield Finding(("moon.money_failed", "money.enabled"),
                      "is paid only in money games; set money.enabled: true")
    if not m.allowed:
        return
    if m.points_made == 0 and not (money and m.money_made) and not m.made_wins_game:
        yield Finding(("moon.points_made", "moon.allowed"),
                      "a made moon is worth nothing: 0 points, no money and it does not "
                      "win the game")


# ---------------------------------------------------------------------------- scoring


@check
def scoring_method_fits(rules: Rules) -> Iterator[Finding]:
    s = rules.scoring
    if s.method is ScoringMethod.COMBINATIONS:
        if rules.has_auction:
            yield Finding(("scoring.method", "auction.style"),
                          "combinations scoring has no bid to make: it needs "
                          f"auction.style none (it is {rules.auction.style.value})")
        yield from _combination_keys(rules)
        return
    yield from _point_items(rules)


#: The named cards that only a deck with jokers has, and how many jokers each needs.
_JOKERS_NEEDED = {PointCard.JOKER: 1, PointCard.LITTLE_JOKER: 2}


def _point_items(rules: Rules) -> Iterator[Finding]:
    p = rules.points
    if not p.items:
        yield Finding(("points.items",), "no point item: a hand would score nothing")
    seen: dict[str, int] = {}
    for i, item in enumerate(p.items):
        where = f"points.items[{i}]"
        if item.name in seen:
            yield Finding((where,), f"{item.name} is listed twice (items {seen[item.name]} "
                                    f"and {i}, counting from 0): a card scores once")
        seen.setdefault(item.name, i)
        if item.card is not None and rules.deck.jokers < _JOKERS_NEEDED.get(item.card, 0):
            yield Finding((where, "deck.jokers"), _not_in_deck(item.card, rules))
        if item.point is not None and item.goes_to is not GoesTo.CAPTURER:
            yield Finding((where,), "goes_to applies to a card item; high and low have "
                                    "points.high_goes_to and points.low_goes_to")
    card = p.game_tie_card
    if p.game_tie is GameTie.HOLDER_OF_CARD:
        if card is None:
            yield Finding(("points.game_tie", "points.game_tie_card"),
                          "holder_of_card needs points.game_tie_card, the card whose holder "
                          "wins a tie for game")
        elif rules.deck.jokers < _JOKERS_NEEDED.get(card, 0):
            yield Finding(("points.game_tie_card", "deck.jokers"), _not_in_deck(card, rules))
    elif card is not None:
        yield Finding(("points.game_tie_card", "points.game_tie"),
                      "has no effect unless points.game_tie is holder_of_card")
    if not any(v for _, v in p.card_values) and p.scores("game"):
        yield Finding(("points.card_values", "points.items"),
                      "every card is worth 0 game points, so game is never scored", note=True)
    yield from _slam_and_jokers(rules)


def _slam_and_jokers(rules: Rules) -> Iterator[Finding]:
    """The slam item's requirement, and jokers as half game points, where they can act."""
    p = rules.points
    if not p.scores("slam"):
        if p.slam_requires is not MoonRequires.ALL_POINTS_AND_TRICKS:
            yield Finding(("points.slam_requires", "points.items"),
                          "has no effect unless points.items has {point: slam}")
    elif len(p.items) == 1 and p.slam_requires is not MoonRequires.ALL_TRICKS:
        yield Finding(("points.items", "points.slam_requires"),
                      "slam is the only item, so there is no other item to take: it could "
                      f"never be won with points.slam_requires {p.slam_requires.value}")
    if p.joker_game_halves:
        if not rules.deck.jokers:
            yield Finding(("points.joker_game_halves", "deck.jokers"),
                          "has no effect: the deck has no jokers (deck.jokers is 0)")
        elif not p.scores("game"):
            yield Finding(("points.joker_game_halves", "points.items"),
                          "has no effect: no {point: game} item counts game points")


def _not_in_deck(card: PointCard, rules: Rules) -> str:
    return (f"{card.value} is not in the deck: it has {rules.deck.jokers} "
            f"joker{'' if rules.deck.jokers == 1 else 's'} (deck.jokers)")


def _combination_keys(rules: Rules) -> Iterator[Finding]:
    c = rules.combinations
    seen: dict[str, str] = {}
    for key, _ in c.pairs:
        if len(key) != 2 or any(ch not in RANKS for ch in key):
            yield Finding((f"combinations.pairs.{key}",),
                          f"'{key}' is not a pair of two rank letters ({' '.join(RANKS)})")
            continue
        norm = "".join(sorted(key))
        if norm in seen:
            yield Finding((f"combinations.pairs.{key}",),
                          f"{key} is the same pair as {seen[norm]}")
        seen[norm] = key
    for key, _ in c.singles:
        if key not in RANKS:
            yield Finding((f"combinations.singles.{key}",), f"'{key}' is not a rank letter")
    if not any(v for _, v in c.singles) and not any(v for _, v in c.pairs):
        yield Finding(("combinations",), "every combination is worth 0: nobody can score")


@check
def game_can_end(rules: Rules) -> Iterator[Finding]:
    s = rules.scoring
    if s.target is None and s.hands is None and not (rules.moon.allowed
                                                      and rules.moon.made_wins_game):
        yield Finding(("scoring.target", "scoring.hands"),
                      "the game never ends by itself (no target and no number of hands): "
                      "players stop when they like"
                      + (", then settle in money" if rules.money.enabled else ""), note=True)
    if s.bidder_goes_out and s.win_only_as_pitcher and rules.has_auction:
        yield Finding(("scoring.bidder_goes_out", "scoring.win_only_as_pitcher"),
                      "has no effect with scoring.win_only_as_pitcher: only the pitcher's "
                      "side can win at the end of a hand anyway")
    if s.bidder_goes_out and s.target is None:
        yield Finding(("scoring.bidder_goes_out", "scoring.target"),
                      "has no effect without a target")
    if s.several_reach is not SeveralReach.POINT_ORDER:
        if s.target is None:
            yield Finding(("scoring.several_reach", "scoring.target"),
                          "has no effect without a target")
        elif s.win_only_as_pitcher and rules.has_auction:
            yield Finding(("scoring.several_reach", "scoring.win_only_as_pitcher"),
                          "has no effect with scoring.win_only_as_pitcher: only the "
                          "pitcher's side can win at the end of a hand anyway")
    if s.all_points_wins_game and s.method is not ScoringMethod.POINTS:
        yield Finding(("scoring.all_points_wins_game", "scoring.method"),
                      "needs point items (scoring.method points): combinations have none")


# ---------------------------------------------------------------------------- the draw


#: the draw settings that only a draw uses; with draw.discard none each must keep the
#: default ``Draw`` gives it (one place for the defaults: the dataclass)
_DRAWING_ONLY = ("hand_size", "dealer_robs", "pitcher_robs", "rest_to_partner",
                 "pack_to_partner", "give_to_partner")
_NO_DRAW = Draw()


@check
def draw_fits_the_deck(rules: Rules) -> Iterator[Finding]:
    """A kitty and a draw need cards left over; a kept hand no larger than the dealt one."""
    d = rules.draw
    n = rules.players.count
    size = deck_size(rules) - _set_aside(rules)
    per = cards_per_hand(rules)
    kitty = rules.deal.kitty
    undealt = size - n * per
    if kitty > max(undealt, 0):
        yield Finding(("deal.kitty", "deal.cards_per_hand"),
                      f"a kitty of {kitty} cards is larger than the {max(undealt, 0)} cards "
                      f"left undealt ({n} players × {per} of {size})")
    if d.discard is Discard.NONE:
        if kitty:
            yield Finding(("deal.kitty", "draw.discard"),
                          "a kitty needs a draw: with draw.discard none its taker could never "
                          "come back down to the hand size")
        for key in _DRAWING_ONLY:
            if getattr(d, key) != getattr(_NO_DRAW, key):
                yield Finding((f"draw.{key}", "draw.discard"),
                              "has no effect when draw.discard is none")
        return
    hand = per if d.hand_size is None else d.hand_size
    if hand > per:
        yield Finding(("draw.hand_size", "deal.cards_per_hand"),
                      f"players keep {hand} cards but are dealt only {per}")
    if n * hand > size:
        yield Finding(("draw.hand_size", "players.count"),
                      f"{n} players × {hand} cards kept = {n * hand} is more than the pack "
                      f"can refill from the {size} cards in the deck")
    if d.discard is Discard.DOWN_TO_HAND_SIZE and hand == per and not kitty:
        yield Finding(("draw.discard", "draw.hand_size"),
                      "down_to_hand_size discards nothing: draw.hand_size equals the "
                      f"{per} cards dealt")
    if d.discard in _DRAWS and _empty_pack(rules):
        yield Finding(("draw.discard", "deal.cards_per_hand"),
                      f"{d.discard.value} draws from the pack, but {_empty_pack(rules)}; "
                      "down_to_hand_size discards without drawing")
    if d.discard in _DRAWS[1:] and d.count > per:
        yield Finding(("draw.count", "deal.cards_per_hand"),
                      f"{d.discard.value} {d.count} cards, but each player is dealt only {per}")
    elif d.discard is Discard.UP_TO and d.count == 0:
        yield Finding(("draw.count", "draw.discard"),
                      "up_to 0 lets nobody discard a card of their choice; "
                      "down_to_hand_size discards only what must go")
    elif d.discard not in _DRAWS[1:] and d.count != Draw.count:
        yield Finding(("draw.count", "draw.discard"),
                      f"has no effect with draw.discard {d.discard.value} (only up_to and "
                      "at_least count)")


def _empty_pack(rules: Rules) -> str:
    """Why no card is left in the pack to draw or rob from ('' if some are)."""
    n, per, kitty = rules.players.count, cards_per_hand(rules), rules.deal.kitty
    size = deck_size(rules) - _set_aside(rules)
    if size - n * per - kitty != 0:
        return ""
    return (f"no card is left in it ({n} players × {per}"
            + (f" and a kitty of {kitty}" if kitty else "") + f" of {size})")


#: the discards after which the pack deals the hand back up (non_trumps, then the two
#: that read draw.count)
_DRAWS = (Discard.NON_TRUMPS, Discard.UP_TO, Discard.AT_LEAST)


@check
def draw_settings_apply(rules: Rules) -> Iterator[Finding]:
    d = rules.draw
    chosen_by = rules.trump.chosen_by
    if d.discard is Discard.NON_TRUMPS and chosen_by is TrumpChosenBy.FIRST_LEAD:
        yield Finding(("draw.discard", "trump.chosen_by"),
                      "non_trumps needs trump known before play (trump.chosen_by "
                      "pitcher_names or turned_card), not first_lead")
    if rules.play.trumps_only and chosen_by is TrumpChosenBy.FIRST_LEAD:
        yield Finding(("play.trumps_only", "trump.chosen_by"),
                      "needs trump known before play (trump.chosen_by pitcher_names or "
                      "turned_card), not first_lead")
    if rules.play.trumps_only and rules.play.stages:
        # trumps-only play deals out its tricks by who holds trumps, not in stages of
        # chosen cards: flow.begin_play would leave play.stages unread
        yield Finding(("play.trumps_only", "play.stages"),
                      "trumps-only play cannot be combined with staged play: its tricks "
                      "go on while anyone holds a trump, not in stages of chosen cards")
    if d.extra_trumps is ExtraTrumps.SHOW_AND_KEEP and not rules.play.trumps_only:
        yield Finding(("draw.extra_trumps", "play.trumps_only"),
                      "show_and_keep leaves a hand larger than the others, which needs "
                      "play.trumps_only (a player out of trumps folds)")
    if d.discard is not Discard.NONE or rules.deal.kitty:
        if rules.play.stages:
            yield Finding(("play.stages", "draw.discard"),
                          "staged play cannot be combined with a draw or a kitty")
        if rules.auction.pitch_to_bid:
            yield Finding(("auction.pitch_to_bid", "draw.discard"),
                          "a pitch during the auction leaves no time for the draw")
    if (rules.deal.kitty and rules.deal.kitty_to is KittyTo.PITCHER
            and not rules.has_auction):
        yield Finding(("deal.kitty_to", "auction.style"),
                      "the kitty cannot go to the pitcher: with auction.style none there "
                      "is no pitcher")


@check
def robbing_applies(rules: Rules) -> Iterator[Finding]:
    """Who robs the pack, and who receives what the pitcher leaves."""
    d = rules.draw
    if d.discard is Discard.NONE:
        return  # draw_fits_the_deck says these have no effect
    if d.pitcher_robs and d.dealer_robs:
        yield Finding(("draw.pitcher_robs", "draw.dealer_robs"),
                      "the pack can be robbed once: by the dealer or by the pitcher, not both")
    if d.pitcher_robs and not rules.has_auction:
        yield Finding(("draw.pitcher_robs", "auction.style"),
                      "needs an auction (auction.style is none, so there is no pitcher)")
    if d.rest_to_partner and not d.pitcher_robs:
        yield Finding(("draw.rest_to_partner", "draw.pitcher_robs"),
                      "the rest of the pack goes to the partner after the pitcher robs it: "
                      "needs draw.pitcher_robs")
    if d.pack_to_partner and not (d.pitcher_robs or d.dealer_robs):
        yield Finding(("draw.pack_to_partner", "draw.pitcher_robs"),
                      "only the player who robs the pack may pass it to a partner: needs "
                      "draw.pitcher_robs or draw.dealer_robs")
    for key, who in (("rest_to_partner", "pitcher"), ("pack_to_partner", "robber")):
        if getattr(d, key) and rules.players.partnerships is Partnerships.NONE:
            yield Finding((f"draw.{key}", "players.partnerships"),
                          f"needs fixed partnerships: with players.partnerships none the {who} "
                          "has no partner to pass the pack to")
    for key, robs in (("draw.dealer_robs", d.dealer_robs), ("draw.pitcher_robs", d.pitcher_robs)):
        if robs and _empty_pack(rules):
            yield Finding((key, "deal.cards_per_hand"),
                          f"there is no pack to rob: {_empty_pack(rules)}")


@check
def give_applies(rules: Rules) -> Iterator[Finding]:
    """The kitty's taker gives cards to its partner: it needs a kitty to give from and a
    partner to give to."""
    give = rules.draw.give_to_partner
    if not give or rules.draw.discard is Discard.NONE:
        return  # draw_fits_the_deck says it has no effect without a draw
    kitty = rules.deal.kitty
    if not kitty:
        yield Finding(("draw.give_to_partner", "deal.kitty"),
                      "needs a kitty (deal.kitty): its taker gives from what the kitty "
                      "brought")
    elif give > kitty:
        yield Finding(("draw.give_to_partner", "deal.kitty"),
                      f"the kitty's taker gives from what the kitty brought: {give} cards "
                      f"given but the kitty holds {kitty}")
    if rules.players.partnerships is Partnerships.NONE:
        yield Finding(("draw.give_to_partner", "players.partnerships"),
                      "needs fixed partnerships: with players.partnerships none the kitty's "
                      "taker has no partner to give to")


@check
def call_applies(rules: Rules) -> Iterator[Finding]:
    """Calling a partner needs a pitcher, seats for sides of their own, and hands that
    are final when the card is called."""
    c = rules.call
    if not c.partner:
        if c.own_card is not OwnCard.ALONE:
            yield Finding(("call.own_card", "call.partner"),
                          "has no effect when call.partner is false")
        return
    if rules.players.partnerships is not Partnerships.NONE:
        yield Finding(("call.partner", "players.partnerships"),
                      "a called partner needs players.partnerships none: with fixed "
                      "partnerships every player already has a partner")
    if rules.players.count < 3:
        yield Finding(("call.partner", "players.count"),
                      f"with {rules.players.count} players a called partner leaves nobody "
                      "to play against")
    if not rules.has_auction:
        yield Finding(("call.partner", "auction.style"),
                      "needs an auction (auction.style is none, so there is no pitcher to "
                      "call)")
    if rules.auction.pitch_to_bid:
        yield Finding(("call.partner", "auction.pitch_to_bid"),
                      "a pitch during the auction starts play before the pitcher could call")
    if rules.play.stages:
        yield Finding(("call.partner", "play.stages"),
                      "staged play cannot be combined with a called partner")
    if rules.scoring.method is ScoringMethod.COMBINATIONS:
        yield Finding(("call.partner", "scoring.method"),
                      "a called partner needs a bid to make: scoring.method combinations "
                      "has none")
    for key in ("rest_to_partner", "pack_to_partner"):
        if getattr(rules.draw, key):
            yield Finding((f"draw.{key}", "call.partner"),
                          "the partner is called after the draw, so the pitcher cannot pass "
                          "it the pack")


@check
def auction_forms_apply(rules: Rules) -> Iterator[Finding]:
    a = rules.auction
    if a.may_equal is not MayEqual.NONE and a.style not in (AuctionStyle.ONE_ROUND,
                                                             AuctionStyle.SELL):
        yield Finding(("auction.may_equal", "auction.style"),
                      f"{a.may_equal.value} needs style one_round or sell: bidding round and "
                      "round, equal bids could go on for ever")
    if a.style is AuctionStyle.SELL and a.pitch_to_bid:
        yield Finding(("auction.pitch_to_bid", "auction.style"),
                      "a pitch during the auction cannot be combined with selling the pitch: "
                      "the eldest answers the high bid after everyone has bid")
    if a.style is AuctionStyle.SELL and rules.players.count < 2:
        return
    if a.opening_min_bid is not None and not a.min_bid <= a.opening_min_bid <= a.max_bid:
        yield Finding(("auction.opening_min_bid", "auction.min_bid", "auction.max_bid"),
                      f"{a.opening_min_bid} is outside the bids {a.min_bid} to {a.max_bid}")
    top = rules.optional_setting("auction.opening_max_bid", int)
    if top is None:
        return
    if not a.min_bid <= top <= a.max_bid:
        yield Finding(("auction.opening_max_bid", "auction.min_bid", "auction.max_bid"),
                      f"{top} is outside the bids {a.min_bid} to {a.max_bid}")
    elif a.opening_min_bid is not None and a.opening_min_bid > top:
        yield Finding(("auction.opening_max_bid", "auction.opening_min_bid"),
                      f"the first bid must be at least {a.opening_min_bid} and at most {top}")
    elif (a.when_all_pass is WhenAllPass.DEALER_MUST_BID and a.style is not AuctionStyle.SELL
          and a.dealer_forced_bid > top):
        yield Finding(("auction.opening_max_bid", "auction.dealer_forced_bid"),
                      f"a dealer forced to open with {a.dealer_forced_bid} may open with at "
                      f"most {top}")
    if a.pitch_to_bid and top < a.max_bid:
        yield Finding(("auction.opening_max_bid", "auction.pitch_to_bid"),
                      f"a pitch bids {a.max_bid}, more than the first bid may be ({top})")


@check
def game_end_settings_apply(rules: Rules) -> Iterator[Finding]:
    s = rules.scoring
    if s.count is Count.DOWN and s.target is None:
        yield Finding(("scoring.count", "scoring.target"),
                      "counting down needs a target to count down from")
    if (s.losing_score is not None and s.minimum_score is not None
            and s.minimum_score > s.losing_score):
        yield Finding(("scoring.losing_score", "scoring.minimum_score"),
                      f"can never be reached: scores never fall below "
                      f"scoring.minimum_score ({s.minimum_score})")
    if s.win_needs_made_bid and not rules.has_auction:
        yield Finding(("scoring.win_needs_made_bid", "auction.style"),
                      "needs an auction (auction.style is none, so there is no bid)")
    if rules.moon.failed_loses_game and not rules.moon.allowed:
        yield Finding(("moon.failed_loses_game", "moon.allowed"),
                      "has no effect when moon.allowed is false")


@check
def alone_can_be_played(rules: Rules) -> Iterator[Finding]:
    """A bid to play alone (auction.alone) needs a pitcher with a partner, and play that
    can leave the partner out."""
    a = rules.auction
    if not a.alone:
        if rules.scoring.alone_made_factor != 2:
            yield Finding(("scoring.alone_made_factor", "auction.alone"),
                          "has no effect unless auction.alone is true")
        return
    if rules.players.partnerships is Partnerships.NONE:
        yield Finding(("auction.alone", "players.partnerships"),
                      "playing alone needs partners: players.partnerships is none")
    if not rules.has_auction:
        yield Finding(("auction.alone", "auction.style"),
                      "needs an auction (auction.style is none, so there is no pitcher)")
    if a.pitch_to_bid:
        yield Finding(("auction.alone", "auction.pitch_to_bid"),
                      "the pitcher answers whether it plays alone after the auction, but a "
                      "pitch to bid leads its card during the auction")
    if rules.play.stages:
        yield Finding(("auction.alone", "play.stages"),
                      "staged play has every player choose cards for each stage; a partner "
                      "sitting out has none")
