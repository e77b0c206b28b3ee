"""What every game's replayer shares (RULES Appendix A): reading a record's `game` line, the first
`deal` line's dealer (or starter) and the seeded generator a `check_seed` replay deals from; the
turn a player's line must be taken in; and the loop that drives a state with the record's action
lines and compares every line with the one the rules derive.

A game's replayer keeps what is its own: how its cards are dealt from the record, how a player's
line becomes an action (`drive`), and, where it cites a rule per key, how a line is compared.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from tourney.errors import RecordError
from tourney.rules.games import RecordLine

Line = RecordLine
# (line number, the recorded line, the line the rules derive) -> None, or RecordError
Compare = Callable[[int, dict[str, Any], dict[str, Any]], None]


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
        return self.first_deal_seat("dealer")

    def first_deal_seat(self, key: str) -> int:
        """The seat of the player the first `deal` line names under `key` (its dealer, or starter)."""
        if not self.deals:
            raise RecordError(self.line + 1, "the record has no 'deal' line")
        line, deal = self.deals[0]
        name = deal.get(key)
        if name not in self.players:
            raise RecordError(line, f"{key} {name!r} is not a player")
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


def match_ends_early(_expected: dict[str, Any] | None) -> str:
    """The message of a record of a trick-taking match that stops before its `end` line."""
    return "the record ends before the match does (§0.5: it ends with an 'end' line)"


def run_record(lines: Sequence[Line], derived: Callable[[], Sequence[dict[str, Any]]],
               drive: Callable[[int, dict[str, Any]], None], finished: Callable[[], bool], cite: str = "", *,
               compare: Compare | None = None,
               ends_early: Callable[[dict[str, Any] | None], str] = match_ends_early) -> None:
    """Replay `lines` (the `game` line first) against `derived()`, the state's own record so far.

    A line the rules have already derived is compared with it; any other line is handed to `drive`
    (which applies the player's action) and compared once the rules derive it: at once for most
    actions, after the reveal for secret choices written together. The record must end where the
    match ends (`finished()`), with every derived line matched; else `ends_early(the next line the
    rules expect, or None)` says why. Lines are compared by `compare` (default: every key, by
    `compare_line` citing `cite`)."""
    check = compare if compare is not None else (lambda n, rec, der: compare_line(n, rec, der, cite))
    position = 0
    pending: list[Line] = []
    record = derived()
    for line, event in lines:
        if position < len(record):
            check(line, event, record[position])
            position += 1
        else:
            drive(line, event)
            record = derived()
            pending.append((line, event))
        while pending and position < len(record):
            pending_line, pending_event = pending.pop(0)
            check(pending_line, pending_event, record[position])
            position += 1
    if pending or position < len(record) or not finished():
        raise RecordError(lines[-1][0] + 1, ends_early(record[position] if position < len(record) else None))
