"""Swiss system: pair by score with no rematch while one is possible; byes; tie-breaks.

    TableResult(players, places)        one finished table: players in seat order, place per seat
                                        (1 is best; equal places are a draw between those players)
    PlayedRound(tables, byes)           a round as played
    default_rounds(n) -> ⌈log2 N⌉
    pair_round(players, history, rng, table_size=2, min_table=2, bye_points=1, withdrawn, total_rounds,
               pairing="auto", avoid, virtual) -> RoundPlan
    exact_grouping(players, sizes, cost, bound, budget) -> the cheapest tables below bound, or None

`players` is the field in seeding order (the first is seed 1). Every function is deterministic
given its arguments; `rng` draws only the colours of round 1.

Points: a table result is read as a set of duels between every two players at it: beating a
player is a win, an equal place a draw. A player scores (wins + ½ draws) / (table size − 1) for the
round, so 1, ½ or 0 in a duel and 1, ⅔, ⅓, 0 at a table of four; a bye scores `bye_points`.
Scores are exact `Fraction`s.

Pairing duels (`table_size` 2): a maximum-weight matching (networkx) on the complete graph of
the field, plus a bye node when the field is odd. Integer weights, in strict layers so that each
layer outweighs every possible sum of the layers below:
  1. no rematch (a forfeit is no meeting: FIDE C.04 lets its players meet again; a pair to `avoid`,
     club-mates or family, counts as met; for the bye node,
     a player who has not had a bye or a forfeit win; a player who has had one gets no bye edge at
     all unless everyone has) — the fewest rematches always win;
  2. equal scores: the larger the score difference, the smaller the weight (squared); the bye
     counts as a player one step below the lowest score, so it goes to the lowest scored;
  3. within a score group, the Dutch order: the top half meets the bottom half (seed i of a group
     of g meets i + g/2); for the bye, the lowest-ranked player.
Maximum cardinality is asked for, so everyone plays (one bye when odd). A field of more than
`FAST_FIELD` players is paired by `fast_swiss.pair_fast` instead (top down through the score groups,
this matching only for a remainder stuck at the bottom), with the same bye and colour rules. The
event's `pairing` option chooses the system of duels: "auto" (the default) as described here;
"dutch" pairs rounds 2+ by FIDE Dutch whatever the field's size; "fast" every round by `pair_fast`.
Seat 0 (white) goes to the player with fewer whites so far, then to the one who had black last,
then to the higher ranked on odd rounds and the lower ranked on even rounds; in round 1 a lot
(`rng`) decides seed 1's colour and the colours alternate down the boards.

Tables of 3-4 (`table_size` K): the sizes come from `round_robin.table_sizes` (byes, when needed,
to the lowest scored without a bye yet). Players in ranking order fill the tables top down, each
seat to the candidate with the lowest cost against those already seated; then swaps between tables
(every two tables up to `ALL_SWAPS_TABLES` tables, beyond that tables at most `NEIGHBOURS` apart)
run while they lower the total cost. The cost of two players at one table is, in layers, the times
they have met before (fewest repeat meetings first), then their score difference squared. When
that grouping still repeats a meeting and the field seated is at most `EXACT_FIELD`,
`exact_grouping` searches every grouping (branch and bound, at most `EXACT_BUDGET` seat choices,
exact for the fields tested up to 16) and keeps a cheaper one: no repeat whenever a grouping
without one exists, as in a Swiss of duels. Beyond that size the heuristic stands.

The standings and their tie-breaks are `points_ranking.py`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Collection, Container, Mapping, Sequence
from fractions import Fraction
from itertools import combinations

from tourney.engine.formats.round_robin import table_sizes
from tourney.engine.rounds import PlayedRound, RoundPlan, scores
from tourney.errors import InvalidInputError

_BYE = ("bye",)  # the bye node; a tuple, so no player name can collide with it
# Tables of 3-4: a field up to this size is grouped by an exact search when the greedy grouping
# repeats a meeting; the budget (seat choices tried) bounds its time: a few tenths of a second.
EXACT_FIELD = 16
EXACT_BUDGET = 200_000
# Duels: a field above this size is paired by `fast_swiss` (top down, a matching only for a stuck
# remainder): the matching on the complete graph takes seconds at a few hundred players and minutes
# at a thousand.
FAST_FIELD = 128
# Duels from round 2 on: a field up to this size is paired by FIDE Dutch (`dutch.py`): about a
# second a round at 1,000 players (scripts/bench_swiss.py), its search bounded by a budget that grows
# with the bracket. Above it, `fast_swiss` (above FAST_FIELD; the matching at or below it).
DUTCH_FIELD = 1000
# The systems of duels `pair_round`'s `pairing` chooses (the Swiss format's `pairing` option).
PAIRINGS = ("auto", "dutch", "fast")
# Tables of 3-4: swaps are tried between every two tables up to this many tables, then only between
# tables at most NEIGHBOURS apart.
ALL_SWAPS_TABLES = 32
NEIGHBOURS = 2


def default_rounds(n: int) -> int:
    """⌈log2 N⌉ rounds, enough to separate a single winner."""
    return max(1, math.ceil(math.log2(n))) if n > 1 else 1


def _met(history: Sequence[PlayedRound]) -> Counter[frozenset[str]]:
    """Who has played whom: a forfeit is no meeting, so its players may be paired again (FIDE C.04)."""
    counts: Counter[frozenset[str]] = Counter()
    for played in history:
        for table in played.tables:
            if table.played:
                counts.update(frozenset(pair) for pair in combinations(table.players, 2))
    return counts


class _Met:
    """How often each pair has met, a pair to `avoid` counting once more: asked pair by pair, so an
    `avoid` that says it (every two club-mates) is never listed."""

    def __init__(self, history: Sequence[PlayedRound], avoid: Container[frozenset[str]]) -> None:
        self.counts = _met(history)
        self.avoid = avoid

    def __getitem__(self, pair: frozenset[str]) -> int:
        return self.counts[pair] + (pair in self.avoid)


def _byes_had(history: Sequence[PlayedRound]) -> Counter[str]:
    """Points without playing so far: byes and forfeit wins (FIDE C.04.1 d: either rules out the
    pairing-allocated bye while another player can take it)."""
    had = Counter(p for played in history for p in played.byes)
    for played in history:
        for table in played.tables:
            if not table.played:
                had.update(p for p in table.players if p not in table.forfeits)
    return had


def _ranking(players: Sequence[str], units: Mapping[str, int]) -> list[str]:
    """Best first: by score (in `_units`, the same order as the points without a `Fraction` per
    comparison), then seed."""
    seed = {p: i for i, p in enumerate(players)}
    return sorted(players, key=lambda p: (-units[p], seed[p]))


def pair_round(
    players: Sequence[str],
    history: Sequence[PlayedRound],
    rng: random.Random,
    table_size: int = 2,
    min_table: int = 2,
    bye_points: Fraction | int = 1,
    withdrawn: Collection[str] = (),
    total_rounds: int | None = None,
    pairing: str = "auto",
    avoid: Container[frozenset[str]] = (),
    virtual: Mapping[str, Fraction] | None = None,
) -> RoundPlan:
    """The tables (in seat order) and bye of the next round. `withdrawn` players (or excused from
    this round) keep the points of the rounds they played (and count in their opponents'
    tie-breaks) but are not paired. Each pair of `avoid` counts as one that has met already.
    `virtual`: points added to a player's score for this pairing only (an accelerated Swiss).
    `pairing` (duels): "auto" FIDE Dutch from round 2 up to `DUTCH_FIELD` players, the matching up
    to `FAST_FIELD`, `fast_swiss` above; "dutch" FIDE Dutch from round 2 at any size; "fast"
    `fast_swiss` every round."""
    if pairing not in PAIRINGS:
        raise InvalidInputError(f"pairing must be one of {', '.join(PAIRINGS)}, not {pairing!r}")
    every = scores(players, history, bye_points)
    seeds = players
    players = [p for p in players if p not in withdrawn]
    virtual = virtual or {}
    score = {p: every[p] + virtual[p] if p in virtual else every[p] for p in players}  # no Fraction sum for 0
    if len(players) < 2:
        raise InvalidInputError(f"a Swiss needs at least 2 players, got {len(players)}")
    if table_size == 2:
        by_dutch = pairing == "dutch" or (pairing == "auto" and len(players) <= DUTCH_FIELD)
        if history and by_dutch:
            dutch = _pair_dutch(seeds, players, history, score, bye_points, total_rounds or default_rounds(len(seeds)),
                                virtual, avoid)
            # Dutch takes an avoided pair as one that met (C1) and never pairs it: a round it cannot
            # pair so (None) is left to the matching, which pairs the fewest such pairs it can.
            if dutch is not None:
                rng.random()  # the stream other rounds draw from, kept in step
                return dutch
        return _pair_duels(players, history, score, rng, avoid, fast=pairing == "fast")
    return _group_tables(players, history, score, table_size, min_table, avoid)


def _pair_dutch(seeds: Sequence[str], players: Sequence[str], history: Sequence[PlayedRound],
                score: Mapping[str, Fraction], bye_points: Fraction | int, total_rounds: int,
                virtual: Mapping[str, Fraction], avoid: Container[frozenset[str]]) -> RoundPlan | None:
    """Rounds 2+ of duels by FIDE Dutch (`dutch.py`), scores read with the `virtual` points; None
    when no pairing meets its absolute criteria (the matching then pairs with the fewest rematches)."""
    from tourney.engine.formats.dutch import pair_dutch

    unit = math.lcm(2, Fraction(bye_points).denominator, *(s.denominator for s in score.values()))
    points = scores(seeds, history, bye_points)
    units = {p: int((s + virtual.get(p, 0)) * unit) for p, s in points.items()}
    pairs, left = pair_dutch(seeds, history, units, unit, total_rounds, _initial_white(seeds, history[0]),
                             int(Fraction(bye_points) * unit), paired=set(players), avoid=avoid)
    if len(left) != len(players) % 2:
        return None
    return RoundPlan(len(history) + 1, tuple(pairs), left)


def _initial_white(seeds: Sequence[str], first: PlayedRound) -> bool:
    """The initial colour (C.04.3 E.5): white when the best seed who played a game in round 1 had
    white on an odd pairing number or black on an even one."""
    number = {p: i + 1 for i, p in enumerate(seeds)}
    duels = [t.players for t in first.tables if len(t.players) == 2 and all(p in number for p in t.players)]
    if not duels:
        return True
    top = min((p for pair in duels for p in pair), key=number.__getitem__)
    white = next(pair[0] for pair in duels if top in pair) == top
    return white == (number[top] % 2 == 1)


def _units(score: Mapping[str, Fraction]) -> dict[str, int]:
    """Scores as integers in the smallest common unit, so weights stay exact (each distinct score
    converted once: a large field has a few dozen)."""
    distinct = set(score.values())
    unit = math.lcm(*(s.denominator for s in distinct))
    of = {s: int(s * unit) for s in distinct}
    return {p: of[s] for p, s in score.items()}


def _pair_duels(
    players: Sequence[str], history: Sequence[PlayedRound], score: Mapping[str, Fraction], rng: random.Random,
    avoid: Container[frozenset[str]] = (),
    fast: bool = False,
) -> RoundPlan:
    units = _units(score)
    ranked = _ranking(players, units)
    met = _Met(history, avoid)
    had_bye = set(_byes_had(history))
    position = {p: i for i, p in enumerate(ranked)}
    if fast or len(ranked) > FAST_FIELD:
        from tourney.engine.formats.fast_swiss import pair_fast

        def solve(part: Sequence[str]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
            return _matched(sorted(part, key=position.__getitem__), units, met, had_bye)

        pairs, byes = pair_fast(ranked, units, lambda a, b: met[frozenset((a, b))] > 0, had_bye, solve)
    else:
        pairs, byes = _matched(ranked, units, met, had_bye)
    number = len(history) + 1
    first_white = rng.random() < 0.5  # drawn every round, used in round 1 only: same stream either way
    seats = _Seats(history)
    tables = tuple(seats.colours(x, y, board, number, first_white) for board, (x, y) in enumerate(pairs))
    return RoundPlan(number, tables, byes)


def _matched(ranked: Sequence[str], units: Mapping[str, int], met: _Met,
             had_bye: Collection[str]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The maximum-weight matching of `ranked` (best first; see the module docstring): its pairs,
    higher ranked first, in ranking order, and its bye."""
    n = len(ranked)
    odd = n % 2 == 1
    low = min(units[p] for p in ranked) - 1  # the bye plays as one step below the lowest score
    spread = max(units[p] for p in ranked) - low
    # Each layer outweighs any sum of the one below over a whole matching.
    order_max = (n + 1) ** 2
    mid = (n + 1) * order_max + 1
    big = (n + 1) * mid * (spread * spread + 1) + 1
    members: dict[int, list[str]] = {}
    for p in ranked:
        members.setdefault(units[p], []).append(p)
    group: dict[str, tuple[int, int]] = {}  # player -> (position in score group, group size)
    for level in members.values():
        group.update((p, (i, len(level))) for i, p in enumerate(level))
    import networkx as nx  # on first use: a Swiss's other reads (its rounds, its standings) do without it

    graph: nx.Graph[object] = nx.Graph()
    graph.add_nodes_from(ranked)
    for a, b in combinations(ranked, 2):
        weight = mid * (spread * spread - (units[a] - units[b]) ** 2)
        if units[a] == units[b]:
            (i, size), (j, _) = group[a], group[b]
            weight += order_max - (abs(i - j) * 2 - size) ** 2 // 4  # best at |i - j| = size / 2
        if not met[frozenset((a, b))]:
            weight += big
        graph.add_edge(a, b, weight=weight)
    position = {p: i for i, p in enumerate(ranked)}
    if odd:
        eligible = [p for p in ranked if p not in had_bye] or ranked
        graph.add_node(_BYE)
        for p in eligible:
            weight = big + mid * (spread * spread - (units[p] - low) ** 2) + position[p]
            graph.add_edge(p, _BYE, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[str, str]] = []
    byes: tuple[str, ...] = ()
    for a, b in matching:
        if a == _BYE or b == _BYE:
            byes = (str(b if a == _BYE else a),)
        else:
            x, y = sorted((str(a), str(b)), key=position.__getitem__)
            pairs.append((x, y))
    pairs.sort(key=lambda pair: position[pair[0]])
    return pairs, byes


