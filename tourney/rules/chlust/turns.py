"""Who comes next at a Chlust table: the seats clockwise from the dealer's left, the next player
still in the deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.rules.chlust.state import ChlustState


def order_from_left(state: ChlustState, seats: Sequence[bool]) -> list[int]:
    """Seats flagged in `seats`, clockwise from the dealer's left."""
    dealer, n = state.match.dealer, state.n
    return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if seats[s]]


def next_active(state: ChlustState, seat: int) -> int:
    """The next player after `seat`, clockwise, still in the deal."""
    n = state.n
    nxt = (seat + 1) % n
    while not state.active[nxt]:
        nxt = (nxt + 1) % n
    return nxt
