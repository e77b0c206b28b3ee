"""Double elimination: a winners' bracket, a losers' bracket fed by its losers, a grand final with reset.

    double_elimination(entrants, grand_final="reset") -> Bracket   (resolve, champion, placements: see bracket.py)
    drop_order(size, winners_round, losers) -> the losers of a winners' round in the order they drop

Shape, for a draw of size = 2^R (the winners' bracket is `knockout`'s, with its seeding and byes):

- Winners' bracket "W{r}-{i}", r = 1..R.
- Losers' bracket "L{r}-{i}", r = 1..2(R-1). Round 1 pairs the losers of winners' round 1 two by
  two (W1-1 with W1-2, ...). Even rounds 2k are drop-down rounds: the survivors of losers' round
  2k-1 (slot 0) meet the losers of winners' round k+1 (slot 1). Odd rounds after the first pair
  the survivors among themselves. The last losers' round (the losers' final) takes the loser of
  the winners' final.
- Grand final "GF": the winners' bracket champion (slot 0) against the losers' bracket champion
  (slot 1). "GF2" (the bracket reset) is played only when the losers' champion wins GF, since only
  then has the winners' champion lost once; otherwise it is void. With 2 players there is no
  losers' bracket: GF is the rematch of W1-1, with the same reset rule. `grand_final` chooses as
  brackets-manager's grandFinal does: "reset" (its "double", the default), "single" (GF alone:
  the winners' champion may lose once) or "none" (no GF: the winners' bracket champion wins, the
  losers' bracket champion is second; with 2 players W1-1 decides).

Drop-down order. Dropping the losers of a winners' round straight across would send a player
back against someone from the part of the draw they just came through (the loser of W2-1 beat
one of the two players of L1-1, whose survivor meets W2-1's loser if the order is natural). So the
losers of winners' round r are reordered before they are paired, by the table brackets-manager
(and Challonge, for the common sizes) uses, indexed by the draw size; each entry is the ordering
for winners' rounds 1, 2, ...:

     4: natural, reverse
     8: natural, reverse, natural
    16: natural, reverse_half_shift, reverse, natural
    32: natural, reverse, half_shift, natural, natural
    64: natural, reverse, half_shift, reverse, natural, natural
   128: natural, reverse, half_shift, pair_flip, pair_flip, pair_flip, natural

where reverse is [4,3,2,1], half_shift [3,4,1,2], reverse_half_shift [2,1,4,3] and pair_flip
[2,1,4,3,...] of [1,2,3,4]. Larger draws extend the 128 row with pair_flip before its final
natural. Byes travel: the loser of a bye match is a bye, so losers' matches against it resolve
on their own (see bracket.resolve).

Play order (the order of `Bracket.rounds`): W1, then for r = 2..R: W_r, L_{2r-3}, L_{2r-2}; GF, GF2
(those the grand final has).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final, TypeVar

from tourney.engine.bracket import Bracket, Match, Round, Slot
from tourney.engine.formats.knockout import winners_rounds
from tourney.errors import InvalidInputError

T = TypeVar("T")


def _natural(items: Sequence[T]) -> list[T]:
    return list(items)


def _reverse(items: Sequence[T]) -> list[T]:
    return list(reversed(items))


def _half_shift(items: Sequence[T]) -> list[T]:
    half = len(items) // 2
    return [*items[half:], *items[:half]]


def _reverse_half_shift(items: Sequence[T]) -> list[T]:
    half = len(items) // 2
    return [*reversed(items[:half]), *reversed(items[half:])]


def _pair_flip(items: Sequence[T]) -> list[T]:
    out: list[T] = []
    for i in range(0, len(items) - 1, 2):
        out += [items[i + 1], items[i]]
    return out


_ORDERINGS: Final[dict[str, Callable[[Sequence[str]], list[str]]]] = {
    "natural": _natural,
    "reverse": _reverse,
    "half_shift": _half_shift,
    "reverse_half_shift": _reverse_half_shift,
    "pair_flip": _pair_flip,
}

DROP_ORDERINGS: Final[dict[int, tuple[str, ...]]] = {
    2: ("natural",),
    4: ("natural", "reverse"),
    8: ("natural", "reverse", "natural"),
    16: ("natural", "reverse_half_shift", "reverse", "natural"),
    32: ("natural", "reverse", "half_shift", "natural", "natural"),
    64: ("natural", "reverse", "half_shift", "reverse", "natural", "natural"),
    128: ("natural", "reverse", "half_shift", "pair_flip", "pair_flip", "pair_flip", "natural"),
}


def _orderings(size: int) -> tuple[str, ...]:
    if size in DROP_ORDERINGS:
        return DROP_ORDERINGS[size]
    rounds = size.bit_length() - 1
    base = DROP_ORDERINGS[128]
    return (*base[:-1], *("pair_flip",) * (rounds - len(base)), "natural")


def drop_order(size: int, winners_round: int, losers: Sequence[str]) -> list[str]:
    """The losers of `winners_round` (match ids or names, in bracket order) in the order they drop."""
    names = _orderings(size)
    if not 1 <= winners_round <= len(names):
        raise InvalidInputError(f"a draw of {size} has no winners' round {winners_round}")
    return _ORDERINGS[names[winners_round - 1]](losers)


def double_elimination(entrants: int, grand_final: str = "reset") -> Bracket:
    """The double-elimination bracket for `entrants` players (seeds 1..N); `grand_final` "reset"
    (GF, then GF2 if the losers' champion won GF), "single" (GF alone) or "none" (no final)."""
    if grand_final not in ("reset", "single", "none"):
        raise InvalidInputError(f"grand final {grand_final!r}: expected reset, single or none")
    tree = winners_rounds(entrants)
    rounds = len(tree)
    size = 1 << rounds
    losers: list[list[Match]] = []
    drops: dict[str, tuple[str, int]] = {}  # winners' match id -> where its loser goes
    for lr in range(1, 2 * (rounds - 1) + 1):
        matches: list[Match] = []
        if lr == 1:
            dropped = drop_order(size, 1, [m.id for m in tree[0]])
            for i in range(len(dropped) // 2):
                matches.append(Match(f"L1-{i + 1}", "losers", 1, (_loser(dropped[2 * i]), _loser(dropped[2 * i + 1]))))
                drops[dropped[2 * i]] = (f"L1-{i + 1}", 0)
                drops[dropped[2 * i + 1]] = (f"L1-{i + 1}", 1)
        elif lr % 2 == 0:
            dropped = drop_order(size, lr // 2 + 1, [m.id for m in tree[lr // 2]])
            for i, source in enumerate(dropped):
                slots = (Slot(winner_of=losers[-1][i].id), _loser(source))
                matches.append(Match(f"L{lr}-{i + 1}", "losers", lr, slots))
                drops[source] = (f"L{lr}-{i + 1}", 1)
        else:
            previous = losers[-1]
            for i in range(len(previous) // 2):
                slots = (Slot(winner_of=previous[2 * i].id), Slot(winner_of=previous[2 * i + 1].id))
                matches.append(Match(f"L{lr}-{i + 1}", "losers", lr, slots))
        losers.append(matches)
    # Wire each losers' match to the next one (slot 0 of a drop-down round, else by pairs).
    final_match = grand_final != "none"
    for r, matches in enumerate(losers):
        if r + 1 == len(losers):
            losers[r] = [replace(m, next_for_winner=("GF", 1) if final_match else None) for m in matches]
        elif (r + 2) % 2 == 0:  # the next round (number r + 2) is a drop-down round: same index, slot 0
            losers[r] = [replace(m, next_for_winner=(f"L{r + 2}-{i + 1}", 0)) for i, m in enumerate(matches)]
        else:
            losers[r] = [replace(m, next_for_winner=(f"L{r + 2}-{i // 2 + 1}", i % 2)) for i, m in enumerate(matches)]
    final = tree[-1][0]
    if rounds == 1:
        if final_match:
            drops[final.id] = ("GF", 1)
        lower = Slot(loser_of=final.id)
    else:
        lower = Slot(winner_of=losers[-1][0].id)
    tree = [[replace(m, next_for_loser=drops.get(m.id)) for m in matches] for matches in tree]
    if final_match:
        tree[-1] = [replace(tree[-1][0], next_for_winner=("GF", 0))]
    reset_next = ("GF2", 0) if grand_final == "reset" else None
    grand = Match("GF", "final", 1, (Slot(winner_of=final.id), lower), reset_next,
                  ("GF2", 1) if reset_next else None)
    reset = Match("GF2", "final", 2, (Slot(winner_of="GF"), Slot(loser_of="GF")), reset_of="GF")

    def w_round(r: int) -> Round:
        name = "winners' final" if r == rounds else f"winners' round {r}"
        return Round("winners", r, name, tuple(tree[r - 1]))

    def l_round(r: int) -> Round:
        name = "losers' final" if r == len(losers) else f"losers' round {r}"
        return Round("losers", r, name, tuple(losers[r - 1]))

    order = [w_round(1)]
    for r in range(2, rounds + 1):
        order += [w_round(r), l_round(2 * r - 3), l_round(2 * r - 2)]
    if final_match:
        order.append(Round("final", 1, "grand final", (grand,)))
    if grand_final == "reset":
        order.append(Round("final", 2, "grand final reset", (reset,)))
    return Bracket("double-elimination", entrants, size, tuple(order))


def _loser(match_id: str) -> Slot:
    return Slot(loser_of=match_id)
