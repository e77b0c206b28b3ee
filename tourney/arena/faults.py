"""Faults of a bot in one match: strikes (a fallback action is played) and forfeits.

As the ACPC dealer and engine-tournament referees treat them: an illegal or malformed answer or a
timeout is a *strike*; more than `max_strikes` strikes in one match, a crash or a protocol error is
a *forfeit*: the bot is out of that match at once and ranked below every player who did not
forfeit (see `referee.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tourney.errors import TourneyError

# Fault kinds, as counted and reported.
TIMEOUT: Final = "timeout"
MALFORMED: Final = "malformed"
ILLEGAL: Final = "illegal"
CRASH: Final = "crash"
PROTOCOL: Final = "protocol"
FORFEIT: Final = "forfeit"
FAULT_KINDS: Final = (TIMEOUT, MALFORMED, ILLEGAL, CRASH, PROTOCOL, FORFEIT)


class Forfeit(TourneyError):
    """A bot lost its match by a fault; the referee plays its seat out with the fallback policy."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"forfeit ({kind}): {detail}")
        self.kind = kind
        self.detail = detail


@dataclass
class FaultCounter:
    """Fault counts of one bot (in one match, or summed over a run)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, n: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + n

    def merge(self, other: dict[str, int]) -> None:
        for kind, n in other.items():
            self.add(kind, n)

    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict[str, int]:
        return {kind: self.counts[kind] for kind in FAULT_KINDS if self.counts.get(kind)}
