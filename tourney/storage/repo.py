"""Repository functions: find, create and list rows. Keyword-only, one session each, no commits.

The caller's transaction (db.Database.write/read) decides when anything is committed.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from tourney.engine.events import Event
from tourney.errors import InvalidInputError, NotFoundError
from tourney.storage.models import EventRow, TournamentRow


def create_tournament(*, session: Session, name: str, game: str, seed: int) -> TournamentRow:
    """A new tournament row; its name must be new (names are how directors refer to them)."""
    name = name.strip()
    if not name:
        raise InvalidInputError("a tournament needs a name")
    if name.isdigit():
        # `--tournament 3` means the tournament with id 3; a name of digits could never be chosen.
        raise InvalidInputError(f"a tournament name cannot be only digits ({name!r}): it would read as an id")
    existing = session.exec(select(TournamentRow.id).where(TournamentRow.name == name)).first()
    if existing is not None:
        raise InvalidInputError(f"a tournament named {name!r} already exists (id {existing})")
    row = TournamentRow(name=name, game=game, seed=seed, uid=uuid.uuid4().hex, created_at=datetime.now(UTC))
    session.add(row)
    session.flush()
    return row


def find_tournament(*, session: Session, ref: str | None = None, lock: bool = False) -> TournamentRow:
    """The tournament named or numbered `ref`, or the last created one when `ref` is None.

    `lock=True` takes the row `FOR UPDATE` (PostgreSQL): every command that changes a tournament
    locks it first, so two commands on one tournament run one after the other. SQLite ignores it
    (its `BEGIN IMMEDIATE` already serialises writers).
    """
    query = select(TournamentRow)
    if ref is None:
        query = query.order_by(col(TournamentRow.id).desc()).limit(1)
    elif ref.strip().isdigit():
        query = query.where(TournamentRow.id == int(ref))
    else:
        query = query.where(TournamentRow.name == ref.strip())
    if lock:
        query = query.with_for_update()
    row = session.exec(query).first()
    if row is None:
        if ref is None:
            raise NotFoundError("no tournament in this database: create one with `tourney new NAME --game ...`")
        names = ", ".join(t.name for t in list_tournaments(session=session)) or "none"
        raise NotFoundError(f"no tournament {ref!r} (tournaments: {names})")
    return row


def list_tournaments(*, session: Session) -> list[TournamentRow]:
    return list(session.exec(select(TournamentRow).order_by(col(TournamentRow.id))))


def load_events(*, session: Session, tournament_id: int, after_id: int = 0) -> list[Event]:
    """The tournament's events with id > `after_id`, in log order."""
    rows = session.exec(
        select(EventRow.id, EventRow.kind, EventRow.data)
        .where(EventRow.tournament_id == tournament_id, col(EventRow.id) > after_id)
        .order_by(col(EventRow.id)))
    return [Event(id=int(event_id or 0), kind=kind, data=json.loads(data)) for event_id, kind, data in rows]


def last_event_id(*, session: Session, tournament_id: int) -> int:
    found = session.exec(select(func.max(EventRow.id)).where(EventRow.tournament_id == tournament_id)).one()
    return int(found or 0)


def insert_event(*, session: Session, tournament_id: int, kind: str, data: dict[str, Any]) -> Event:
    """Append one event row and return it with the id the database gave it (not yet committed)."""
    row = EventRow(tournament_id=tournament_id, kind=kind, data=json.dumps(data, ensure_ascii=False, sort_keys=True),
                   created_at=datetime.now(UTC))
    session.add(row)
    session.flush()
    assert row.id is not None
    return Event(id=row.id, kind=kind, data=data)


def event_times(*, session: Session, tournament_id: int) -> dict[int, datetime]:
    """When each event was entered (for `tourney log`)."""
    rows = session.exec(select(EventRow.id, EventRow.created_at).where(EventRow.tournament_id == tournament_id))
    return {event_id: created for event_id, created in rows if event_id is not None}
