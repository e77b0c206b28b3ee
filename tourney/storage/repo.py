"""Repository functions: find, create and list tournaments; read and append events.

Keyword-only, one session each, no commits: the caller's transaction (db.Database.write/read)
decides when anything is committed.

Every statement is plain SQL with `:name` parameters, run by the transaction (`sql.Tx`): on SQLite
straight through the standard library's driver, elsewhere through SQLAlchemy. SQLAlchemy statement
construction cost about 1 ms per command, five times the SQL itself (scripts/bench_events.py), and
importing SQLAlchemy and SQLModel about 0.2 s, most of a one-shot command's budget.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from tourney.engine import names
from tourney.engine.events import KINDS, Event
from tourney.errors import InvalidInputError, NotFoundError, StorageError
from tourney.storage.sql import Tx

# Repository functions take the transaction as `session` (the SQLModel name they were written with).
Session = Tx


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as the rest of the program sees it (a plain value, not a live ORM row)."""

    id: int
    name: str
    game: str
    seed: int
    uid: str
    created_at: datetime


_TOURNAMENT_COLUMNS = "id, name, game, seed, uid, created_at"


# The largest value a 64-bit signed INTEGER/BIGINT column holds: seeds and ids beyond it overflow.
MAX_INT64 = 2**63 - 1
CURRENT_KEY = "current_tournament"
DEMO_KEY = "demo"


def create_tournament(*, session: Session, name: str, game: str, seed: int, day: date | None = None) -> Tournament:
    """A new tournament; its name must be new in any case (names are how directors refer to them).
    `day` (`tourney new --date`): the event's date, when it is not today; the row's creation time
    then has that date (the time of day stays now's), which is all the sheets read of it."""
    if not name.strip():
        raise InvalidInputError.in_words("a tournament needs a name")
    # Read as people read names (engine.names): NFC, invisible characters and runs of spaces folded;
    # control characters (`tourney list` would print them raw) and overlong names refused.
    name = names.check(name, what="tournament name")
    if name.isdigit():
        # `--tournament 3` means the tournament with id 3; a name of digits could never be chosen.
        raise InvalidInputError.in_words("a tournament name cannot be only digits (%(name)s): it would read as an id",
                                         name=repr(name))
    if not 0 <= seed <= MAX_INT64:
        raise InvalidInputError(f"a seed must be from 0 to {MAX_INT64}, got {seed}")
    for other in list_tournaments(session=session):
        if names.key(other.name) == names.key(name):
            raise InvalidInputError.in_words("a tournament named %(name)s already exists (id %(id)s)",
                                             name=repr(other.name), id=other.id)
    now = datetime.now(UTC).replace(tzinfo=None)
    if day is not None:
        now = datetime.combine(day, now.time())
    uid = uuid.uuid4().hex
    found = session.run(
        "INSERT INTO tournament (name, game, seed, uid, created_at) VALUES (:name, :game, :seed, :uid, :created) "
        "RETURNING id", {"name": name, "game": game, "seed": seed, "uid": uid, "created": _timestamp(session, now)})
    return Tournament(int(found[0][0]), name, game, seed, uid, now.replace(tzinfo=UTC))


