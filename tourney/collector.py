"""Python's cycle collector paused around work that builds many objects of which none is garbage.

Each burst of allocations makes the collector walk every container alive (at 30,000 players, the
whole event's state): half the time of a big sheet, as much again as loading a checkpoint. What such
work allocates is freed by reference counting; any cycle is collected once the collector runs again.
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
            gc.enable()
