"""Rules in words: a Markdown rules sheet to print and play from, the differences between
two rule sets, and the text of a new house-rules file.

Everything here is generated from :class:`Rules` values (and the schema's descriptions),
never from a variant's name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pitchkit.cards import LITTLE_JOKER, RANKS
from pitchkit.checks import deck_size
from pitchkit.explain_draw import (
    bidding_lines,
    call_lines,
    draw_lines,
    kitty_lines,
    sell_lines,
    trumps_only_lines,
)
from pitchkit.plan import cards_per_hand, shown_card_out_of_play
from pitchkit.tricks import trump_order_for
from pitchkit.variant import (
    FORMAT,
    SECTIONS,
    AuctionStyle,
    Count,
    Direction,
    Discard,
    FirstLeader,
    Following,
    GameTie,
    GoesTo,
    JokerOrder,
    LoneTrump,
    MadeBidScores,
    MoonRequires,
    Partnerships,
    PitchedJoker,
    PointCard,
    PointItem,
    Rules,
    ScoringMethod,
    SeveralReach,
    ShownCard,
    Tie,
    TrickWinner,
    TrumpChosenBy,
    UndealtJack,
    WhenAllPass,
    rules_to_mapping,
)

_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
               "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
               "2": "two"}
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")


def _n(count: int, word: str, plural: str | None = None) -> str:
    """``_n(3, "card")`` -> ``three cards``."""
    spelled = _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)
    return f"{spelled} {word if count == 1 else (plural or word + 's')}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else word + 's'}"


def _side(rules: Rules) -> str:
    return "player" if rules.players.partnerships is Partnerships.NONE else "side"


def _after_dealer(rules: Rules) -> str:
    """Who comes after the dealer in the order of play."""
    way = "left" if rules.deal.direction is Direction.LEFT else "right"
    return f"to the dealer's {way}"


def _their_side(rules: Rules) -> str:
    return "" if _side(rules) == "player" else "'s side"


def _cents(cents: int) -> str:
    return f"${cents / 100:.2f}" if cents >= 100 else f"{cents} cents"


# ---------------------------------------------------------------------------- the sheet


def explain_rules(rules: Rules) -> str:
    """A Markdown rules sheet: every rule of ``rules`` in words, in the order of play."""
    parts = [f"# {rules.name}\n"]
    if rules.description:
        parts.append(f"{rules.description}\n")
    if rules.source:
        parts.append(f"*Source: {rules.source.rstrip('.')}.*\n")
    for title, lines in (
        ("Players and cards", _players(rules)),
        ("Dealing", _dealing(rules)),
        ("Trump", _trump(rules)),
        ("Bidding", _bidding(rules)),
        ("The draw", draw_lines(rules)),
        ("Calling a partner", call_lines(rules)),
        ("Shooting the moon", _moon(rules)),
        ("Playing the tricks", _play(rules)),
        ("Points", _points(rules)),
        ("Combinations", _combinations(rules)),
        ("Scoring a hand", _scoring(rules)),
        ("Winning", _winning(rules)),
        ("Money", _money(rules)),
    ):
        body = list(lines)
        if body:
            parts.append(f"## {title}\n")
            parts.append("".join(f"\n{line}\n" if line.startswith("|") else f"- {line}\n"
                                 for line in body))
    return "\n".join(parts)


def _players(rules: Rules) -> Iterator[str]:
    p = rules.players
    if p.partnerships is Partnerships.NONE:
        yield f"{_n(p.count, 'player').capitalize()}, each playing for themselves."
    else:
        teams, size = (int(x) for x in p.partnerships.value.split("x"))
        seats = "; ".join(
            " and ".join(str(s + 1) for s in range(t, p.count, teams)) for t in range(teams))
        yield (f"{_n(p.count, 'player').capitalize()} in {_n(teams, 'team')} of {size}, "
               f"partners sitting alternately (seats {seats}). Partners share one score.")
    d = rules.deck
    plain = len(d.cards()) - d.jokers
    if plain == 52:
        deck = "A standard 52-card deck, ace high and two low"
    else:
        ranks = ", ".join(_RANK_WORDS[r] for r in d.ranks)
        deck = f"A {plain}-card deck: {ranks} in each suit, ranking in that order"
        if d.without:
            deck += f", without {', '.join(d.without)}"
    if rules.deck.jokers == 1:
        deck += ", plus one joker (always a trump)"
    elif rules.deck.jokers == 2:
        deck += ", plus two jokers (always trumps)"
    yield deck + "."


def _trump_card_word(card: int, trump: int, equal_jokers: bool, one_joker: bool) -> str:
    if card >= 52:
        if equal_jokers or one_joker:
            return "joker"
        return "big joker" if card == 52 else "little joker"
    word = _RANK_WORDS[RANKS[card % 13]]
    if card // 13 == trump:
        return word
    return {"jack": "off-jack", "five": "off-five"}[word]


def trump_order_words(rules: Rules) -> str:
    """The trump order in words, highest first, from the engine's own definition
    (:func:`pitchkit.tricks.trump_order_for`)."""
    equal = rules.deck.jokers == 2 and rules.trump.joker_order is JokerOrder.FIRST_PLAYED_HIGHER
    in_deck = set(rules.deck.cards())  # spades as trump, as the deck has them
    one = rules.deck.jokers == 1
    words = [_trump_card_word(c, 0, equal, one) for c in trump_order_for(rules, 0)
             if c in in_deck and not (equal and c == LITTLE_JOKER)]
    return ", ".join("the two jokers (equal)" if w == "joker" and equal else w
                     for w in words)


def _trump_order(rules: Rules) -> Iterator[str]:
    plain = (not rules.off_jack_is_trump and not rules.trump.off_five
             and not rules.deck.jokers)
    if plain:
        return
    yield f"Trumps rank, highest first: {trump_order_words(rules)}."
    extra = []
    if rules.off_jack_is_trump:
        extra.append("the off-jack is the jack of the other suit of trump's colour "
                     "(jick); it belongs to the trump suit for the hand")
    if rules.trump.off_five:
        extra.append("the off-five is the five of the other suit of trump's colour; it "
                     "belongs to the trump suit for the hand")
    if rules.deck.jokers == 2 and rules.trump.joker_order is JokerOrder.FIRST_PLAYED_HIGHER:
        extra.append("the two jokers are identical: when both fall in one trick, the one "
                     "played first beats the other")
    elif rules.deck.jokers == 2:
        extra.append("the big joker beats the little joker")
    if extra:
        text = "; ".join(extra)
        yield text[0].upper() + text[1:] + "."


def _dealing(rules: Rules) -> Iterator[str]:
    d = rules.deal
    way = "left (clockwise)" if d.direction is Direction.LEFT else "right (anticlockwise)"
    first = ("The first dealer is drawn at random" if d.first_dealer == "random"
             else f"Seat {int(d.first_dealer) + 1} (first_dealer: {d.first_dealer}, counting "
             "from 0) deals first")
    yield f"{first}; after each hand the deal passes to the {way}."
    per = cards_per_hand(rules)
    packets = (f"{_n(d.packet_size, 'card')} at a time" if d.packet_size > 1
               else "one card at a time")
    left = (deck_size(rules) - shown_card_out_of_play(rules)
            - per * rules.players.count - d.kitty)
    if d.cards_per_hand == "all":
        text = f"The whole deck is dealt out evenly, {packets}: {_n(per, 'card')} each"
    else:
        text = f"Deal {_n(per, 'card')} to each player, {packets}"
    text += f"; {_n(left, 'card')} stay undealt." if left else "."
    yield text
    yield from kitty_lines(rules)
    if d.weak_hand_below is None:
        return
    word = _RANK_WORDS[d.weak_hand_below]
    rank = ("an " if word[0] in "aeiou" else "a ") + word
    # deal.weak_hand_strong_ranks: lower ranks that keep a hand too
    kept = ["a joker"] * bool(rules.deck.jokers) + [
        "a " + _RANK_WORDS[r] for r in _RANK_WORDS
        if r in {str(v) for v in rules.setting("deal.weak_hand_strong_ranks", tuple)}]
    joker = f" ({' or '.join(kept)} counts as high)" if kept else ""
    if rules.setting("deal.weak_hand_misdeal", bool):
        yield (f"A player dealt no card as high as {rank}{joker} may call a misdeal before "
               "the bidding (`throw in`): nobody scores and the same dealer shuffles and "
               "deals again; or keep the hand (`keep hand`). Each such player chooses in "
               "turn from the dealer's left.")
    else:
        yield (f"A player dealt no card as high as {rank}{joker} may throw it in before "
               f"the bidding (`throw in`): the hand is shown and its holder is dealt "
               f"{_n(per, 'new card')} from the undealt cards, and may throw in again while "
               "the new hand is that weak and enough cards are left; or keep it (`keep "
               "hand`). Each such player chooses in turn from the dealer's left. The shown "
               "cards are out of play for the hand"
               + (" (under the pack)." if rules.draw.discard is not Discard.NONE
                  or rules.deal.kitty else "."))


def _trump(rules: Rules) -> Iterator[str]:
    t = rules.trump.chosen_by
    leader = "pitcher" if rules.has_auction else "first leader"
    if t is TrumpChosenBy.FIRST_LEAD:
        text = f"The suit of the {leader}'s first card is trump for the whole hand."
        if rules.deck.jokers and rules.trump.pitched_joker is PitchedJoker.MAKES_SPADES:
            text += " A joker may be that first card: then spades are trump."
        elif rules.deck.jokers:
            text += (" A joker may not be that first card unless the hand holds nothing "
                     "else; then the first plain card played to the trick sets trump.")
        yield text
    elif t is TrumpChosenBy.PITCHER_NAMES:
        yield "The pitcher names the trump suit before leading."
    else:
        back = ("then it goes back into the middle of the deck and is dealt like any other"
                if rules.trump.shown_card is ShownCard.RETURNED
                else "it is set aside and takes no part in the hand")
        yield (f"Before the deal, after a thorough shuffle, a card is drawn from the middle "
               f"of the deck and shown: its suit is trump; {back}.")
        if rules.deck.jokers:
            yield "A joker drawn names no suit: it is passed over and the next card down is drawn."
    yield from _trump_order(rules)


def _bidding(rules: Rules) -> Iterator[str]:
    a = rules.auction
    if a.style is AuctionStyle.NONE:
        return
    if a.style is AuctionStyle.SELL:
        yield from sell_lines(rules)
    elif a.style is AuctionStyle.ONE_ROUND:
        yield (f"Starting {_after_dealer(rules)}, each player has one chance to bid or pass; "
               "the dealer bids last.")
    else:
        yield (f"Starting {_after_dealer(rules)}, bidding goes round and round until all but "
               "one have passed; a player who passes is out.")
    bids = f"Bids are {a.min_bid} to {a.max_bid}" if a.min_bid < a.max_bid \
        else f"The only bid is {a.min_bid}"
    yield bids + ("; each bid must be higher than the last." if a.min_bid < a.max_bid else ".")
    if rules.moon.allowed:
        yield f"Above {a.max_bid} a player may bid the moon (see below); it ends the bidding."
    if a.pitch_to_bid:
        yield (f"A player may bid {a.max_bid} by pitching a card at once, face up: that ends "
               "the bidding, and the card is the opening lead.")
    if a.style is AuctionStyle.SELL and a.when_all_pass is WhenAllPass.DEALER_MUST_BID:
        pass  # the eldest pitches: said with the sale
    elif a.when_all_pass is WhenAllPass.DEALER_MUST_BID:
        yield ("If everyone before the dealer passes, the dealer must bid "
               + ("exactly " if a.dealer_forced_bid_exact else "at least ")
               + f"{a.dealer_forced_bid}.")
    elif a.when_all_pass is WhenAllPass.REDEAL:
        yield "If everyone passes, the hand is thrown in and the next dealer deals."
    elif a.when_all_pass is WhenAllPass.SAME_DEALER_REDEALS:
        yield "If everyone passes, the hand is thrown in and the same dealer deals again."
    else:
        yield (f"If everyone passes, the hand is not played: the dealer{_their_side(rules)} "
               f"is set back {_plural(a.dealer_forced_bid, 'point')}, and the next dealer "
               "deals.")
    if a.dealer_may_steal:
        text = "The dealer may steal the bid by bidding equal to the high bid instead of higher"
        text += (f", even a {a.max_bid}" if a.dealer_may_steal_max
                 else f", except over a {a.max_bid}")
        if rules.moon.allowed:
            text += "; a moon cannot be stolen"
        yield text + "."
    yield from bidding_lines(rules)
    if a.style is not AuctionStyle.SELL:  # sell_lines say who pitches
        yield "The player who wins the bidding is the pitcher."
    if a.alone:
        factor = rules.scoring.alone_made_factor
        score = {1: "as any other", 2: "double its points"}.get(factor,
                                                                 f"{factor} times its points")
        yield ("The pitcher then says whether it goes alone: if so, its partner"
               + ("s lay" if rules.players.count // rules.players.teams > 2 else " lays")
               + " their cards aside for the hand, out of play, and the others play the "
               f"tricks. A contract made alone scores {score}; a set is set back "
               "as usual.")


def _moon(rules: Rules) -> Iterator[str]:
    m = rules.moon
    if not m.allowed or not rules.has_auction:
        return
    need = {MoonRequires.ALL_POINTS_AND_TRICKS: "every point and every trick",
            MoonRequires.ALL_POINTS: "every point", MoonRequires.ALL_TRICKS: "every trick"}
    yield (f"Shooting the moon is a bid to take {need[m.requires]}. It is made only when it "
           f"was bid, never by taking everything on a lower bid.")
    made = (f"scores {_plural(m.points_made, 'point')}" if m.points_made is not None
            else "scores the points won, like any bid")
    yield (f"A made moon {made}" + (" and wins the game at once" if m.made_wins_game else "")
           + f"; a failed moon loses {_plural(m.points_failed, 'point')}.")
    if rules.money.enabled and (m.money_made or m.money_failed):
        yield (f"In money: a made moon collects {_cents(m.money_made)} from every other "
               f"player; a failed moon pays {_cents(m.money_failed)} to every other player.")


def _play(rules: Rules) -> Iterator[str]:
    p = rules.play
    if p.first_leader is FirstLeader.PITCHER and rules.has_auction:
        yield "The pitcher leads the first trick."
    else:
        yield f"The player {_after_dealer(rules)} leads the first trick."
    if p.first_lead_must_be_trump:
        yield "The first lead must be a trump."
    if p.never_lead_joker and rules.deck.jokers:
        yield "A player never leads a joker when able to lead another card."
    yield {
        Following.FOLLOW_OR_TRUMP: "A player who can follow suit must either follow or trump; "
                                   "a player who cannot may play any card.",
        Following.MUST_FOLLOW: "A player must follow suit if able; otherwise any card.",
        Following.MUST_FOLLOW_THEN_TRUMP: "A player must follow suit if able; if not, must "
                                          "play a trump if able; otherwise any card.",
        Following.ANY_CARD: "Any card may be played at any time.",
    }[p.following]
    if p.trick_winner is TrickWinner.HIGHEST_TRUMP:
        yield "The highest trump wins the trick; if none, the highest card of the suit led."
    else:
        yield ("Only the highest card of the suit led wins the trick: a trump wins only when "
               "trumps were led.")
    yield "The winner of a trick leads the next."
    yield from trumps_only_lines(rules)
    if p.stages:
        played = sum(p.stages)
        left = cards_per_hand(rules) - played
        yield (f"The hand is played in {_n(len(p.stages), 'stage')} of "
               f"{', '.join(map(str, p.stages))} cards. At the start of each stage every player "
               "chooses that many of their unplayed cards and plays only those in the stage; "
               "the winner of a stage's last trick leads the next stage."
               + (f" The {_n(left, 'card')} never chosen take no part." if left > 0 else ""))


_POINT_TITLES = {"high": "High", "low": "Low", "jack": "Jack", "jick": "Jick", "ten": "Ten",
                 "game": "Game", "last_trick": "Last trick", "high_spade": "High spade",
                 "slam": "Slam"}
#: What each named card is, in words.
_CARD_WORDS = {
    PointCard.OFF_FIVE: "the off-five (the five of the other suit of trump's colour)",
    PointCard.JOKER: "the big joker",
    PointCard.LITTLE_JOKER: "the little joker",
}


def card_words(card: PointCard) -> str:
    """``five_of_trumps`` -> ``the five of trumps``."""
    return _CARD_WORDS.get(card, "the " + card.value.replace("_", " "))


def _title(item: PointItem, jokers: int) -> str:
    if item.point is not None:
        return _POINT_TITLES[item.point.value]
    if item.card is PointCard.JOKER and jokers == 1:
        return "Joker"
    words = card_words(item.card) if item.card is not None else ""
    return words.split(" (")[0].removeprefix("the ").capitalize()


def _goes(goes: GoesTo, whom: str, what: str) -> str:
    """``goes to the player who captures the five of trumps``, in words."""
    if goes is GoesTo.CAPTURER:
        return f"goes to the {whom} captures {what} in a trick"
    if goes is GoesTo.HOLDER:
        return f"goes to the {whom} held (was dealt) {what}"
    player = "player who" if whom == "player who" else "side of the player who"
    return (f"goes to the {player} played {what} to a trick (nobody when it was never "
            "played)")


def _point_sentence(rules: Rules, item: PointItem) -> str:
    p, side = rules.points, _side(rules)
    whom = "player who" if side == "player" else "side that"
    name = item.name
    if item.card is not None:
        what = ("the joker" if item.card is PointCard.JOKER and rules.deck.jokers == 1
                else card_words(item.card))
        return f"{_title(item, rules.deck.jokers)} {_goes(item.goes_to, whom, what)}."
    if name in ("high", "low"):
        goes = p.high_goes_to if name == "high" else p.low_goes_to
        which = "highest" if name == "high" else "lowest"
        what = f"the {which} trump in play"
        return f"{_title(item, rules.deck.jokers)} {_goes(goes, whom, what)}."
    if name == "jack":
        undealt = ("if it was not dealt, nobody scores it" if p.undealt_jack is UndealtJack.NO_POINT
                   else f"if it was not dealt, the pitcher{_their_side(rules)} scores it")
        return f"Jack goes to the {whom} captures the jack of trumps; {undealt}."
    if name == "jick":
        if rules.off_jack_is_trump:  # the trump section says what it is
            return f"Jick goes to the {whom} captures the off-jack."
        # rule: trump.off_jack false: the off-jack scores but is no trump
        return (f"Jick goes to the {whom} captures the off-jack, the jack of the other "
                "suit of trump's colour; it is not a trump and stays in its own suit.")
    if name == "ten":
        return f"Ten goes to the {whom} captures the ten of trumps."
    if name == "last_trick":
        return f"Last trick goes to the {whom} wins the last trick."
    if name == "high_spade":
        return (f"High spade goes to the {whom} captures the highest spade in play, "
                "whatever the trump (with spades trump, the same card as high).")
    if name == "slam":
        needs = {MoonRequires.ALL_POINTS_AND_TRICKS: "every other point and every trick",
                 MoonRequires.ALL_POINTS: "every other point",
                 MoonRequires.ALL_TRICKS: "every trick"}[p.slam_requires]
        nobody = ("; a point nobody won (the jack not dealt) means no slam"
                  if p.slam_requires is not MoonRequires.ALL_TRICKS else "")
        return (f"Slam goes to the {side} that takes {needs} of the hand, pitcher or not "
                f"(a point for taking everything){nobody}.")
    values = ", ".join(f"{_RANK_WORDS[r]} {v}" for r, v in sorted(
        p.card_values, key=lambda rv: -rv[1]) if v)
    holder = card_words(p.game_tie_card) if p.game_tie_card is not None else "a named card"
    tie = {GameTie.NOBODY: "a tie for game scores nobody",
           GameTie.ELDER_HAND: f"a tie for game goes to the tied {side} seated first after "
                               "the dealer",
           GameTie.SPLIT: f"a tie for game gives each tied {side} its points",
           GameTie.HOLDER_OF_CARD: f"a tie for game goes to the tied {side} that held "
                                   f"(was dealt) {holder}, else to nobody",
           }[p.game_tie]
    jokers = ""
    if p.joker_game_halves:
        worth = p.joker_game_halves
        jokers = (f", each joker {worth // 2}{' and a half' if worth % 2 else ''}"
                  if worth > 1 else ", each joker half a point")
    return (f"Game goes to the {side} with the most game points in the cards they captured "
            f"({values}{jokers}; other cards 0); {tie}.")


def _points(rules: Rules) -> Iterator[str]:
    if rules.scoring.method is not ScoringMethod.POINTS:
        return
    items = rules.points.items
    total = sum(item.value for item in items)
    if all(item.value == 1 for item in items):
        yield f"Each hand has {_n(len(items), 'point')}, each worth 1, counted in this order:"
    else:
        yield (f"Each hand has {_n(len(items), 'point item')}, worth {total} points in all, "
               "counted in this order:")
    for item in items:
        title = _title(item, rules.deck.jokers)
        worth = "" if all(i.value == 1 for i in items) else f" ({_plural(item.value, 'point')})"
        yield f"**{title}**{worth}" + _point_sentence(rules, item)[len(title):]
    names = rules.point_names()
    if "high" in names and "low" in names:
        if rules.points.lone_trump is LoneTrump.HIGH_AND_LOW:
            yield ("When only one trump is in play it counts as both high and low "
                   + ("(2 points, 3 when it is the jack)." if _plain_values(rules)
                      else "(both items, and jack too when it is the jack)."))
        else:
            yield "When only one trump is in play it counts as high only."


def _plain_values(rules: Rules) -> bool:
    return all(item.value == 1 for item in rules.points.items)


def _combinations(rules: Rules) -> Iterator[str]:
    if rules.scoring.method is not ScoringMethod.COMBINATIONS:
        return
    c = rules.combinations
    yield (f"After the last trick each player chooses the best {_n(c.keep, 'card')} among the "
           "cards they captured and scores the combinations in them:")
    yield "|combination|points|\n|---|---|\n" + "".join(
        f"|{_pair_words(k)}|{v}|\n" for k, v in c.pairs if v) + "".join(
        f"|any {_RANK_WORDS[k]}|{v}|\n" for k, v in c.singles if v)
    reusable = [_RANK_WORDS[r] for r in c.reusable]
    if reusable:
        article = "an" if reusable[0][0] in "aeiou" else "a"
        yield (f"Each card counts once, alone or in one pair, except {article} "
               f"{' or '.join(reusable)}, "
               "which counts on its own and again in a pair with each card it pairs with.")
    else:
        yield "Each card counts once, alone or in one pair."


def _pair_words(pair: str) -> str:
    a, b = pair[0], pair[1]
    if a == b:
        return f"two {_RANK_WORDS[a]}s"
    return f"{_RANK_WORDS[a]} and {_RANK_WORDS[b]}"


def _scoring(rules: Rules) -> Iterator[str]:
    s = rules.scoring
    if s.method is ScoringMethod.COMBINATIONS:
        yield "Each player scores their combinations."
    elif rules.has_auction:
        made = ("scores all the points won (which may be more than the bid)"
                if s.made_bid_scores is MadeBidScores.POINTS_WON else "scores only the bid")
        wins = ("A pitcher who wins" if _side(rules) == "player"
                else "A pitcher whose side wins")
        yield f"{wins} at least the bid in points {made}."
        lost = ("the bid is subtracted" if s.set_back == "bid"
                else f"{_plural(int(s.set_back), 'point')} "
                     f"{'is' if s.set_back == 1 else 'are'} subtracted")
        yield (f"A pitcher who falls short is set back: nothing won is scored, and {lost}"
               f"{' from the side' if _side(rules) == 'side' else ''}.")
        yield (f"The other {_side(rules)}s score the points they won." if s.opponents_score
               else f"The other {_side(rules)}s score nothing.")
    else:
        yield f"Each {_side(rules)} scores the points they won."
    if s.method is ScoringMethod.COMBINATIONS:
        return
    if s.minimum_score is None:
        yield "Scores may go below zero."
    elif s.minimum_score == 0:
        yield "Scores never go below zero."
    else:
        yield f"Scores never go below {s.minimum_score}."


def _winning(rules: Rules) -> Iterator[str]:
    s = rules.scoring
    side = _side(rules)
    if s.target is not None:
        text = f"The first {side} to reach {s.target} points wins"
        if s.win_only_as_pitcher and rules.has_auction:
            who = "they were" if side == "player" else "one of its players was"
            text += (f", but only at the end of a hand in which {who} the pitcher; so the "
                     "winner may have fewer points than a loser")
        yield text + "."
        only_pitcher = s.win_only_as_pitcher and rules.has_auction
        if s.bidder_goes_out and rules.has_auction and not only_pitcher:
            yield (f"When several {side}s reach {s.target} in the same hand, the pitcher's side "
                   "wins if it is among them.")
        several = s.several_reach
        if rules.scoring.method is not ScoringMethod.POINTS and several is SeveralReach.POINT_ORDER:
            several = SeveralReach.HIGHER_SCORE  # no items to count: the higher score
        if not only_pitcher:
            when = (f"When several {side}s reach {s.target} in the same hand"
                    + (" and the pitcher's is not among them" if s.bidder_goes_out else ""))
            if several is SeveralReach.POINT_ORDER:
                already = (f"; a {side} already at {s.target} before the hand, after a tie "
                           "played on, counts as reaching it on the first point"
                           if s.tie is Tie.ANOTHER_HAND else "")
                yield (when + f", the points are counted again one by one in the order above "
                       f"and the first {side} to reach {s.target} wins (if they reach it on "
                       f"the same point, the higher score wins{already}).")
            elif several is SeveralReach.HIGHER_SCORE:
                yield when + ", the higher score wins; equal scores are a tie."
            elif rules.has_auction:
                yield (when + ", the higher score wins; with equal scores the pitcher's "
                       f"{side} wins if it is one of them.")
            else:
                yield when + ", the higher score wins; equal scores are a tie."
    if s.all_points_wins_game and rules.scoring.method is ScoringMethod.POINTS:
        yield (f"A {side} that takes every point of a hand wins the game at once, "
               "whoever pitched.")
    if rules.moon.allowed and rules.moon.made_wins_game and rules.has_auction:
        yield "A made moon wins the game at once."
    if s.count is Count.DOWN and s.target is not None:
        yield (f"Scores count down: each {side} starts at {s.target} and every point won "
               f"takes one off; reaching 0 is reaching the target.")
    if s.win_needs_made_bid and rules.has_auction:
        yield f"A pitcher{_their_side(rules)} that is set cannot win at the end of that hand."
    losers = []
    if s.losing_score is not None:
        if s.count is Count.DOWN and s.target is not None:
            # the losing score is read on the scores counted up (pitchkit.settle)
            losers.append(f"a {side} whose score counted up falls to {s.losing_score} or "
                          f"below (shown as {s.target - s.losing_score} or more, counting "
                          f"down) loses")
        else:
            losers.append(f"a {side} whose score falls to {s.losing_score} or below loses")
    if rules.moon.allowed and rules.moon.failed_loses_game and rules.has_auction:
        losers.append(f"a failed moon loses the game for the shooter{_their_side(rules)}")
    if losers:
        text = "; ".join(losers)
        yield (text[0].upper() + text[1:] + f": the game ends and the highest score among "
               f"the other {side}s wins.")
    if s.hands is not None:
        yield (f"The game is {_n(s.hands, 'hand')}; then the highest score wins."
               if s.target is None else
               f"The game ends after at most {_n(s.hands, 'hand')}; then the highest score wins.")
    if s.target is None and s.hands is None:
        yield "There is no target: play as long as you like."
    only_pitcher = s.win_only_as_pitcher and rules.has_auction
    can_tie = s.hands is not None or (s.target is not None and not only_pitcher)
    if can_tie:  # a game won only by the pitcher's side, or never ended, cannot end tied
        yield {Tie.DRAW: "A tie for the highest score is a draw.",
               Tie.REPLAY: "A tie for the highest score is a draw, and a new game is played "
                           "to decide it.",
               Tie.ANOTHER_HAND: "A tie for the highest score is broken by playing another "
                                 "hand, and another, until it is broken."}[s.tie]


def _money(rules: Rules) -> Iterator[str]:
    m = rules.money
    if not m.enabled:
        return
    yield (f"Settle in money: each player receives {_cents(m.cents_per_point)} for every point "
           f"above the average of all players' scores, or pays {_cents(m.cents_per_point)} "
           "for every point below it.")
    yield ("Players may join or leave between hands; a player who leaves is settled then, the "
           "rest when the game ends.")
    yield ("When players come and go, each stretch of hands played by the same players is "
           "settled against that stretch's average, in whole cents, so the money always adds "
           "up to zero.")


# ---------------------------------------------------------------------------- differences


def _schema_properties() -> dict[str, Any]:
    from pitchkit.load import load_schema

    props: dict[str, Any] = load_schema()["properties"]
    return props


def _enum_meaning(description: str, value: str, choices: list[str]) -> str:
    """The part of a schema description that explains one enum value (``value: ...``)."""
    start = description.find(f"{value}:")
    if start < 0:
        return ""
    end = len(description)
    for other in choices:
        i = description.find(f"{other}:", start + len(value) + 1)
        if other != value and 0 <= i < end:
            end = i
    return description[start + len(value) + 1:end].strip().rstrip(".")


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(map(str, value)) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    return str(value)


def describe_differences(a: Rules, b: Rules, label_a: str = "A", label_b: str = "B") -> list[str]:
    """One sentence per setting whose value differs between ``a`` and ``b``."""
    ma, mb = rules_to_mapping(a), rules_to_mapping(b)
    props = _schema_properties()
    out = []
    for key in ("name", "description", "source"):
        if ma[key] != mb[key] and key == "name":
            out.append(f"Name: {ma[key]} in {label_a}, {mb[key]} in {label_b}.")
    for section in SECTIONS:
        sec_schema = props[section]["properties"]
        for key, va in ma[section].items():
            vb = mb[section][key]
            if va == vb:
                continue
            schema = sec_schema[key]
            description = schema.get("description", "")
            what = description.split(". ")[0].split(": ")[0].rstrip(".")
            line = f"{section}.{key}"
            if "enum" in schema and isinstance(va, str) and isinstance(vb, str):
                choices = [str(c) for c in schema["enum"]]
                ma_text = _enum_meaning(description, va, choices)
                mb_text = _enum_meaning(description, vb, choices)
                line += (f": {label_a} has {va}" + (f" ({ma_text})" if ma_text else "")
                         + f"; {label_b} has {vb}" + (f" ({mb_text})" if mb_text else "") + ".")
            else:
                line += (f" ({what[:1].lower() + what[1:]}): {_value_words(va)} in {label_a}, "
                         f"{_value_words(vb)} in {label_b}.")
            out.append(line)
    return out


# ---------------------------------------------------------------------------- new file


#: The settings house rules change most often, in the order a new file lists them.
COMMON_SETTINGS: tuple[tuple[str, str], ...] = (
    ("players", "count"), ("players", "partnerships"), ("deal", "cards_per_hand"),
    ("trump", "chosen_by"), ("auction", "style"), ("auction", "min_bid"),
    ("auction", "when_all_pass"), ("auction", "dealer_may_steal"), ("moon", "allowed"),
    ("play", "following"), ("points", "high_goes_to"), ("points", "low_goes_to"),
    ("points", "game_tie"), ("points", "items"), ("deck", "jokers"), ("scoring", "target"),
    ("scoring", "minimum_score"),
    ("scoring", "win_only_as_pitcher"), ("money", "enabled"),
)

#: The same for variants scored by combinations (no auction, no points).
COMMON_COMBINATION_SETTINGS: tuple[tuple[str, str], ...] = (
    ("players", "count"), ("deal", "cards_per_hand"), ("trump", "shown_card"),
    ("play", "following"), ("play", "trick_winner"), ("play", "stages"),
    ("combinations", "keep"), ("combinations", "reusable"), ("scoring", "hands"),
    ("scoring", "tie"),
)


def _choices(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return ", ".join(str(v) for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(_alt(s) for s in schema["oneOf"])
    types = schema.get("type")
    if types == "boolean":
        return "true or false"
    if types == "array":
        items = schema["items"]
        if "oneOf" in items:
            return "a list of {point: RULE} or {card: CARD, value: N} (see the schema)"
        if "enum" in items:
            return "a list of " + ", ".join(str(v) for v in items["enum"])
        return f"a list of numbers {items.get('minimum', '')} to {items.get('maximum', '')}"
    text = "a whole number"
    if "minimum" in schema and "maximum" in schema:
        text = f"{schema['minimum']} to {schema['maximum']}"
    if isinstance(types, list) and "null" in types:
        text += ", or null for none"
    return text


def _alt(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return str(schema["const"])
    return f"{schema.get('minimum', '')} to {schema.get('maximum', '')}"


def _yaml_scalar(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_yaml_scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_yaml_scalar(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def new_variant_text(rules: Rules, base: str, name: str, sets: list[str],
                     schema_ref: str = "") -> str:
    """A house-rules file that extends ``base``: the settings players change most often,
    as comments showing the base's value and the choices, ``sets`` written out for real."""
    from pitchkit.load import parse_override

    given: dict[str, dict[str, Any]] = {}
    for text in sets:
        path, value = parse_override(text)
        if len(path) == 2:
            given.setdefault(path[0], {})[path[1]] = value
    mapping = rules_to_mapping(rules)
    props = _schema_properties()
    lines = []
    if schema_ref:
        lines.append(f"# yaml-language-server: $schema={schema_ref}")
    lines += [
        f"# House rules: {base} with our changes. Only what differs from {base} goes here;",
        "# to change a setting, remove the '# ' in front of it (and of its section) and edit",
        "# the value. Check with `pitchkit validate FILE`; print the rules sheet with",
        "# `pitchkit explain FILE`.",
        f"format: {FORMAT}",
        f"name: {name}",
        f"description: House rules based on {base}.",
        "source: Our house rules.",
        f"extends: {base}",
    ]
    by_section: dict[str, list[str]] = {}
    common = (COMMON_COMBINATION_SETTINGS if rules.scoring.method is ScoringMethod.COMBINATIONS
              else COMMON_SETTINGS)
    for section, key in common:
        if key in given.get(section, {}):
            continue
        schema = props[section]["properties"][key]
        value = _yaml_scalar(mapping[section][key])
        by_section.setdefault(section, []).append(
            f"  # {key}: {value}".ljust(34) + f"  # {_choices(schema)}")
    for section in SECTIONS:
        real = given.get(section, {})
        commented = by_section.get(section, [])
        if not real and not commented:
            continue
        lines.append(f"{section}:" if real else f"# {section}:")
        lines += [f"  {k}: {_yaml_scalar(v)}" for k, v in real.items()]
        lines += commented
    for section, values in given.items():
        if section not in SECTIONS:
            lines.append(f"{section}: {_yaml_scalar(values)}")
    return "\n".join(lines) + "\n"
