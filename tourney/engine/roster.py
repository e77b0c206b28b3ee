"""What is known of a player of a live event: who they are (`PlayerInfo`, kept by the fold), where
they stand (`PlayerStatus`, for `player list`) and one step of their path (`Step`, for `player
show`). Plain data, imported by the fold, the handlers and the formats alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.errors import Worded


@dataclass
class PlayerInfo:
    name: str
    club: str | None
    dropped: bool = False
    bot: str | None = None  # the bot spec that plays this player in `tourney run` (None: a person)


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    """`status`: "registered" (not seated yet), "playing" (at `table` of the current stage),
    "waiting" (to advance from a finished table), "out" (at `stage`, `table`, with `place`),
    "won", "dropped". `stage`, `table` and `place` are the player's last table (None before)."""

    name: str
    status: str
    stage: int | None
    table: int | None
    place: int | None
    rounds: bool = False  # the format is played in rounds (its `unit`), not RULES §1.12's stages
    bye: int | None = None  # the round in which the player has the bye, while it is played
    # The byes the player requested (a Swiss), of the round being played and those to come: (round,
    # "half" or "zero").
    requested: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"status": self.status, "stage": self.stage, "table": self.table,
                                 "place": self.place}
        if self.bye is not None:
            shown["bye"] = self.bye
        if self.requested:
            shown["requested_byes"] = [{"round": number, "points": points} for number, points in self.requested]
        return shown

    def text(self) -> str:
        if self.rounds:
            return self._round_text() + "".join(f"; {requested_bye_text(number, points)}"
                                                for number, points in self.requested)
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.status == "waiting":
            return f"waiting to advance (table {self.table} of stage {self.stage})"
        if self.status == "out":
            return f"out at stage {self.stage}, place {self.place} (table {self.table})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped (stage {self.stage}, table {self.table}" + (
                f", place {self.place})" if self.place is not None else ")")
        return self.status


    def _round_text(self) -> str:
        where = f"table {self.table} of round {self.stage}"
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.bye is not None:
            return f"bye in round {self.bye}"
        if self.status == "waiting":  # a player in line has no table yet
            return "waiting for the next round" + (f" ({where})" if self.table is not None else "")
        if self.status == "out":
            return f"out, place {self.place}" if self.place is not None else f"out ({where})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped after round {self.stage}"
        return self.status


@dataclass(frozen=True, slots=True)
class Step:
    """One stage of a player's path: table, seat (1-based), and what happened there (`result`, in
    English; `words`, the same sentence for the catalogs when the format words it so)."""

    stage: int
    table: int
    seat: int
    result: str
    words: Worded | None = None

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "table": self.table, "seat": self.seat, "result": self.result}


def requested_bye_text(number: int, points: str) -> str:
    """"half-point bye in round 3 (requested)": one of a player's requested byes."""
    return f"{'half' if points == 'half' else 'zero'}-point bye in round {number} (requested)"
