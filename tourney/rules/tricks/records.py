"""What the replayers of the trick-taking games share: reading a record's `game` line, the first
dealer it shows, and the seeded generator a `check_seed` replay deals from; the turn a player's
line must be taken in; and the loop that drives a state with the record's action lines and
compares every line with the one the rules derive."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from tourney.errors import RecordError

Line = tuple[int, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """The `game` line of a record, checked: its players, options and seed, and the `deal` lines."""

    line: int
    players: list[str]
    options: dict[str, Any]
    raw_seed: object
    deals: list[Line]

    @property
    def seed(self) -> int | None:
        """The seed, when the record has an integer one (what the replayed state records)."""
        seed = self.raw_seed
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def recorded_first_dealer(self) -> int:
        """The seat of the first `deal` line's dealer."""
        if not self.deals:
            raise RecordError(self.line + 1, "the record has no 'deal' line")
        line, deal = self.deals[0]
        name = deal.get("dealer")
        if name not in self.players:
            raise RecordError(line, f"dealer {name!r} is not a player")
        return self.players.index(name)

    def seeded_rng(self) -> random.Random:
        """The generator the record's seed starts, to check that it deals what the record shows."""
        if self.seed is None:
            raise RecordError(self.line, f"seed {self.raw_seed!r} is not an integer, so the deals cannot be "
                                         "checked against it")
        return random.Random(self.seed)


def read_header(lines: list[Line], game: str) -> RecordHeader:
    """The checked `game` line of a record of `game` (RULES Appendix A.2)."""
    line, header = lines[0]
    if header.get("event") != "game" or header.get("game") != game:
        raise RecordError(line, f"the first line must be the 'game' event of {game!r}")
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(line, "'players' must be a list of names")
    options = header.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(line, "'options' must be an object")
    deals = [(n, e) for n, e in lines if e.get("event") == "deal"]
    return RecordHeader(line, list(players), dict(options), header.get("seed"), deals)


def check_turn(line: int, event: dict[str, Any], players: Sequence[str], to_act: int, terminal: bool,
               action_events: Collection[str]) -> None:
    """`RecordError` unless `event` is an action line of the player to act in a match still played."""
    kind = event.get("event")
    if terminal:
        raise RecordError(line, f"{kind!r} after the end of the match")
    expected = players[to_act]
    if kind not in action_events:
        raise RecordError(line, f"expected {expected}'s action here, found {kind!r}")
    if event.get("player") != expected:
        raise RecordError(line, f"{event.get('player')!r} acts out of turn: it is {expected}'s turn")


def compare_line(line: int, recorded: dict[str, Any], derived: dict[str, Any], cite: str = "") -> None:
    """`RecordError` naming the first key (in key order) where a recorded line differs from the line
    the rules derive; `cite` (e.g. "RULES §4, Appendix A.2") closes the message."""
    if recorded == derived:
        return
    kind = derived["event"]
    if recorded.get("event") != kind:
        raise RecordError(line, f"expected a {kind!r} line here, found {recorded.get('event')!r}")
    for key in sorted(set(recorded) | set(derived)):
        if recorded.get(key) != derived.get(key):
            source = f" ({cite})" if cite else ""
            raise RecordError(line, f"{kind} {key} is {recorded.get(key)!r} but the rules give "
                                    f"{derived.get(key)!r}{source}")


def run_record(lines: Sequence[Line], derived: list[dict[str, Any]], drive: Callable[[int, dict[str, Any]], None],
               finished: Callable[[], bool], cite: str = "") -> None:
    """Replay `lines` against `derived`, the state's own record (a list the state appends to).

    A line the rules have already derived is compared with it; any other line is handed to `drive`
    (which applies the player's action) and compared once the rules derive it: at once for most
    actions, after the reveal for secret choices written together. The record must end where the
    match ends (`finished()`), with every derived line matched."""
    position = 0
    pending: list[Line] = []
    for line, event in lines:
        if position < len(derived):
            compare_line(line, event, derived[position], cite)
            position += 1
        else:
            drive(line, event)
            pending.append((line, event))
        while pending and position < len(derived):
            pending_line, pending_event = pending.pop(0)
            compare_line(pending_line, pending_event, derived[position], cite)
            position += 1
    if pending or position < len(derived) or not finished():
        raise RecordError(lines[-1][0] + 1, "the record ends before the match does (§0.5: it ends with an 'end' line)")
