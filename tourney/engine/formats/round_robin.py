"""Round robin: Berger tables for duels, balanced groupings for tables of 3-4.

    berger(players) -> [RoundPlan, ...]                        N-1 rounds (N when N is odd)
    repeat_cycles(plans, cycles) -> [RoundPlan, ...]           a double round robin: seats turned
    table_sizes(n, table_size, min_table) -> (sizes, byes)
    default_rounds(n, table_size, min_table) -> rounds
    balanced_tables(players, table_size, rng, rounds=None, min_table=2, tries=4, effort=200) -> [RoundPlan, ...]

Duels (`berger`): the circle method. The last player (a bye when N is odd) stays put, the others
sit on a ring of N-1 places; in each round the player at place 0 meets the fixed one, place i meets
place N-1-i. Stepping the ring N/2 places a round instead of one (the Berger tables' order; N/2 and
N-1 are coprime, so every rotation is still used once) makes a player switch between the top and
bottom row nearly every round; the top row has white (seat 0) and the fixed player alternates, so
every player's whites and blacks differ by at most 1 and colours mostly alternate. With an odd
field the player facing the bye sits out, once each.

Tables of K (`balanced_tables`, for 3-4-seat games): each round splits the field into tables as
even as possible (`table_sizes`: ⌈n/K⌉ tables of K or fewer, or full tables of K and byes when
that would leave a table below `min_table`); byes go to those with the fewest so far. Each round
is first grouped greedily (each seat to whoever has met that table least); then the whole
schedule is improved by swapping two players of different tables in the same round while that
lowers the sum of squared pair counts (with the number of meetings fixed, that sum is smallest
when the counts are as even as possible), with random kicks out of local minima (`effort`), and
the whole is built `tries` times from the seeded `rng`, keeping the most even (smallest max - min
of the pair counts, then sum of squares). Seats: seat 0 of each table goes to its player with the
fewest first seats so far.

Default rounds (`default_rounds`): the fewest in which every pair could meet, from the meetings a
round holds and the opponents a player meets per round. Achieved with the defaults (tested): for
4-12 players at tables of 3 or 4, pair counts differ by at most 2; for 4, 7-11, 13 players in
threes and 9, 14-16 in fours (15 in threes on some seeds: Kirkman's schoolgirls) every pair meets
and the counts differ by at most 1. Some of the rest cannot do better: 6 players in triples over 3
rounds, or 8 in fours over 3 rounds, leave a pair unmet or meeting thrice (the cross pairs between
the first round's two tables do not fit in the other rounds), and 12 players in triples have no
nearly Kirkman system. First seats differ by at most 2 between players.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from tourney.engine.rounds import RoundPlan
from tourney.errors import InvalidInputError


def _check(players: Sequence[str]) -> None:
    if len(set(players)) != len(players) or "" in players:
        raise InvalidInputError("players must be distinct non-empty names")


def berger(players: Sequence[str]) -> list[RoundPlan]:
    """A single round robin of duels; seat 0 of each table is white."""
    _check(players)
    if len(players) < 2:
        raise InvalidInputError(f"a round robin needs at least 2 players, got {len(players)}")
    ring: list[str | None] = [*players, *([None] if len(players) % 2 else [])]
    m = len(ring)
    fixed, circle = ring[-1], ring[:-1]
    plans = []
    for r in range(m - 1):
        shift = (r * (m // 2)) % (m - 1)
        cur = circle[shift:] + circle[:shift]
        pairs: list[tuple[str | None, str | None]] = [(fixed, cur[0]) if r % 2 else (cur[0], fixed)]
        pairs += [(cur[i], cur[m - 1 - i]) for i in range(1, m // 2)]
        tables = tuple((a, b) for a, b in pairs if a is not None and b is not None)
        byes = tuple(p for pair in pairs if None in pair for p in pair if p is not None)
        plans.append(RoundPlan(r + 1, tables, byes))
    return plans


def repeat_cycles(plans: Sequence[RoundPlan], cycles: int) -> list[RoundPlan]:
    """A double (or N-fold) round robin: the schedule played `cycles` times, round numbers running
    on; each later cycle turns every table's seats one place (a duel's colours swap, as in FIDE's
    double round robin and brackets-manager's "double" mode)."""
    if cycles < 1:
        raise InvalidInputError(f"cycles must be at least 1, got {cycles}")
    out: list[RoundPlan] = []
    for cycle in range(cycles):
        for plan in plans:
            tables = tuple(t[cycle % len(t):] + t[:cycle % len(t)] for t in plan.tables)
            out.append(RoundPlan(len(out) + 1, tables, plan.byes))
    return out