def find_tournament(*, session: Session, ref: str | None = None, lock: bool = False,
                    settings: bool = True) -> Tournament:
    """The tournament named (in any case) or numbered `ref`, or the current one when `ref` is None:
    the one `tourney use` chose, else the last created.

    `lock=True` takes the row `FOR UPDATE` (PostgreSQL): every command that changes a tournament
    locks it first, so two commands on one tournament run one after the other. SQLite has no row
    locks and needs none: its `BEGIN IMMEDIATE` already serialises writers. `settings=False` is for
    a database of schema 1 read as it is (no `setting` table: the current one is the last created).
    """
    sql = f"SELECT {_TOURNAMENT_COLUMNS} FROM tournament"
    params: dict[str, Any] = {}
    name = names.clean(ref) if ref is not None else ""
    if ref is None:
        latest = "(SELECT max(id) FROM tournament)"
        if settings:
            # A chosen tournament that no longer exists (never, today: nothing deletes one) falls back.
            chosen = (f"(SELECT t.id FROM tournament t JOIN setting s ON s.key = '{CURRENT_KEY}' "
                      "AND CAST(s.value AS INTEGER) = t.id)")
            latest = f"COALESCE({chosen}, {latest})"
        sql += f" WHERE id = {latest}"
    elif _is_id(name):
        sql += " WHERE id = :id"
        params["id"] = int(name)
    else:
        sql += " WHERE name = :name"
        params["name"] = name
    if lock and session.dialect == "postgresql":
        sql += " FOR UPDATE"
    rows = session.run(sql, params)
    found = rows[0] if rows else None
    if found is None and ref is not None and not _is_id(name):
        # Names match in any case, like player names: one more query, only when the exact one missed.
        same = [t for t in list_tournaments(session=session) if names.key(t.name) == names.key(name)]
        if len(same) == 1:
            return find_tournament(session=session, ref=str(same[0].id), lock=lock, settings=settings)
    if found is None:
        if ref is None:
            raise NotFoundError.in_words("no tournament in this database: create one with `tourney new NAME --game "
                                         "...`")
        known = ", ".join(t.name for t in list_tournaments(session=session)) or "none"
        raise NotFoundError.in_words("no tournament %(ref)s (tournaments: %(known)s)", ref=repr(ref), known=known)
    return _from_values(tuple(found))


def _is_id(text: str) -> bool:
    # ASCII digits only (`str.isdigit` accepts "²", which int() refuses) and small enough for a column.
    return text.isascii() and text.isdigit() and int(text) <= MAX_INT64


