"""What the floor (issue 18: reports from the tables' phones) keeps beside a tournament's event log,
read and written inside the transaction of the operation that needs it, so a report, its event and
the idempotency record commit together or not at all.

The reports are rows of the `floor_report` table, numbered from 1 in each tournament and read by
query (`storage/floor_reports.py`): the pending ones, one table's, one by number or by a phone's
idempotency key, the next number, the counts; no read goes through every report. The settings are
in the database's `setting` table under keys `floor:<tournament uid>:...`:

    :secret            the random secret every link token is derived from (tokens.py)
    :director          the director link's generation (a new token: the generation goes up)
    :revoked           {"STAGE/TABLE": generation} of table links that were revoked
    :mode              "apply" (reports are entered at once) or "approve" (they wait for the director)
    :pin               the TV wall's screen kind the director pinned ("" or absent: the wall rotates)

Schema 4 kept each report as a setting too (`:report:NNNNNNNN`, `Report.to_json`); a store made
with `in_settings=True` reads them there (a schema-4 file opened read-only is never upgraded).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tourney.app.store.wall_kinds import KINDS as WALL_KINDS
from tourney.errors import InvalidInputError
from tourney.storage import floor_reports
from tourney.storage.floor_reports import StoredReport

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

    @staticmethod
    def from_stored(stored: StoredReport) -> Report:
        details = stored.details
        return Report(stored.number, stored.stage, stored.table, str(details["at"]), stored.kind,
                      dict(details["data"]), {str(k): str(v) for k, v in details["source"].items()}, stored.key,
                      stored.status, details["event"], str(details["note"]))

    def stored(self) -> StoredReport:
        return StoredReport(self.id, self.stage, self.table, self.status, self.kind, self.key,
                            {"at": self.at, "data": self.data, "source": self.source, "event": self.event,
                             "note": self.note})


class _LinkSettings:
    """Settings kept under one prefix of the `setting` table, and the two every director's link needs:
    the secret its token is derived from and its generation. FloorStore (one tournament's floor) and
    ConsoleStore (the whole database's console) differ only in the prefix (`_key`)."""

    __slots__ = ()
    session: Session | None  # None: a database without the setting table (schema 1), nothing stored

    def _key(self, name: str) -> str:
        raise NotImplementedError

    def _get(self, name: str) -> str | None:
        from tourney.storage import repo

        if self.session is None:
            return None
        return repo.get_setting(session=self.session, key=self._key(name))

    def _writable(self) -> Session:
        if self.session is None:
            raise InvalidInputError.in_words("this database predates settings: run any command that writes first")
        return self.session

    def _set(self, name: str, value: str) -> None:
        from tourney.storage import repo

        repo.set_setting(session=self._writable(), key=self._key(name), value=value)

    def secret(self, *, create: bool = False) -> str | None:
        """The secret of the link's tokens (made on first use by `create`; never shown anywhere)."""
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


@dataclass(slots=True)
class FloorStore(_LinkSettings):
    """The floor's settings and reports of one tournament, read and written through one transaction."""

    session: Session | None  # None: a database without the setting table (schema 1), nothing stored
    uid: str
    in_settings: bool = False  # a schema-4 database read as it is: its reports are settings

    def _key(self, name: str) -> str:
        return f"floor:{self.uid}:{name}"

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
            raise InvalidInputError.in_words("reports are either applied at once or approved: %(modes)s, not %(mode)s",
                                             modes=" or ".join(MODES), mode=repr(mode))
        self._set("mode", mode)

    def language(self) -> str | None:
        """The event's language (`tourney new --lang`, `tourney lang`; storage/events.language_key),
        None when none was chosen (or it is one this tourney does not speak)."""
        from tourney.i18n import normalise

        return normalise(self._get("lang"))

    def wall_pin(self) -> str:
        """The screen kind the TV wall is pinned to, "" when none."""
        found = self._get("pin") or ""
        return found if found in WALL_KINDS else ""

    def set_wall_pin(self, kind: str) -> None:
        if kind and kind not in WALL_KINDS:
            raise InvalidInputError.in_words("the wall pins one of %(kinds)s (or none), not %(kind)s",
                                             kinds=", ".join(WALL_KINDS), kind=repr(kind))
        self._set("pin", kind)

    def reports(self) -> list[Report]:
        """Every report of the tournament, oldest first (the queries below read only what they need)."""
        return self._select()

    def pending(self, *, stage: int | None = None, table: int | None = None) -> list[Report]:
        """The reports waiting for the director (of `stage`, of `table` of it, if given), oldest first."""
        return self._select(status=PENDING, stage=stage, table=table)

    def latest_settled(self, stage: int, *, limit: int) -> list[Report]:
        """The `limit` reports of `stage` settled last, newest first."""
        if self.session is None:
            return []
        found = floor_reports.latest_settled(session=self.session, uid=self.uid, stage=stage, limit=limit,
                                             in_settings=self.in_settings)
        return [Report.from_stored(stored) for stored in found]

    def table_reports(self, stage: int, table: int) -> list[Report]:
        """Every report of `table` of `stage`, oldest first."""
        return self._select(stage=stage, table=table)

    def with_key(self, key: str, *, link: str) -> Report | None:
        """The first report `link` posted with the idempotency key `key` (None: a new report)."""
        return next((r for r in self._select(key=key) if r.source.get("link") == link), None)

    def report(self, number: int) -> Report:
        found = self._select(number=number)
        if not found:
            raise InvalidInputError.in_words("there is no report %(report)s", report=number)
        return found[0]

    def counts(self, *, stage: int | None = None) -> dict[str, int]:
        """How many reports there are by status (of `stage`, if given)."""
        if self.session is None:
            return {}
        return floor_reports.counts(session=self.session, uid=self.uid, stage=stage, in_settings=self.in_settings)

    def next_id(self) -> int:
        if self.session is None:
            return 1
        return floor_reports.next_number(session=self.session, uid=self.uid, in_settings=self.in_settings)

    def put(self, report: Report) -> None:
        if self.session is None or self.in_settings:
            raise InvalidInputError.in_words("this database predates the floor's reports table: run any command that "
                                             "writes first")
        floor_reports.put(session=self.session, uid=self.uid, report=report.stored())

    def _select(self, *, status: str | None = None, stage: int | None = None, table: int | None = None,
                number: int | None = None, key: str | None = None) -> list[Report]:
        if self.session is None:
            return []
        found = floor_reports.select(session=self.session, uid=self.uid, status=status, stage=stage, table=table,
                                     number=number, key=key, in_settings=self.in_settings)
        return [Report.from_stored(stored) for stored in found]


@dataclass(slots=True)
class ConsoleStore(_LinkSettings):
    """The director's console of the whole database (issue 28: its events page), kept in the same
    `setting` table under keys of no tournament, and the database's current event:

        console:secret     the random secret the console link's token is derived from (tokens.py)
        console:director   the console link's generation (a new token: the generation goes up)
    """

    session: Session | None  # None: a database without the setting table (schema 1), nothing stored

    def _key(self, name: str) -> str:
        return f"console:{name}"

    def make_current(self, tournament_id: int) -> None:
        """The tournament every command acts on by default (`tourney use`)."""
        from tourney.storage import repo

        repo.set_setting(session=self._writable(), key=repo.CURRENT_KEY, value=str(tournament_id))
