"""Starting a command as a terminal starts it, for the tests that press Ctrl-C."""

from __future__ import annotations

import signal


def as_from_a_terminal() -> None:
    """`preexec_fn` of a command the test interrupts: SIGINT at its default, as a shell gives it.
    A child inherits an ignored SIGINT, and pytest-xdist's workers ignore it, so without this the
    command would never see the Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
