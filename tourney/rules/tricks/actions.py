"""What the action ids of Хлюст and Lou share (RULES §3.7, §4.5): checking that an action is an id,
and a set of 0-3 discarded cards as one number, so that every discard set has one id and its text
needs no state (Хлюст's `EXCHANGE:`, Lou's `DRAW:`).

A discard code is the cards in ascending id order as base-53 digits `id + 1`, the lowest digit
first; 0 is the empty set. In `HOT_MODULES` with the compiled Хлюст actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.errors import InvalidActionError

DISCARD_CODES: Final = 53 * 53 * 53


def action_id(action: object, n_actions: int) -> int:
    """`action` if it is an action id 0..n_actions-1 (an int, not a bool), else `InvalidActionError`."""
    if action.__class__ is not int:
        raise InvalidActionError(f"an action is an integer id 0..{n_actions - 1}, not {action!r}")
    assert isinstance(action, int)
    if not 0 <= action < n_actions:
        raise InvalidActionError(f"unknown action id {action} (0..{n_actions - 1})")
    return action


def discard_code(cards: Sequence[int]) -> int:
    """The code of the discard set `cards` (0-3 card ids, any order)."""
    code = 0
    weight = 1
    for card in sorted(cards):
        code += (card + 1) * weight
        weight *= 53
    return code


def discarded(code: int) -> tuple[int, ...] | None:
    """The cards (ascending ids) of a discard code, or None if `code` is no discard set's code."""
    if not 0 <= code < DISCARD_CODES:
        return None
    digits = (code % 53, code // 53 % 53, code // 2809)
    cards: list[int] = []
    ended = False
    for digit in digits:
        if digit == 0:
            ended = True
        elif ended or (cards and digit - 1 <= cards[-1]):
            return None
        else:
            cards.append(digit - 1)
    return tuple(cards)
