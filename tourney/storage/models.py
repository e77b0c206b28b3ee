"""The database rows, and nothing else: a tournament and its append-only event log.

Everything a director sees (tables, card counts, standings) is derived by folding the events
(`tourney.engine.tournament.fold`); no derived value is stored, so nothing can disagree with the log.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Index, LargeBinary
from sqlmodel import Field, SQLModel

# Bumped whenever a table or column changes. An older database is upgraded by the next command that
# may write (db.ensure_schema, one transaction) and read as it is by a read-only one; a newer one is
# refused. Version 2 added `setting`; version 3 made `tournament.seed` 64-bit on PostgreSQL (seeds go
# up to 2^63 - 1; SQLite's INTEGER always was); version 4 added `checkpoint` and `overview`; version 5
# moved the floor's reports out of `setting` into `floor_report`.
SCHEMA_VERSION = 5  # also in db.py, which must not import this module (SQLModel) to open a database


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
    state: bytes = Field(sa_type=LargeBinary)  # TournamentState.to_checkpoint(), as JSON
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


class FloorReportRow(SQLModel, table=True):
    """One report of the floor (storage/floor_reports.py): what a table's phone reported and what the
    director made of it. The columns are what the floor queries; `payload` is the rest, as JSON.

    `created_at` and `decided_at` are None for the reports moved from `setting` by the upgrade to
    schema 5 (that layout kept no times); `decided_at` stays None while the report is pending."""

    __tablename__ = "floor_report"
    __table_args__ = (
        # The director's queue: the pending reports of a tournament's current stage.
        Index("ix_floor_report_status", "tournament_id", "status", "stage", "number"),
        # A table's page: the reports of one table of a stage.
        Index("ix_floor_report_table", "tournament_id", "stage", "table_number", "number"),
        # A phone posting again with its idempotency key.
        Index("ix_floor_report_key", "tournament_id", "idempotency_key", "number"),
    )

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    # Numbered from 1 in each tournament; the primary key's index gives the next number.
    number: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    stage: int
    table_number: int
    status: str  # pending, entered, rejected; damaged: a settings row the upgrade could not read
    kind: str  # the entry's kind: result, finish or chips
    idempotency_key: str
    payload: str
    created_at: datetime | None = None
    decided_at: datetime | None = None


# Every table of the schema, in dependency order for creation (db.ensure_schema).
METADATA = SQLModel.metadata
