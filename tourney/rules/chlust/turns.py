"""Who comes next at a Chlust table: the seats clockwise from the dealer's left, the next player
still in the deal."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.rules.chlust.table import ChlustTable


def order_from_left(table: ChlustTable, seats: Sequence[bool]) -> list[int]:
    """Seats flagged in `seats`, clockwise from the dealer's left."""
    dealer, n = table.match.dealer, table.n
    return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if seats[s]]


def next_active(table: ChlustTable, seat: int) -> int:
    """The next player after `seat`, clockwise, still in the deal."""
    n = table.n
    nxt = (seat + 1) % n
    while not table.active[nxt]:
        nxt = (nxt + 1) % n
    return nxt