class _Seats:
    """Who sat where so far, read once a round: whites (seat 0 of a duel) and each player's last seat."""

    def __init__(self, history: Sequence[PlayedRound]) -> None:
        self.whites = Counter(t.players[0] for played in history for t in played.tables if len(t.players) == 2)
        self.last: dict[str, int] = {}
        for played in history:
            for t in played.tables:
                self.last.update((p, seat) for seat, p in enumerate(t.players))

    def colours(self, higher: str, lower: str, board: int, number: int, first_white: bool) -> tuple[str, str]:
        """Seat 0 (white) to fewer whites, then to who had black last, then by rank and round parity."""
        if number == 1:
            top_white = first_white == (board % 2 == 0)
            return (higher, lower) if top_white else (lower, higher)
        whites = self.whites
        if whites[higher] != whites[lower]:
            return (higher, lower) if whites[higher] < whites[lower] else (lower, higher)
        last_higher, last_lower = self.last.get(higher, -1), self.last.get(lower, -1)
        if last_higher != last_lower:
            return (higher, lower) if last_higher == 1 else (lower, higher)
        return (higher, lower) if number % 2 == 1 else (lower, higher)


def _group_tables(
    players: Sequence[str],
    history: Sequence[PlayedRound],
    score: Mapping[str, Fraction],
    table_size: int,
    min_table: int,
    avoid: Container[frozenset[str]] = (),
) -> RoundPlan:
    units = _units(score)
    ranked = _ranking(players, units)
    met = _Met(history, avoid)
    sizes, bye_count = table_sizes(len(ranked), table_size, min_table)
    had_bye = _byes_had(history)
    # Byes: the lowest scored with the fewest byes so far (ranked is best first, so look from the end).
    byes = sorted(reversed(ranked), key=lambda p: had_bye[p])[:bye_count]
    pool = [p for p in ranked if p not in byes]
    spread = max(units.values()) - min(units.values())
    big = (len(ranked) * table_size) * (spread * spread + 1) + 1

    def cost(a: str, b: str) -> int:
        return big * met[frozenset((a, b))] + (units[a] - units[b]) ** 2

    tables: list[list[str]] = []
    for size in sizes:
        table = [pool.pop(0)]
        while len(table) < size:
            best = min(pool[: 2 * table_size], key=lambda p: sum(cost(p, q) for q in table))
            pool.remove(best)
            table.append(best)
        tables.append(table)

    def table_cost(table: list[str]) -> int:
        return sum(cost(a, b) for a, b in combinations(table, 2))

    # Swaps between every two tables while the round is small; in a large field, between tables at
    # most NEIGHBOURS apart only (the tables are filled in ranking order, so a better partner sits
    # close by): linear in the tables instead of quadratic.
    if len(tables) <= ALL_SWAPS_TABLES:
        swaps = list(combinations(range(len(tables)), 2))
    else:
        swaps = [(i, j) for i in range(len(tables)) for j in range(i + 1, min(i + 1 + NEIGHBOURS, len(tables)))]
    improved = True
    while improved:
        improved = False
        for i, j in swaps:
            for a in range(len(tables[i])):
                for b in range(len(tables[j])):
                    before = table_cost(tables[i]) + table_cost(tables[j])
                    tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                    if table_cost(tables[i]) + table_cost(tables[j]) < before:
                        improved = True
                    else:
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
    total = sum(table_cost(t) for t in tables)
    if total >= big and len(ranked) - bye_count <= EXACT_FIELD:
        # A repeat meeting: search every grouping for one with fewer (then closer scores).
        better = exact_grouping([p for p in ranked if p not in byes], sizes, cost, total, EXACT_BUDGET)
        if better is not None:
            tables = better
    position = {p: i for i, p in enumerate(ranked)}
    firsts = Counter(t.players[0] for played in history for t in played.tables)
    seated = []
    for table in sorted(tables, key=lambda t: min(position[p] for p in t)):
        table.sort(key=position.__getitem__)
        first = min(table, key=lambda p: (firsts[p], position[p]))
        seated.append((first, *(p for p in table if p != first)))
    return RoundPlan(len(history) + 1, tuple(seated), tuple(sorted(byes, key=position.__getitem__)))


