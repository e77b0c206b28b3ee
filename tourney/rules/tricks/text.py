"""Text the summaries of the pot games share: signed chip changes and the lines of the `end` record
(RULES Appendix A.2: the pot left shared, the final chips, the standings)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def signed(deltas: dict[str, int]) -> str:
    """`ann +3, bob -3` (players whose chips did not move left out)."""
    return ", ".join(f"{name} {delta:+d}" for name, delta in deltas.items() if delta) or "no chips move"


def end_lines(event: dict[str, Any], pot: str = "pot") -> Iterator[str]:
    """The `end` line in brief; `pot` is what the game calls it (Хлюст: the kassa)."""
    if any(event["split"].values()):
        yield f"{pot} left at the end shared: {signed(event['split'])}"
    yield "chips: " + ", ".join(f"{name} {chips}" for name, chips in event["chips"].items())
    yield "standings: " + ", ".join(f"{name} {event['chips'][name]}" for name in event["standings"])
