"""What the floor (issue 18: reports from the tables' phones) keeps beside a tournament's event log.

Everything lives in the database's `setting` table under keys `floor:<tournament uid>:...`, read
and written inside the transaction of the operation that needs it, so a report, its event and the
idempotency record commit together or not at all:

    :secret            the random secret every link token is derived from (tokens.py)
    :director          the director link's generation (a new token: the generation goes up)
    :revoked           {"STAGE/TABLE": generation} of table links that were revoked
    :mode              "apply" (reports are entered at once) or "approve" (they wait for the director)
    :pin               the TV wall's screen kind the director pinned ("" or absent: the wall rotates)
    :report:NNNNNNNN   one report (`Report.to_json`), numbered from 1
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tourney.app.wall_kinds import KINDS as WALL_KINDS
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.storage.sql import Tx as Session

MODES = ("apply", "approve")
DEFAULT_MODE = "approve"  # a phone's report changes nothing until the director says so, unless told
# A report's state: waiting for the director, entered (its event id), or rejected (with why).
PENDING, ENTERED, REJECTED = "pending", "entered", "rejected"


@dataclass(frozen=True, slots=True)
class Report:
    """One report from a table link (or the director's page): what it would enter and where from.

    `kind` and `data` are the event it enters (`result`, `finish` or `chips`, names already
    resolved); `at` is the table's progress the phone saw (`progress_mark`): a report of a round
    that was entered meanwhile is a second report of the same round; `key` is the phone's
    idempotency key; `source` the link and the device, as added to the event's payload."""

    id: int
    stage: int
    table: int
    at: str
    kind: str
    data: dict[str, Any]
    source: dict[str, str]
    key: str
    status: str = PENDING
    event: int | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "stage": self.stage, "table": self.table, "at": self.at, "kind": self.kind,
                "data": self.data, "source": self.source, "key": self.key, "status": self.status,
                "event": self.event, "note": self.note}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Report:
        return Report(int(data["id"]), int(data["stage"]), int(data["table"]), str(data["at"]), str(data["kind"]),
                      dict(data["data"]), {str(k): str(v) for k, v in data["source"].items()}, str(data["key"]),
                      str(data["status"]), data.get("event"), str(data.get("note", "")))

    def same_round(self, other: Report) -> bool:
        return (self.stage, self.table, self.at) == (other.stage, other.table, other.at)

    def settled(self, status: str, *, event: int | None = None, note: str = "") -> Report:
        return replace(self, status=status, event=event, note=note)


@dataclass(slots=True)
class FloorStore:
    """The floor's settings of one tournament, read and written through one transaction."""

    session: Session | None  # None: a database without the setting table (schema 1), nothing stored
    uid: str
    _reports: list[Report] | None = field(default=None)

    def _key(self, name: str) -> str:
        return f"floor:{self.uid}:{name}"

    def _get(self, name: str) -> str | None:
        from tourney.storage import repo

        if self.session is None:
            return None
        return repo.get_setting(session=self.session, key=self._key(name))

    def _set(self, name: str, value: str) -> None:
        from tourney.storage import repo

        if self.session is None:
            raise InvalidInputError("this database predates settings: run any command that writes first")
        repo.set_setting(session=self.session, key=self._key(name), value=value)

    def secret(self, *, create: bool = False) -> str | None:
        """The secret of every token (made on first use by `create`; never shown anywhere)."""
        found = self._get("secret")
        if found is None and create:
            found = secrets.token_hex(32)
            self._set("secret", found)
        return found

    def director_generation(self) -> int:
        return int(self._get("director") or 0)

    def new_director_generation(self) -> int:
        generation = self.director_generation() + 1
        self._set("director", str(generation))
        return generation

    def revoked(self) -> dict[str, int]:
        return {str(k): int(v) for k, v in json.loads(self._get("revoked") or "{}").items()}

    def table_generation(self, stage: int, table: int) -> int:
        return self.revoked().get(f"{stage}/{table}", 0)

    def revoke_table(self, stage: int, table: int) -> int:
        revoked = self.revoked()
        generation = revoked.get(f"{stage}/{table}", 0) + 1
        revoked[f"{stage}/{table}"] = generation
        self._set("revoked", json.dumps(revoked, sort_keys=True))
        return generation

    def mode(self) -> str:
        found = self._get("mode")
        return found if found in MODES else DEFAULT_MODE

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise InvalidInputError(f"reports are either applied at once or approved: {' or '.join(MODES)}, "
                                    f"not {mode!r}")
        self._set("mode", mode)

    def wall_pin(self) -> str:
        """The screen kind the TV wall is pinned to, "" when none."""
        found = self._get("pin") or ""
        return found if found in WALL_KINDS else ""

    def set_wall_pin(self, kind: str) -> None:
        if kind and kind not in WALL_KINDS:
            raise InvalidInputError(f"the wall pins one of {', '.join(WALL_KINDS)} (or none), not {kind!r}")
        self._set("pin", kind)

    def reports(self) -> list[Report]:
        """Every report of the tournament, oldest first."""
        from tourney.storage import repo

        if self._reports is None:
            rows = [] if self.session is None else repo.settings_under(session=self.session,
                                                                       prefix=self._key("report:"))
            self._reports = [Report.from_json(json.loads(value)) for _key, value in rows]
        return self._reports

    def report(self, number: int) -> Report:
        found = next((r for r in self.reports() if r.id == number), None)
        if found is None:
            raise InvalidInputError(f"there is no report {number}")
        return found

    def next_id(self) -> int:
        return max((r.id for r in self.reports()), default=0) + 1

    def put(self, report: Report) -> None:
        self._set(f"report:{report.id:08d}", json.dumps(report.to_json(), ensure_ascii=False, sort_keys=True))
        reports = [r for r in self.reports() if r.id != report.id]
        self._reports = sorted([*reports, report], key=lambda r: r.id)
