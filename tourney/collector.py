"""Python's cycle collector paused around work that builds many objects of which none is garbage.

Each burst of allocations makes the collector walk every container alive (at 30,000 players, the
whole event's state): half the time of a big sheet, as much again as loading a checkpoint. What such
work allocates is freed by reference counting; any cycle is collected once the collector runs again.

When the block ends, what it built is moved to the collector's oldest generation (`gc.freeze` then
`gc.unfreeze`: two list splices) instead of being left in the youngest, whose next pass, a few
allocations later, would walk it all at once (an eighth of a command's time at 10,000 players).
The oldest generation is walked only by a full pass, which Python runs once enough objects have
survived into it since the last one: nothing is kept from the collector for good. Inside a bot
run, which keeps its state frozen on purpose (`app/bots/bot_run.py`), the objects are left where
they are.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside the block, then as the caller had it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
