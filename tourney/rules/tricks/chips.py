"""Chips for the pot games (RULES §0.3): whole numbers only, thirds with the remainder carried."""

from __future__ import annotations

from collections.abc import Sequence


def thirds(pot: int) -> tuple[int, int]:
    """`(u, r)`: one trick's share `u = floor(P / 3)` and the remainder `r = P - 3u` that is
    carried into the next pot (§0.3)."""
    share = pot // 3
    return share, pot - 3 * share


def split_evenly(amount: int, seats: Sequence[int]) -> dict[int, int]:
    """`amount` shared equally among `seats`; the chips that do not divide go one each to the
    seats in the order given (§0.5: clockwise from the last dealer's left)."""
    if not seats:
        return {}
    each, rest = divmod(amount, len(seats))
    return {seat: each + (1 if i < rest else 0) for i, seat in enumerate(seats)}
