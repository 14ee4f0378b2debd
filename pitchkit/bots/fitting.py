"""How a :class:`~pitchkit.bots.value.Calibration` is learned from the hands of its
self-play (:mod:`pitchkit.bots.calibrating`): each item's chance per feature value, and
per band of the estimate and per bid the tables the bids read (score change, chance to
make, points, a refused sale, not pitching, moons), smoothed over neighbouring bands and,
where more of a hand can only help, made non-decreasing in the estimate; and the points
per bid level from whole games (:func:`learn_points_at`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pitchkit.bots.value import (
    FEATURE_SIZES,
    MOON_KEYS,
    STATES,
    Calibration,
    Item,
    Table,
    best_estimate,
    buckets,
    hand_sides,
    moon_key,
    point_items,
    rules_hash,
    top_bid,
)
from pitchkit.scoring import score_points, scoring_plan
from pitchkit.variant import Rules, WhenAllPass

#: Pseudo-counts pulling a rarely seen feature value towards the item's overall rate.
PRIOR_WEIGHT = 4.0
#: Hands a band of the estimate needs before it stops borrowing from its neighbours.
BAND_HANDS = 60
#: Hands' worth of weight all rounds' value of a band gives its value in the calibrated
#: bot's own rounds (a band those rounds seldom pitched keeps the pooled value).
OWN_PRIOR = 60.0
#: Standard errors apart at which a band's share of contracts made at a bid in the
#: calibrated bot's own rounds and in the heuristic's round count as different.
APART_Z = 4.0
#: Hands' worth of weight the contracts of one bid level give the band's all-level value.
LEVEL_PRIOR = 20.0
#: Bands of the estimate across the items' total (each at least a quarter point wide).
BANDS = 32
#: One calibration hand: what each seat held when it bid, the hand's result, the side of
#: each seat by the seating (a called partner's: :func:`~pitchkit.bots.value.hand_sides`), the seat
#: that sold the pitch with its price (None, 0: no sale), whether the eldest refused to sell
#: (``auction.style: sell``: it pitches for the high bid), and per seat the
#: :func:`~pitchkit.bots.value.auction_state` at its last bid.
Record = tuple[tuple[int, ...], Any, tuple[int, ...], int | None, int, bool,
                tuple[tuple[int, int], ...]]


def relative_change(changes: Sequence[float], team_of: tuple[int, ...], side: int) -> float:
    """The score change of ``side`` minus the mean change of the other sides."""
    by_side: dict[int, float] = {}
    for seat, change in enumerate(changes):
        by_side.setdefault(team_of[seat], change)
    others = [c for sd, c in by_side.items() if sd != side]
    return by_side[side] - (sum(others) / len(others) if others else 0.0)


def _item_chances(rules: Rules, items: tuple[Item, ...], records: Sequence[Record]
                  ) -> tuple[tuple[tuple[float, ...], ...], float]:
    """Each item's chance per feature value, pulled towards its overall rate; and the
    mean points awarded in a hand."""
    taken = [[0.0] * FEATURE_SIZES[i.kind] for i in items]
    seen = [[0] * FEATURE_SIZES[i.kind] for i in items]
    awarded = 0.0
    for held, result, seating, _, _, _, _ in records:
        team = hand_sides(seating, result)  # a called partner's points are the side's
        side = team[result.pitcher]
        for i, b in enumerate(buckets(items, rules, held[result.pitcher], result.trump)):
            credited = result.points.get(items[i].name, ())
            seen[i][b] += 1
            if any(team[s] == side for s in credited):
                taken[i][b] += 1
            if credited:
                awarded += items[i].value
    chances = []
    for i, item in enumerate(items):
        overall = (sum(taken[i]) + 1) / (sum(seen[i]) + 2)
        # a rare feature value leans on the rate of hands with as many trumps (itself
        # leaning on the overall rate): a hand's trumps matter most
        by_trumps_taken = [0.0] * 5
        by_trumps_seen = [0] * 5
        for b in range(len(seen[i])):
            by_trumps_taken[_trumps_of(item.kind, b)] += taken[i][b]
            by_trumps_seen[_trumps_of(item.kind, b)] += seen[i][b]
        prior = [(by_trumps_taken[n] + PRIOR_WEIGHT * overall)
                 / (by_trumps_seen[n] + PRIOR_WEIGHT) for n in range(5)]
        chances.append(tuple(
            (taken[i][b] + PRIOR_WEIGHT * prior[_trumps_of(item.kind, b)])
            / (seen[i][b] + PRIOR_WEIGHT) for b in range(len(seen[i]))))
    return tuple(chances), awarded / len(records) if records else 0.0


def _trumps_of(kind: str, feature: int) -> int:
    """The trumps held (0..4, 4: four or more) that the feature value ``feature`` of an
    item of ``kind`` records (see :func:`~pitchkit.bots.value.buckets`)."""
    if kind == "game":
        return (feature // 2) % 5
    if kind == "last_trick":
        return feature // 3
    return feature % 5


class _Band:
    """Sums over the contracts (or passes) of one band of the estimate."""

    def __init__(self, top: int) -> None:
        self.count = 0
        self.points = 0.0
        self.relative = [0.0] * (top + 1)
        self.made = [0.0] * (top + 1)
        self.passes = 0
        self.passing = 0.0
        self.seats = 0


def fit(rules: Rules, records: Sequence[Record], own_from: int = 0) -> Calibration:
    """The item chances, then the bidding tables by band of the estimate; the points per
    bid level (:attr:`~pitchkit.bots.value.Calibration.points_at`) from ``records[own_from:]``
    only."""
    items = point_items(rules)
    plan = scoring_plan(rules)
    top = top_bid(rules)
    chances, total = _item_chances(rules, items, records)
    step = max(0.25, plan.items_total / BANDS)
    size = int(plan.items_total / step + 0.5) + 1
    model = Calibration(rules_hash=rules_hash(rules), items=items, chances=chances,
                        total=total, step=step, pitch=((0.0,) * (top + 1),) * size,
                        made=((0.0,) * (top + 1),) * size, points_at=((0.0,) * (top + 1),) * size,
                        points=(0.0,) * size, refusing=(0.0,) * (top + 1),
                        moon_made=(0.0,) * MOON_KEYS, moon=(0.0,) * MOON_KEYS,
                        moon_seen=(0.0,) * MOON_KEYS,
                        passing=(0.0,) * size, passing_after=((0.0,) * (top + 1),) * STATES,
                        pitching_after=((0.0,) * (top + 1),) * STATES, made_at=(0.0,) * (top + 1),
                        seats=(0.0,) * size, hands=len(records))
    bands = [_Band(top) for _ in range(size)]
    # the same sums over the calibrated bot's own rounds (records[own_from:]) alone
    own = [_Band(top) for _ in range(size)]
    moon_seen = [0] * MOON_KEYS
    moon_took = [0] * MOON_KEYS
    moon_sums = [0.0, 0.0]  # score change had it been a moon: failed, made
    moon_counts = [0, 0]
    # the eldest's refusals: (band, bid, score change against the others' mean)
    refusals: list[tuple[int, int, float]] = []
    # the passes: (band, auction state, high bid, score change against the others' mean)
    passes: list[tuple[int, int, int, float]] = []
    # the contracts: (band, bid, the pitcher's auction state and high bid, score change)
    contracts: list[tuple[int, int, int, int, float]] = []
    level_made = [0] * (top + 1)
    level_count = [0] * (top + 1)
    for index, (held, result, team, seller, price, refused, states) in enumerate(records):
        pitcher = result.pitcher
        # the points taken and the contract scored by the hand's sides (a called partner
        # on the pitcher's); a score change against the seating's other sides, those that
        # win the game (a called partner is a rival there)
        sides = hand_sides(team, result)
        side = team[pitcher]
        where = model.band(model.estimate(rules, held[pitcher], result.trump))
        band = bands[where]
        points, tricks = result.points, result.tricks_won
        band.count += 1
        taken = points_taken(plan, result, sides, sides[pitcher])
        band.points += taken
        band_relative = []
        for bid in range(top + 1):
            # the realised points scored again as if the contract had been ``bid``
            _, _, changes, _, _ = score_points(plan, sides, pitcher, bid, False, points, tricks)
            band_relative.append(relative_change(changes, team, side))
            band.relative[bid] += band_relative[bid]
            band.made[bid] += taken >= bid
        at = min(top, int(result.bid))
        _, _, changes, _, _ = score_points(plan, sides, pitcher, at, False, points, tricks)
        contracts.append((where, at, *states[pitcher], relative_change(changes, team, side)))
        if refused:
            refusals.append((where, at, relative_change(result.score_changes, team, side)))
        if index >= own_from:
            level_count[at] += 1
            level_made[at] += bool(result.made)
            mine = own[where]
            mine.count += 1
            for bid in range(top + 1):
                mine.relative[bid] += band_relative[bid]
                mine.made[bid] += taken >= bid
        _, moon_made, changes, _, _ = score_points(plan, sides, pitcher, None, True, points,
                                                   tricks)
        key = moon_key(rules, held[pitcher], result.trump)
        moon_seen[key] += 1
        moon_took[key] += bool(moon_made)
        moon_sums[bool(moon_made)] += relative_change(changes, team, side)
        moon_counts[bool(moon_made)] += 1
        for seat in range(len(team)):
            best = best_estimate(model, rules, held[seat])
            other = bands[model.band(best)]
            other.seats += 1
            if seat == pitcher:
                continue  # a seat that did not pitch: its partner may have
            changes = result.score_changes
            if seller is not None and team[seller] == team[seat]:
                changes = tuple(c - price if team[s] == team[seller] else c
                                for s, c in enumerate(changes))
            other.passes += 1
            relative = relative_change(changes, team, team[seat])
            other.passing += relative
            passes.append((model.band(best), *states[seat], relative))
    counts = [b.count for b in bands]
    chance = _moon_chances(moon_seen, moon_took)
    # what a made and a failed moon score, from the hands that did and did not take all
    everything = float(plan.items_total)
    moon_means = [moon_sums[i] / moon_counts[i] if moon_counts[i] else
                  (-everything if i == 0 else everything) for i in (0, 1)]

    def series(values: list[float], monotone: bool, weights: list[int] | None = None
               ) -> tuple[float, ...]:
        return _smoothed(weights or counts, values, monotone)

    points = series([b.points for b in bands], True)
    pitch = [series([b.relative[bid] for b in bands], True) for bid in range(top + 1)]
    made = [series([b.made[bid] for b in bands], True) for bid in range(top + 1)]
    if own_from:
        pitch, made = _own_where_apart(bands, own, pitch, made)
    # per bid: what the eldest's refusals realised against its band's value of pitching
    # at that bid (the high bidder, another side, holds a hand worth the bid), leaning
    # LEVEL_PRIOR hands' worth on no difference
    refused_sum = [0.0] * (top + 1)
    refused_count = [0] * (top + 1)
    for where, at, relative in refusals:
        refused_sum[at] += relative - pitch[at][where]
        refused_count[at] += 1
    refusing = tuple(total / (count + LEVEL_PRIOR)
                     for total, count in zip(refused_sum, refused_count, strict=True))
    passing = series([b.passing for b in bands], False, [b.passes for b in bands])
    # per auction state and high bid: what the passes realised beyond their band's
    # passing, leaning LEVEL_PRIOR hands' worth on no difference
    after_sum = [[0.0] * (top + 1) for _ in range(STATES)]
    after_count = [[0] * (top + 1) for _ in range(STATES)]
    for where, state, high, relative in passes:
        after_sum[state][high] += relative - passing[where]
        after_count[state][high] += 1
    passing_after = tuple(tuple(total / (count + LEVEL_PRIOR) for total, count in
                                zip(sums, counts, strict=True))
                          for sums, counts in zip(after_sum, after_count, strict=True))
    pitch_sum = [[0.0] * (top + 1) for _ in range(STATES)]
    pitch_count = [[0] * (top + 1) for _ in range(STATES)]
    for where, at, state, high, relative in contracts:
        pitch_sum[state][high] += relative - pitch[at][where]
        pitch_count[state][high] += 1
    pitching_after = tuple(tuple(total / (count + LEVEL_PRIOR) for total, count in
                                 zip(sums, counts, strict=True))
                           for sums, counts in zip(pitch_sum, pitch_count, strict=True))
    # per level: the share made, leaning LEVEL_PRIOR contracts' worth on all levels' share
    overall = (sum(level_made) + 1) / (sum(level_count) + 2)
    made_at = tuple((m + LEVEL_PRIOR * overall) / (c + LEVEL_PRIOR)
                    for m, c in zip(level_made, level_count, strict=True))
    fitted = Calibration(
        rules_hash=model.rules_hash, items=items, chances=chances, total=total, step=step,
        pitch=tuple(zip(*pitch, strict=True)), made=tuple(zip(*made, strict=True)),
        points_at=model.points_at, points=points, refusing=refusing,
        moon_made=chance, moon=tuple(
            p * moon_means[1] + (1 - p) * moon_means[0] for p in chance),
        moon_seen=tuple(float(x) for x in moon_seen),
        passing=passing, passing_after=passing_after, pitching_after=pitching_after,
        made_at=made_at,
        seats=tuple(b.seats / max(1, sum(x.seats for x in bands)) for b in bands),
        hands=len(records))
    return replace(fitted, points_at=learn_points_at(rules, fitted, records[own_from:]))


def points_taken(plan: Any, result: Any, team: Sequence[int], side: int) -> int:
    """The points of the scoring plan that ``side`` took in the hand of ``result``."""
    return sum(item.value for item in plan.items
               if any(team[s] == side for s in result.points.get(item.name, ())))


def learn_points_at(rules: Rules, model: Calibration, records: Sequence[Record],
               forced_records: Sequence[Record] = ()) -> Table:
    """Per band of the estimate, per bid: the points the pitcher's side took in the
    contracts of ``records`` at that bid, leaning (``LEVEL_PRIOR`` hands' worth) on the
    band's points in these contracts moved by the level's shift: what its contracts took
    above or below their bands' points, over every band (a contract's level tells what
    the other hands were: a forced dealer's, that every seat passed), learned from its
    contracts and the other levels' (:func:`level_shifts`: a level bid seldom, whose own
    contracts leave its shift uncertain, leans on the shifts of the others, after what
    the strongest hand of another side explains: a level that no other seat would bid
    over holds weaker rivals).

    A band's points are those of these contracts (every level), leaning ``LEVEL_PRIOR``
    contracts' worth on the calibration's (:attr:`~pitchkit.bots.value.Calibration.points`, from
    single hands bid by the rounds' models): in whole games a band's hands may take more or less
    (call-partner pitch's bands of 4.6 to 5.9 points took 0.3 to 0.8 more at 7 and 0.1
    to 0.3 more at 8), and a rare level leaning on the others' shift should lean on the
    same hands' points.

    ``forced_records``: contracts at the dealer's forced bid from deals where every other seat
    passes (:func:`~pitchkit.bots.calibrating._forced_play`), in place of those of ``records`` at
    that level (all of them such contracts, :func:`~pitchkit.bots.calibrating._forced_level`, far
    fewer): that level's shift and cells come from them alone (on the bands' points and the other
    levels' shifts of ``records``, which they leave as they are)."""
    plan = scoring_plan(rules)
    size = len(model.points)
    top = len(model.refusing) - 1
    count = [[0] * size for _ in range(top + 1)]
    took = [[0.0] * size for _ in range(top + 1)]
    contracts = _contracts(rules, model, plan, records, top)
    for at, where, taken, _ in contracts:
        count[at][where] += 1
        took[at][where] += taken
    in_band = [sum(level[b] for level in count) for b in range(size)]
    points = [(sum(level[b] for level in took) + LEVEL_PRIOR * p) / (n + LEVEL_PRIOR)
              for b, (p, n) in enumerate(zip(model.points, in_band, strict=True))]
    # per level: the contracts' points above their bands', and their strongest rival
    above: list[list[float]] = [[] for _ in range(top + 1)]
    rivals: list[list[float]] = [[] for _ in range(top + 1)]
    for at, where, taken, rival in contracts:
        above[at].append(taken - points[where])
        rivals[at].append(rival)
    auction = rules.auction
    forced = (auction.dealer_forced_bid,) if auction.when_all_pass is WhenAllPass.DEALER_MUST_BID \
        else ()
    shifts = level_shifts(above, alone=forced, rivals=rivals)
    if forced_records:
        level = min(top, int(forced_records[0][1].bid))
        count[level], took[level] = [0] * size, [0.0] * size
        above[level], rivals[level] = [], []
        for at, where, taken, rival in _contracts(rules, model, plan, forced_records, top):
            count[at][where] += 1
            took[at][where] += taken
            above[at].append(taken - points[where])
            rivals[at].append(rival)
        shifts = tuple(shift if at != level else own for at, (shift, own) in enumerate(zip(
            shifts, level_shifts(above, alone=forced, rivals=rivals), strict=True)))
    out = []
    for here, sums, own, shift in zip(count, took, above, shifts, strict=True):
        # a band's cell: the band's points moved by the level's shift, and by what the
        # cell's contracts took beyond their level's own shift (leaning LEVEL_PRIOR
        # contracts' worth on none)
        mean = sum(own) / len(own) if own else 0.0
        means = [p + shift + (t - c * (p + mean)) / (c + LEVEL_PRIOR)
                 for t, p, c in zip(sums, points, here, strict=True)]
        out.append(_monotone(means, [c + LEVEL_PRIOR for c in here]))
    return tuple(zip(*out, strict=True))


def _contracts(rules: Rules, model: Calibration, plan: Any, records: Sequence[Record],
               top: int) -> list[tuple[int, int, int, float]]:
    """Per contract of ``records``: its level (at most ``top``), its band, the points the
    pitcher's side took and the best estimate of the strongest hand of another side."""
    out = []
    for held, result, seating, *_ in records:
        pitcher = result.pitcher
        team = hand_sides(seating, result)  # a called partner is no rival in the hand
        side = team[pitcher]
        out.append((min(top, int(result.bid)),
                    model.band(model.estimate(rules, held[pitcher], result.trump)),
                    points_taken(plan, result, team, side),
                    max((best_estimate(model, rules, held[s]) for s in range(len(team))
                         if team[s] != side), default=0.0)))
    return out


def level_shifts(above: Sequence[Sequence[float]], alone: Sequence[int] = (),
                 rivals: Sequence[Sequence[float]] | None = None) -> tuple[float, ...]:
    """Per bid level, its shift: what its contracts took above their bands' mean
    (``above``: per level, per contract), learned from its own contracts and leaning on
    the other levels' by how sure each is (random-effects pooling, DerSimonian-Laird):
    the levels' shifts spread ``tau`` around their mean ``mu`` (what their spread shows
    beyond their own standard errors), and a level whose own mean ``d`` has the standard
    error ``s`` takes ``mu + (d - mu) * tau^2 / (tau^2 + s^2)``. A level bid often keeps
    its own (cinch's 8: 5,507 contracts, 0.055); one bid seldom leans on the others
    (cinch's 3: 398, 0.23); one never bid takes ``mu``. A level with one contract shows
    no spread of its own: it takes the spread of all contracts. The levels of ``alone``
    (the dealer's forced bid: where only a forced dealer bids it, as cinch's 1, its
    contracts follow a pass from every other seat, which no other level's do) are left
    out of ``mu`` and ``tau`` and lean only ``LEVEL_PRIOR`` contracts' worth on ``mu``.

    With ``rivals`` (per level, per contract: the best estimate of the strongest hand of
    another side), what they explain is taken out before the pooling and put back per
    level: the points fall by ``beta`` per point of the strongest rival (the slope
    within levels), so a level leans on the others' shifts moved by ``beta`` times how
    far its rivals' mean lies from all contracts' (call-partner pitch's 6, opened by the
    eldest and passed by every other seat: rivals of 6.1 against 6.7 at 7, and it took
    0.6 points above its bands where the others took -0.15 to +0.1)."""
    if rivals is None:
        return _pooled_shifts(above, alone)
    sxy = sxx = 0.0
    for own, xs in zip(above, rivals, strict=True):
        if len(own) > 1:
            d, x = sum(own) / len(own), sum(xs) / len(xs)
            sxy += sum((a - d) * (r - x) for a, r in zip(own, xs, strict=True))
            sxx += sum((r - x) ** 2 for r in xs)
    every = [r for xs in rivals for r in xs]
    if sxx <= 1e-9 * len(every):  # rivals alike (to rounding): nothing to explain
        return _pooled_shifts(above, alone)
    beta = sxy / sxx
    whole = sum(every) / len(every)
    explained = [beta * (sum(xs) / len(xs) - whole) if xs else 0.0 for xs in rivals]
    rest = _pooled_shifts([[a - beta * (r - whole) for a, r in zip(own, xs, strict=True)]
                           for own, xs in zip(above, rivals, strict=True)], alone)
    return tuple(r + e for r, e in zip(rest, explained, strict=True))


def _pooled_shifts(above: Sequence[Sequence[float]], alone: Sequence[int]
                   ) -> tuple[float, ...]:
    """:func:`level_shifts` without rivals."""
    every = [x for own in above for x in own]
    if len(every) < 2:
        return tuple(sum(own) / len(own) if own else 0.0 for own in above)
    whole = sum(every) / len(every)
    pooled = sum((x - whole) ** 2 for x in every) / (len(every) - 1)
    means: list[float | None] = []
    errors: list[float] = []
    for own in above:
        n = len(own)
        if not n:
            means.append(None)
            errors.append(0.0)
            continue
        mean = sum(own) / n
        spread = sum((x - mean) ** 2 for x in own) / (n - 1) if n > 1 else pooled
        means.append(mean)
        errors.append(max(spread, 1e-9) / n)
    seen = [(d, e) for level, (d, e) in enumerate(zip(means, errors, strict=True))
            if d is not None and level not in alone]
    if not seen:
        return tuple(sum(own) / len(own) if own else 0.0 for own in above)
    weights = [1 / e for _, e in seen]
    fixed = sum(w * d for w, (d, _) in zip(weights, seen, strict=True)) / sum(weights)
    q = sum(w * (d - fixed) ** 2 for w, (d, _) in zip(weights, seen, strict=True))
    scale = sum(weights) - sum(w * w for w in weights) / sum(weights)
    tau2 = max(0.0, (q - (len(seen) - 1)) / scale) if scale > 0 else 0.0
    random_weights = [1 / (e + tau2) for _, e in seen]
    mu = sum(w * d for w, (d, _) in zip(random_weights, seen, strict=True)) / sum(random_weights)
    return tuple((sum(own) + LEVEL_PRIOR * mu) / (len(own) + LEVEL_PRIOR) if level in alone
                 else mu if d is None else mu + (d - mu) * tau2 / (tau2 + e)
                 for level, (own, d, e) in enumerate(zip(above, means, errors, strict=True)))


def _moon_chances(seen: Sequence[int], took: Sequence[int]) -> tuple[float, ...]:
    """Per moon feature, the chance of taking what a moon needs: each count leaning
    (PRIOR_WEIGHT hands) on the best of the features one trump or one top trump weaker,
    or the same with a card outside trumps that may lose, so it never falls as the hand
    gets stronger (a feature never seen gets its weaker neighbours' chance)."""
    overall = (sum(took) + 0.5) / (sum(seen) + 1)
    out = [0.0] * MOON_KEYS
    for sure in range(2):
        for held in range(7):
            for run in range(7):
                key = sure * 49 + held * 7 + run
                weaker = [out[key - 7]] if held else []
                weaker += [out[key - 1]] if run else []
                weaker += [out[key - 49]] if sure else []
                prior = max(weaker) if weaker else overall
                out[key] = max(prior, (took[key] + PRIOR_WEIGHT * prior)
                               / (seen[key] + PRIOR_WEIGHT))
    return tuple(out)


def _smoothed(counts: Sequence[int], sums: Sequence[float], monotone: bool
              ) -> tuple[float, ...]:
    """Per band the mean of ``sums`` over ``counts``; a band with fewer than ``BAND_HANDS``
    hands widens to its neighbours until it has them; ``monotone``: then made
    non-decreasing (pool adjacent violators, weighted by the hands)."""
    size = len(counts)
    if not sum(counts):
        return (0.0,) * size
    means = []
    weights = []
    for i in range(size):
        lo = hi = i
        have = counts[i]
        while have < BAND_HANDS and (lo > 0 or hi < size - 1):
            if lo > 0:
                lo -= 1
                have += counts[lo]
            if hi < size - 1:
                hi += 1
                have += counts[hi]
        means.append(sum(sums[lo:hi + 1]) / have if have else 0.0)
        weights.append(float(counts[i]) + 1e-3)
    return _monotone(means, weights) if monotone else tuple(means)


def _own_where_apart(bands: Sequence[_Band], own: Sequence[_Band], pitch: list[tuple[float, ...]],
                     made: list[tuple[float, ...]]
                     ) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """The bidding tables ``pitch`` and ``made`` (per bid, per band; learned from all
    rounds' contracts, ``bands``) with each cell where the calibrated bot's own rounds
    (``own``) made the bid clearly more or less often than the heuristic's round (by
    ``APART_Z`` standard errors, each with at least ``BAND_HANDS`` contracts in the band)
    taken from its own rounds (:func:`_leaning` on all rounds' value), each bid's series
    then made non-decreasing again. Within a band of the estimate the bot's own contracts
    are the hands it will pitch; the heuristic picks its pitchers by more than the band,
    and where that shows (nine-card pitch: nearly every hand in three bands, a 7 made 43%
    pooled, 36-37% in the bot's own play) the pooled cell misleads. Where it does not
    show, the tables are all rounds' (more hands, and the heuristic's round holds the
    contracts of a side that bids otherwise)."""
    counts = [b.count for b in own]
    weights = [count + OWN_PRIOR for count in counts]

    def apart(band: _Band, mine: _Band, bid: int) -> bool:
        ours, theirs = mine.count, band.count - mine.count
        if ours < BAND_HANDS or theirs < BAND_HANDS:
            return False
        share = band.made[bid] / band.count
        spread = (share * (1 - share) * (1 / ours + 1 / theirs)) ** 0.5
        return spread > 0 and abs(mine.made[bid] / ours - (band.made[bid] - mine.made[bid])
                                  / theirs) > APART_Z * spread

    out_pitch, out_made = [], []
    for bid, (pitch_row, made_row) in enumerate(zip(pitch, made, strict=True)):
        cells = [apart(band, mine, bid) for band, mine in zip(bands, own, strict=True)]
        if not any(cells):
            out_pitch.append(pitch_row)
            out_made.append(made_row)
            continue
        for row, sums, out in ((pitch_row, [b.relative[bid] for b in own], out_pitch),
                               (made_row, [b.made[bid] for b in own], out_made)):
            leaned = _leaning(counts, sums, row)
            out.append(_monotone([mine if cell else pooled for cell, mine, pooled
                                  in zip(cells, leaned, row, strict=True)], weights))
    return out_pitch, out_made


def _leaning(counts: Sequence[int], sums: Sequence[float], prior: Sequence[float]
             ) -> tuple[float, ...]:
    """Per band the mean of ``sums`` over ``counts`` leaning ``OWN_PRIOR`` hands' worth on
    ``prior``'s value, made non-decreasing (weighted by the hands and the lean)."""
    means = [(total + OWN_PRIOR * p) / (count + OWN_PRIOR)
             for count, total, p in zip(counts, sums, prior, strict=True)]
    return _monotone(means, [count + OWN_PRIOR for count in counts])


def _monotone(means: Sequence[float], weights: Sequence[float]) -> tuple[float, ...]:
    """The non-decreasing series nearest ``means`` (pool adjacent violators, weighted)."""
    blocks: list[list[float]] = []
    for m, w in zip(means, weights, strict=True):
        blocks.append([m, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks[-1]
            blocks[-1] = [(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, n1 + n2]
    out: list[float] = []
    for m, _, length in blocks:
        out.extend([m] * int(length))
    return tuple(out)