def table_sizes(n: int, table_size: int, min_table: int = 2) -> tuple[list[int], int]:
    """Table sizes for n players (largest first) and the number of byes."""
    if table_size < 2 or min_table < 2 or min_table > table_size:
        raise InvalidInputError(f"bad table size {table_size} (smallest {min_table})")
    if n < min_table:
        raise InvalidInputError(f"{n} players cannot fill a table of at least {min_table}")
    count = -(-n // table_size)
    if n // count >= min_table:
        return [n // count + (1 if i < n % count else 0) for i in range(count)], 0
    full = n // table_size
    return [table_size] * full, n - full * table_size


Counts = list[list[int]]  # counts[a][b]: how often players a and b (indices) have met


def _add(counts: Counts, table: Sequence[int], step: int) -> None:
    for a, b in combinations(table, 2):
        counts[a][b] += step
        counts[b][a] += step


def _group(players: list[int], sizes: list[int], counts: Counts, rng: random.Random) -> list[list[int]]:
    """Greedy tables: each seat to the player who has met that table's players least."""
    pool = players[:]
    rng.shuffle(pool)
    tables: list[list[int]] = []
    for size in sizes:
        table = [pool.pop(0)]
        while len(table) < size:
            best = min(pool, key=lambda p: sum(counts[p][q] for q in table))
            pool.remove(best)
            table.append(best)
        tables.append(table)
    return tables


def _swap_gain(counts: Counts, ti: list[int], tj: list[int], a: int, b: int) -> int:
    """How much swapping ti[a] and tj[b] lowers the sum of squared pair counts."""
    x, y = ti[a], tj[b]
    cx, cy = counts[x], counts[y]
    # Each pair that ends loses (2c - 1) from the sum of squares, each new one adds (2c + 1).
    gain = 0
    for p in ti:
        if p != x:
            gain += 2 * (cx[p] - cy[p]) - 2
    for q in tj:
        if q != y:
            gain += 2 * (cy[q] - cx[q]) - 2
    return gain


def _swap(counts: Counts, ti: list[int], tj: list[int], a: int, b: int) -> None:
    _add(counts, ti, -1)
    _add(counts, tj, -1)
    ti[a], tj[b] = tj[b], ti[a]
    _add(counts, ti, 1)
    _add(counts, tj, 1)


def _improve(rounds: list[list[list[int]]], counts: Counts) -> None:
    """Swap players between tables of the same round while the sum of squared pair counts drops."""
    improved = True
    while improved:
        improved = False
        for tables in rounds:
            for i, j in combinations(range(len(tables)), 2):
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        if _swap_gain(counts, tables[i], tables[j], a, b) > 0:
                            _swap(counts, tables[i], tables[j], a, b)
                            improved = True


def _spread(counts: Counts) -> tuple[int, int]:
    """(max - min of the pair counts, sum of their squares): smaller is more even."""
    values = [row[b] for a, row in enumerate(counts) for b in range(a + 1, len(counts))]
    return max(values) - min(values), sum(v * v for v in values)


def _seat(table: list[str], firsts: Counter[str], rng: random.Random) -> tuple[str, ...]:
    """Seat 0 to the player with the fewest first seats so far; the rest keep a drawn order."""
    rng.shuffle(table)
    first = min(table, key=lambda p: firsts[p])
    firsts[first] += 1
    return (first, *(p for p in table if p != first))


def _schedule(
    players: Sequence[str], table_size: int, rounds: int, min_table: int, rng: random.Random, effort: int
) -> tuple[tuple[int, int], list[RoundPlan]]:
    n = len(players)
    sizes, bye_count = table_sizes(n, table_size, min_table)
    counts: Counts = [[0] * n for _ in range(n)]
    byes_had = [0] * n
    groups: list[list[list[int]]] = []
    bye_lists: list[tuple[str, ...]] = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda p: byes_had[p])  # stable: fewest byes first, drawn order among equals
        byes = set(order[:bye_count])
        for p in byes:
            byes_had[p] += 1
        bye_lists.append(tuple(sorted(players[p] for p in byes)))
        tables = _group([p for p in range(n) if p not in byes], sizes, counts, rng)
        for table in tables:
            _add(counts, table, 1)
        groups.append(tables)
    # Then the whole schedule: improving swaps, and random kicks out of local minima, keeping the best.
    _improve(groups, counts)
    best = (_spread(counts), [[t[:] for t in r] for r in groups])
    for _ in range(effort):
        if best[0][0] <= 1 or len(sizes) < 2:
            break
        tables = groups[rng.randrange(rounds)]
        i, j = rng.sample(range(len(tables)), 2)
        _swap(counts, tables[i], tables[j], rng.randrange(len(tables[i])), rng.randrange(len(tables[j])))
        _improve(groups, counts)
        key = _spread(counts)
        if key < best[0]:
            best = (key, [[t[:] for t in r] for r in groups])
    firsts: Counter[str] = Counter()
    plans = [
        RoundPlan(number, tuple(_seat([players[p] for p in t], firsts, rng) for t in tables), bye_lists[number - 1])
        for number, tables in enumerate(best[1], start=1)
    ]
    return best[0], plans


def default_rounds(n: int, table_size: int, min_table: int = 2) -> int:
    """The fewest rounds in which every pair could meet: by meetings per round and per player."""
    sizes, _ = table_sizes(n, table_size, min_table)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    return max(-(-(n * (n - 1) // 2) // per_round), -(-(n - 1) // (max(sizes) - 1)))


def balanced_tables(
    players: Sequence[str],
    table_size: int,
    rng: random.Random,
    rounds: int | None = None,
    min_table: int = 2,
    tries: int = 4,
    effort: int = 200,
) -> list[RoundPlan]:
    """Rounds of tables of up to `table_size` in which every pair meets as evenly as possible."""
    _check(players)
    if rounds is None:
        rounds = default_rounds(len(players), table_size, min_table)
    if rounds < 1:
        raise InvalidInputError(f"rounds must be at least 1, got {rounds}")
    best: tuple[tuple[int, int], list[RoundPlan]] | None = None
    for _ in range(max(1, tries)):
        found = _schedule(players, table_size, rounds, min_table, random.Random(rng.getrandbits(64)), effort)
        if best is None or found[0] < best[0]:
            best = found
        if best[0][0] <= 1:
            break
    assert best is not None
    return best[1]