def exact_grouping(players: Sequence[str], sizes: Sequence[int], cost: Callable[[str, str], int], bound: int,
                   budget: int) -> list[list[str]] | None:
    """The grouping of `players` into tables of `sizes` with the lowest total pair cost below `bound`
    (None if there is none), by branch and bound; after `budget` seat choices the best found so far.

    Tables are unordered, so the first player not yet seated always opens the next table (each
    grouping is reached once per way of giving its tables their sizes); a partial grouping that
    already costs the best found is cut."""
    best: list[list[str]] | None = None
    best_cost = bound
    left = {size: sizes.count(size) for size in sizes}
    tables: list[list[str]] = []
    free = list(players)
    nodes = 0

    def seat(spent: int) -> None:
        nonlocal best, best_cost, nodes
        if not free:
            best, best_cost = [t[:] for t in tables], spent
            return
        opener = free.pop(0)
        for size in sorted((s for s, n in left.items() if n), reverse=True):
            left[size] -= 1
            tables.append([opener])
            fill(spent, size, 0)
            tables.pop()
            left[size] += 1
        free.insert(0, opener)

    def fill(spent: int, size: int, start: int) -> None:
        """Add members to the last table from free[start:] (in order, so each set is tried once)."""
        nonlocal nodes
        table = tables[-1]
        if len(table) == size:
            seat(spent)
            return
        options = [(sum(cost(p, q) for q in table), i) for i, p in enumerate(free) if i >= start]
        for added, i in sorted(options):
            if nodes >= budget or spent + added >= best_cost:
                continue
            nodes += 1
            player = free.pop(i)
            table.append(player)
            fill(spent + added, size, i)
            table.pop()
            free.insert(i, player)

    seat(0)
    return best
