"""The database rows, and nothing else: a tournament and its append-only event log.

Everything a director sees (tables, card counts, standings) is derived by folding the events
(`tourney.engine.tournament.fold`); no derived value is stored, so nothing can disagree with the log.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, LargeBinary
from sqlmodel import Field, SQLModel

# Bumped whenever a table or column changes. An older database is upgraded by the next command that
# may write (db.ensure_schema, one transaction) and read as it is by a read-only one; a newer one is
# refused. Version 2 added `setting`; version 3 made `tournament.seed` 64-bit on PostgreSQL (seeds go
# up to 2^63 - 1; SQLite's INTEGER always was); version 4 added `checkpoint` and `overview`.
SCHEMA_VERSION = 4  # also in db.py, which must not import this module (SQLModel) to open a database


class SchemaVersion(SQLModel, table=True):
    __tablename__ = "schema_version"

    version: int = Field(primary_key=True)


class TournamentRow(SQLModel, table=True):
    __tablename__ = "tournament"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    game: str
    seed: int = Field(sa_type=BigInteger)
    # A random id minted at creation: the in-process state cache keys on it, so a database file
    # that is deleted and recreated (the demo does this) never meets a stale cached state.
    uid: str = Field(unique=True)
    created_at: datetime


class EventRow(SQLModel, table=True):
    __tablename__ = "event"

    # Assigned by the database and increasing: the order of the log.
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    kind: str
    # The payload as JSON text: portable across SQLite and PostgreSQL, and exactly what was entered.
    data: str
    created_at: datetime


class Setting(SQLModel, table=True):
    """A setting of the whole database, as text: `current_tournament` (the id `tourney use` chose)
    and `demo` (set by `tourney demo`, which may replace only a file that carries it)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True)
    value: str


class CheckpointRow(SQLModel, table=True):
    """A tournament's folded state as of event `last_event_id` (storage/checkpoint.py): a cache of
    the log, ignored when its `version` is not this tourney's; deleting it is always safe."""

    __tablename__ = "checkpoint"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    version: str
    last_event_id: int
    events: int  # how many events it folds
    state: bytes = Field(sa_type=LargeBinary)  # TournamentState.without_log(), pickled
    log: bytes = Field(sa_type=LargeBinary)  # the log up to last_event_id, one JSON line per event


class OverviewRow(SQLModel, table=True):
    """What `tourney list` shows of a tournament as of event `last_event_id`, kept by every entry
    (in its transaction), so that listing never folds a log; a row behind the log is refolded."""

    __tablename__ = "overview"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    last_event_id: int
    stage: int
    complete: bool
    players: int  # registered, not dropped


# Every table of the schema, in dependency order for creation (db.ensure_schema).
METADATA = SQLModel.metadata
