"""Single elimination (knockout) brackets with standard seeding, byes and a third-place match.

    seed_order(size) -> [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11] for 16
    knockout(entrants, third_place=False) -> Bracket            (see bracket.py for resolving it)
    rounds_for(entrants) -> ⌈log2 N⌉

Seeding: the bracket is drawn for the next power of two, `size = 2^rounds`. Round 1 pairs seed s
with seed size + 1 - s, and the pairs are placed in `seed_order`, built by doubling: each seed s
of the order for size/2 becomes s, size + 1 - s. So 1 meets N, the top two seeds sit in opposite
halves (they can meet only in the final), the top four in different quarters, and so on, and the
favourite always meets the weakest seed left in their part of the draw.

Byes: seeds N + 1 .. size do not exist; their slots are byes. Because seed s > N faces
size + 1 - s ≤ size - N < N (there are fewer byes than half the draw), byes go to the top seeds
and a bye never meets a bye.

Ids: "W{round}-{match}" (both from 1), the final is the single match of the last round, and the
optional third-place match "3P" takes the semi-final losers; it comes before the final in play
order, so `placements` ranks its winner third.
"""

from __future__ import annotations

from tourney.engine.bracket import Bracket, Match, Round, Side, Slot
from tourney.errors import InvalidInputError


def rounds_for(entrants: int) -> int:
    """⌈log2 N⌉: the number of rounds a knockout of N players takes."""
    return max(0, (entrants - 1).bit_length())


def seed_order(size: int) -> list[int]:
    """The seeds of round 1 in bracket order, top to bottom, for a draw of `size` (a power of two)."""
    if size < 1 or size & (size - 1):
        raise InvalidInputError(f"a draw size must be a power of two, got {size}")
    order = [1]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for s in order for seed in (s, doubled + 1 - s)]
    return order


def round_name(round_number: int, rounds: int) -> str:
    """'final', 'semi-final', 'quarter-final', else 'round N'."""
    left = rounds - round_number
    return {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round {round_number}")


def winners_rounds(entrants: int, side: Side = "winners", prefix: str = "W") -> list[list[Match]]:
    """The knockout tree itself, round by round, each match wired to the next (no losers' links)."""
    if entrants < 2:
        raise InvalidInputError(f"a bracket needs at least 2 players, got {entrants}")
    rounds = rounds_for(entrants)
    size = 1 << rounds
    order = seed_order(size)
    tree: list[list[Match]] = []
    for r in range(1, rounds + 1):
        count = size >> r
        matches = []
        for i in range(count):
            if r == 1:
                slots = (_seed_slot(order[2 * i], entrants), _seed_slot(order[2 * i + 1], entrants))
            else:
                slots = (Slot(winner_of=f"{prefix}{r - 1}-{2 * i + 1}"), Slot(winner_of=f"{prefix}{r - 1}-{2 * i + 2}"))
            nxt = (f"{prefix}{r + 1}-{i // 2 + 1}", i % 2) if r < rounds else None
            matches.append(Match(f"{prefix}{r}-{i + 1}", side, r, slots, next_for_winner=nxt))
        tree.append(matches)
    return tree


def _seed_slot(seed: int, entrants: int) -> Slot:
    return Slot(seed=seed) if seed <= entrants else Slot()


def knockout(entrants: int, third_place: bool = False) -> Bracket:
    """A single-elimination bracket for `entrants` players (seeds 1..N), optionally with a 3rd-place match."""
    tree = winners_rounds(entrants)
    rounds = len(tree)
    if third_place and rounds < 2:
        raise InvalidInputError("a third-place match needs semi-finals (at least 3 players)")
    if third_place:
        semis = tree[-2]
        tree[-2] = [
            Match(m.id, m.side, m.round, m.slots, m.next_for_winner, next_for_loser=("3P", i))
            for i, m in enumerate(semis)
        ]
    built = [Round("winners", r, round_name(r, rounds), tuple(ms)) for r, ms in enumerate(tree, start=1)]
    if third_place:
        third = Match("3P", "third", rounds, (Slot(loser_of=tree[-2][0].id), Slot(loser_of=tree[-2][1].id)))
        built.insert(len(built) - 1, Round("third", rounds, "third place", (third,)))
    return Bracket("knockout", entrants, 1 << rounds, tuple(built))