def list_tournaments(*, session: Session) -> list[Tournament]:
    return [_from_values(row) for row in session.run(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournament ORDER BY id")]


def get_setting(*, session: Session, key: str) -> str | None:
    """A database-wide setting (schema 2 on; the caller knows the table exists)."""
    found = session.run("SELECT value FROM setting WHERE key = :key", {"key": key})
    return str(found[0][0]) if found else None


def set_setting(*, session: Session, key: str, value: str) -> None:
    session.run("INSERT INTO setting (key, value) VALUES (:key, :value) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value", {"key": key, "value": value})


def settings_under(*, session: Session, prefix: str) -> list[tuple[str, str]]:
    """Every setting whose key starts with `prefix`, by key (the floor's reports, issue 18)."""
    rows = session.run("SELECT key, value FROM setting WHERE substr(key, 1, :length) = :prefix ORDER BY key",
                       {"length": len(prefix), "prefix": prefix})
    return [(str(key), str(value)) for key, value in rows]


def load_events(*, session: Session, tournament_id: int, after_id: int = 0) -> list[Event]:
    """The tournament's events with id > `after_id`, in log order."""
    rows = session.run("SELECT id, kind, data FROM event WHERE tournament_id = :t AND id > :after ORDER BY id",
                       {"t": tournament_id, "after": after_id})
    return [_event(int(event_id), str(kind), data) for event_id, kind, data in rows]


def first_event(*, session: Session, tournament_id: int) -> Event | None:
    """The tournament's first event (a bracket format's `format` event, when it has one), or None."""
    rows = session.run("SELECT id, kind, data FROM event WHERE tournament_id = :t ORDER BY id LIMIT 1",
                       {"t": tournament_id})
    return _event(int(rows[0][0]), str(rows[0][1]), rows[0][2]) if rows else None


def _event(event_id: int, kind: str, text: Any) -> Event:
    """An event row as the engine takes it; a row that is not what `insert_event` writes (a
    hand-edited or damaged file) is one `StorageError` naming the event, never a traceback."""
    where = f"event {event_id} ({kind!r}) is damaged"
    if kind not in KINDS:
        raise StorageError(f"{where}: no such kind of event; the database was edited outside tourney")
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise StorageError(f"{where}: its data is not valid JSON ({error})") from None
    except RecursionError:
        raise StorageError(f"{where}: its data is JSON nested too deeply") from None
    return checked_event(event_id, kind, data)


def checked_event(event_id: Any, kind: Any, data: Any) -> Event:
    """An event read back (from a row, or a checkpoint's copy of the log), checked as `_event` says."""
    if not isinstance(event_id, int) or isinstance(event_id, bool) or kind not in KINDS:
        raise StorageError(f"event {event_id!r} ({kind!r}) is damaged: not an event of tourney's log")
    where = f"event {event_id} ({kind!r}) is damaged"
    if not isinstance(data, dict):
        raise StorageError(f"{where}: its data is {type(data).__name__}, not an object")
    target = data.get("target")
    if kind in ("undo", "correct") and (not isinstance(target, int) or isinstance(target, bool)):
        # The log's annotations index by target before anything is folded.
        raise StorageError(f"{where}: its target {target!r} is not an event id")
    return Event(id=event_id, kind=kind, data=data)


def events_since(*, session: Session, tournament_id: int, last_id: int) -> list[Event] | None:
    """The events after `last_id`, or None if event `last_id` is not in this tournament's log
    (the database is not the one a cached state was folded from: e.g. a restored backup).

    One query for both: the cheap check a cached state needs before it is trusted.
    """
    events = load_events(session=session, tournament_id=tournament_id, after_id=last_id - 1)
    if not events or events[0].id != last_id:
        return None
    return events[1:]


def insert_event(*, session: Session, tournament_id: int, kind: str, data: dict[str, Any]) -> Event:
    """Append one event row and return it with the id the database gave it (not yet committed)."""
    now = datetime.now(UTC).replace(tzinfo=None)
    found = session.run(
        "INSERT INTO event (tournament_id, kind, data, created_at) VALUES (:t, :kind, :data, :created) RETURNING id",
        {"t": tournament_id, "kind": kind, "data": json.dumps(data, ensure_ascii=False, sort_keys=True),
         "created": _timestamp(session, now)})
    return Event(id=int(found[0][0]), kind=kind, data=data)


def _timestamp(session: Session, moment: datetime) -> Any:
    # SQLite stores text, in the format SQLAlchemy's DateTime writes and reads back; PostgreSQL a timestamp.
    return moment if session.dialect == "postgresql" else moment.strftime("%Y-%m-%d %H:%M:%S.%f")


def _from_values(values: tuple[Any, ...]) -> Tournament:
    """A tournament row as tourney wrote it; a column of the wrong type (SQLite keeps whatever a
    hand edit put there: a seed that is text, a date that is not a date) is one `StorageError`
    naming the row, never a traceback."""
    id_, name, game, seed, uid, created = values
    for column, value in (("name", name), ("game", game), ("uid", uid)):
        if not isinstance(value, str):
            raise _damaged_row(id_, f"its {column} {_shown(value)} is not text")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _damaged_row(id_, f"its seed {_shown(seed)} is not a whole number")
    # SQLite hands back the timestamp as text; PostgreSQL as a datetime.
    try:
        created_at = created if isinstance(created, datetime) else datetime.fromisoformat(created)
    except (TypeError, ValueError):
        raise _damaged_row(id_, f"its creation time {_shown(created)} is not a date and time") from None
    return Tournament(int(id_), name, game, seed, uid, _utc(created_at))


def _damaged_row(tournament_id: Any, problem: str) -> StorageError:
    return StorageError(f"tournament {_shown(tournament_id)} is damaged: {problem}; "
                        "the database was edited outside tourney")


def _shown(value: Any) -> str:
    """A stored value in a message: its repr, cut short (a damaged column may hold megabytes)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _utc(moment: datetime) -> datetime:
    # Stored as UTC; SQLite forgets the zone, PostgreSQL (timestamp without time zone) too.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
