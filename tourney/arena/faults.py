"""Faults of a bot in one match: strikes (a fallback action is played) and forfeits.

As the ACPC dealer and engine-tournament referees treat them: an illegal or malformed answer or a
timeout is a *strike*; more than `max_strikes` strikes in one match, a crash or a protocol error is
a *forfeit*: the bot is out of that match at once and ranked below every player who did not
forfeit (see `referee.py`). After `max_forfeits` forfeits in a row a bot is *disqualified*: the rest
of its games of the run are scored as forfeits without starting it (`ForfeitStreaks`).
"""

from __future__ import annotations

from collections.abc import Iterable
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
DISQUALIFIED: Final = "disqualified"  # a forfeit scored without starting the bot
FAULT_KINDS: Final = (TIMEOUT, MALFORMED, ILLEGAL, CRASH, PROTOCOL, FORFEIT, DISQUALIFIED)


class Forfeit(TourneyError):
    """A bot lost its match by a fault; the referee plays its seat out with the fallback policy."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"forfeit ({kind}): {detail}")
        self.kind = kind
        self.detail = detail


MAX_REASONS: Final = 3  # reasons kept per bot and game (and per player of a run): the first ones


@dataclass
class FaultCounter:
    """Fault counts of one bot (in one match, or summed over a run), and why (issue 31 item 5): the
    first `MAX_REASONS` reasons, each "kind: what happened" (an exit status or signal and the last
    stderr lines, the deadline missed and by how much, the malformed line cut short)."""

    counts: dict[str, int] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)

    def add(self, kind: str, n: int = 1, reason: str | None = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + n
        if reason is not None:
            self.note(f"{kind}: {reason}")

    def note(self, reason: str) -> None:
        """A reason without a fault of its own (a late answer, found after its timeout was counted)."""
        if len(self.reasons) < MAX_REASONS:
            self.reasons.append(reason)

    def merge(self, other: dict[str, int], reasons: Iterable[str] = ()) -> None:
        for kind, n in other.items():
            self.add(kind, n)
        for reason in reasons:
            self.note(reason)

    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict[str, int]:
        return {kind: self.counts[kind] for kind in FAULT_KINDS if self.counts.get(kind)}


@dataclass
class ForfeitStreaks:
    """Forfeits in a row per bot (by label or player); at `limit` (0: never) the bot is out for the
    rest of the run. A game where a bot did not forfeit ends its streak."""

    limit: int
    streaks: dict[str, int] = field(default_factory=dict)
    out: set[str] = field(default_factory=set)

    def observe(self, played: Iterable[str], forfeited: Iterable[str]) -> None:
        lost = set(forfeited)
        for bot in set(played) - self.out:
            self.streaks[bot] = self.streaks.get(bot, 0) + 1 if bot in lost else 0
            if self.limit and self.streaks[bot] >= self.limit:
                self.out.add(bot)

    def copy(self) -> ForfeitStreaks:
        return ForfeitStreaks(self.limit, dict(self.streaks), set(self.out))
