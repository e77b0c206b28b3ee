"""What the live pages watch: the token that changes whenever anything a page shows does, and a
cheap way to know when to read it again.

The token is "<tournament uid>:<last event id>:<floor mark>". Every change of the tournament
appends an event; the floor mark covers what changes no event: a report stored, withdrawn, accepted
or rejected (the latest report's number and the counts by status), a link revoked (the table links'
and the director link's generations) and the TV wall's pin. It names no secret and no token.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from tourney.app.store.floor_store import FloorStore
from tourney.storage.floor_reports import kept_in_settings

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database


def live_token(uid: str, state: TournamentState, floor_mark: str) -> str:
    """The token of the pages of tournament `uid` in `state`, with its floor as `floor_mark`."""
    return f"{uid}:{state.events[-1].id if state.events else 0}:{floor_mark}"


def floor_mark(store: FloorStore) -> str:
    """The floor's reports and links in a few characters: "<latest report's number>.<digest>"."""
    counts = sorted(store.counts().items())
    links = (store.director_generation(), sorted(store.revoked().items()), store.wall_pin())
    digest = zlib.crc32(repr((counts, links)).encode())
    return f"{store.next_id() - 1}.{digest:08x}"


def read_floor_mark(database: Database, uid: str) -> str:
    """`floor_mark` of tournament `uid`, read in a transaction of its own."""
    if not database.has_settings:  # schema 1: no floor at all
        return floor_mark(FloorStore(None, uid))
    with database.read() as session:
        in_settings = not database.has_floor_reports and kept_in_settings(session)
        return floor_mark(FloorStore(session, uid, in_settings=in_settings))


class ChangeWatch:
    """Whether the database may have changed since last asked: SQLite's data version, read on a
    connection of its own, so a few times a second cost next to nothing (always "may have" for any
    other database, which then has its token read each time)."""

    def __init__(self, database: Database) -> None:
        from tourney.storage.data_version import DataVersion

        self._version = DataVersion(database)

    def may_have_changed(self) -> bool:
        return self._version.moved()

    def close(self) -> None:
        self._version.close()
