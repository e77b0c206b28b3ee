"""A Swiss of duels as FIDE's Tournament Report File (`tourney export trf`), and a TRF's field registered.

    trf_text(db=, tournament=) -> str          the event's TRF-2016 (with XXR, XXC), rounds finished so far
    write_trf_file(path, text) -> Path         written whole (a temporary file renamed), never over another file
    import_trf_players(file, db=, tournament=) the 001 lines' players registered, all or none

What the export holds: the field in seed order (start numbers), the ratings that seeded it (`tourney
seat --ratings`), each player's points and rank, and every finished round (seat 0 white, the bye U,
a forfeit + and -, a withdrawn player's rounds not paired). A round still being played is left out,
and a player withdrawn before the next round gets a not-paired entry for it: a FIDE engine
(bbpPairings, JaVaFo) reading the file pairs the next round from the same facts tourney does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.input.trf import TrfEntrant, duel_trf, read_trf_field, write_trf
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.app.operations.players import Registered
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState

TRF_KIND = "TRF file"


def trf_text(*, db: str | None = None, tournament: str | None = None) -> str:
    """The TRF of the tournament, a Swiss of duels (anything else is refused in one line)."""
    from tourney.app.store.database import open_db
    from tourney.storage.events import all_events, snapshot

    with open_db(db, read_only=True) as database:
        snap = snapshot(database, tournament=tournament)
        _row, events = all_events(database, tournament=tournament)
    return event_trf(snap.tournament.name, snap.state, seeding_ratings(events))


def event_trf(name: str, state: TournamentState, ratings: dict[str, int] | None = None) -> str:
    """The TRF text of a Swiss of duels' state (see the module's docstring)."""
    from tourney.engine.formats.live import entrants_of, played_rounds, withdrawn
    from tourney.engine.formats.swiss_format import SWISS

    if state.format.name != "swiss" or state.format.table_size != 2:
        raise InvalidInputError.in_words("a TRF file is a Swiss of duels: this event is a %(format)s of tables of "
                                         "%(size)s", format=state.format.name, size=state.format.table_size)
    seeds = list(entrants_of(state))
    if not seeds:  # before round 1: the field as registered
        return write_trf(duel_trf(name, [p.name for p in state.players if not p.dropped], [],
                                  state.format.rounds or 0))
    history = played_rounds(state, finished_only=True)
    total = SWISS.total_rounds(state)
    gone = withdrawn(state)
    absent_next = [p for p in seeds if p in gone] if len(history) < total else []
    ranks = {row.player: row.rank for row in state.standings()}
    return write_trf(duel_trf(name, seeds, history, max(total, len(history)), ratings=ratings, ranks=ranks,
                              absent_next=absent_next))


def seeding_ratings(events: list[Event]) -> dict[str, int]:
    """The ratings that seeded round 1 (`tourney seat --ratings`), rounded, where TRF's four columns
    hold them (1 to 9999); none for a field seeded by lot or list."""
    from tourney.engine.log import annotate

    found: dict[str, int] = {}
    for entry in annotate(events):
        data = entry.event.data
        if entry.event.kind == "seat" and not entry.undone and data.get("stage") == 1:
            given = data.get("ratings") or {}
            found = {str(p): round(float(r)) for p, r in given.items() if 0 < round(float(r)) <= 9999}
    return found


def write_trf_file(path: Path, text: str) -> Path:
    """Write `text` to `path` (a temporary file in the same folder, renamed into place once
    complete); an existing file is replaced only when it is a TRF tourney wrote."""
    from tourney.app.input.files import check_replaceable, write_text
    from tourney.app.input.trf import MARKER

    check_replaceable(path, ours=lambda head: MARKER in head, kind=TRF_KIND)
    write_text(path, text)
    return path


def read_trf_players(file: str | Path) -> list[TrfEntrant]:
    """The players of a TRF file, in start-number order; a malformed file is refused naming its line."""
    from tourney.app.input.files import read_text

    return read_trf_field(read_text(Path(file)), source=str(file))


def import_trf_players(file: str | Path, entrants: list[TrfEntrant] | None = None, *, db: str | None = None,
                       tournament: str | None = None) -> Registered:
    """Register the players of a TRF file in start-number order (all or none; a bad line is refused
    naming it). Their ratings seed the field when the same file is given to `tourney seat --ratings`."""
    from tourney.app.input.names import checked_name
    from tourney.app.operations.players import NewPlayer, register
    from tourney.errors import worded

    found = read_trf_players(file) if entrants is None else entrants
    players = []
    for entrant in found:
        origin = worded("%(source)s line %(line)s", source=file, line=entrant.line)
        try:
            name = checked_name(entrant.name)
        except InvalidInputError as error:
            raise InvalidInputError.in_words("%(origin)s: %(reason)s", origin=origin,
                                             reason=error.words if error.words is not None else str(error)) from None
        players.append(NewPlayer(name, origin=origin))
    return register(players, db=db, tournament=tournament)
