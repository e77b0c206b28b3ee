"""A fast Swiss pairing of duels for large fields: top down through the score groups, a matching
only for what is left stuck at the bottom (in the spirit of the "Fast Swiss" system written for
Lichess).

    pair_fast(ranked, units, met, had_bye, solve) -> (pairs, byes)

`ranked` is the field best first (score, then seed); `units` each player's score as an integer;
`met(a, b)` whether two players have met; `had_bye` who has had a bye or a forfeit win; `solve`
the exact pairing (`swiss._pair_duels`' maximum-weight matching) used on the stuck remainder.

1. The bye (odd fields) first, by the rule the matching follows: the lowest-ranked player who has
   had no bye nor forfeit win (everyone has: the lowest ranked).
2. Score groups top down. A group's pool is the players floated down from above (first: they are
   the higher scored) then the group. Its top half meets its bottom half in order (the first of the
   top half meets the first of the bottom half it has not met), then whoever is left in the pool is
   paired in ranking order with the first not met; anyone still unpaired floats down to the next
   group. So players meet across scores only where a group is odd or a rematch forces it.
3. Players left at the bottom are re-paired together with the last pairs made (8, then 32, 128,
   ..., then the whole field) by `solve`, until that pairing has no rematch or covers the field: no
   rematch while one is avoidable, as with the matching.

Each player looks at a few candidates only (the ones they have met, at most one per round, are
skipped), so a round is linear in the field: 10,000 players in well under a second.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

Pairs = list[tuple[str, str]]
Solve = Callable[[Sequence[str]], tuple[Pairs, tuple[str, ...]]]

FIRST_RETRY = 8  # pairs reopened around a stuck remainder, quadrupled until no rematch is left


def pair_fast(ranked: Sequence[str], units: dict[str, int], met: Callable[[str, str], bool], had_bye: Set[str],
              solve: Solve) -> tuple[Pairs, tuple[str, ...]]:
    """The pairs (higher ranked first, in ranking order) and the bye of a round; see the module."""
    byes: tuple[str, ...] = ()
    field = list(ranked)
    if len(field) % 2:
        eligible = [p for p in field if p not in had_bye] or field
        byes = (eligible[-1],)
        field.remove(byes[0])
    pairs: Pairs = []
    carried: list[str] = []
    start = 0
    while start < len(field):
        end = start
        while end < len(field) and units[field[end]] == units[field[start]]:
            end += 1
        carried = _pair_pool([*carried, *field[start:end]], met, pairs)
        start = end
    if carried:
        pairs = _repair_bottom(pairs, carried, met, solve)
    position = {p: i for i, p in enumerate(ranked)}
    pairs.sort(key=lambda pair: position[pair[0]])
    return pairs, byes


def _pair_pool(pool: list[str], met: Callable[[str, str], bool], pairs: Pairs) -> list[str]:
    """Pair a score group's pool into `pairs` (top half against bottom half, then the rest in
    order); the players left unpaired, who float down."""
    half = len(pool) // 2
    used = [False] * len(pool)
    first_free = half  # the first of the bottom half not paired yet: most players take it
    for i in range(half):
        j = first_free
        while j < len(pool) and (used[j] or met(pool[i], pool[j])):
            j += 1
        if j < len(pool):
            used[i] = used[j] = True
            pairs.append((pool[i], pool[j]))
            while first_free < len(pool) and used[first_free]:
                first_free += 1
    left = [p for p, taken in zip(pool, used, strict=True) if not taken]
    unpaired: list[str] = []
    while left:
        top = left.pop(0)
        partner = next((q for q in left if not met(top, q)), None)
        if partner is None:
            unpaired.append(top)
        else:
            left.remove(partner)
            pairs.append((top, partner))
    return unpaired


def _repair_bottom(pairs: Pairs, stuck: list[str], met: Callable[[str, str], bool], solve: Solve) -> Pairs:
    """Re-pair `stuck` with the last pairs made, reopening more of them until the exact pairing of
    that part has no rematch or covers every pair."""
    reopened = FIRST_RETRY
    while True:
        kept = pairs[:-reopened] if reopened < len(pairs) else []
        opened = [p for pair in pairs[len(kept):] for p in pair]
        solved, _ = solve([*opened, *stuck])
        if not any(met(a, b) for a, b in solved) or not kept:
            return [*kept, *solved]
        reopened *= 4
