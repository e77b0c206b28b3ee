"""`collector.paused()`: the cycle collector off inside the block, and what the block built moved
to the oldest generation after it (so the next young pass does not walk it), except inside a heap a
bot run keeps frozen; the command line's exit handler."""

from __future__ import annotations

import gc
import subprocess
import sys

from tourney import collector


def _in_generation(marker: object, generation: int) -> bool:
    return any(found is marker for found in gc.get_objects(generation=generation))


def test_a_pause_turns_the_collector_off_and_leaves_what_it_built_in_the_oldest_generation() -> None:
    assert gc.isenabled()
    with collector.paused():
        assert not gc.isenabled()
        marker: list[list[int]] = [[1], [2]]
        assert _in_generation(marker, 0)
    assert gc.isenabled()
    assert not _in_generation(marker, 0) and not _in_generation(marker, 1)
    assert _in_generation(marker, 2)
    assert gc.get_freeze_count() == 0  # nothing kept from the collector for good


def test_a_pause_inside_a_callers_pause_changes_nothing() -> None:
    gc.disable()
    try:
        with collector.paused():
            marker: list[list[int]] = [[1]]
        assert not gc.isenabled()  # the caller's pause is left as it was
        assert _in_generation(marker, 0)  # and what was built, for the caller's own pause to handle
    finally:
        gc.enable()


def test_a_pause_inside_a_frozen_heap_keeps_it_frozen() -> None:
    gc.freeze()  # as a bot run keeps its long-lived state
    try:
        with collector.paused():
            marker: list[list[int]] = [[1]]
        # Still frozen (the count itself falls as frozen objects are freed, by any thread), and what
        # the block built left where it was.
        assert gc.get_freeze_count() > 0
        assert _in_generation(marker, 0)
    finally:
        gc.unfreeze()


def test_the_command_line_freezes_the_heap_when_its_process_exits() -> None:
    code = ("import atexit, gc, sys\n"
            "from tourney import cli\n"
            "sys.argv = ['tourney', '--help']\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"  # runs after main's handler
            "cli.main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("frozen True")
