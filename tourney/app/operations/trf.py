"""An event as FIDE's Tournament Report File (`tourney export trf`), and a TRF's field registered.

    trf_text(db=, tournament=) -> str          the event's TRF-2016 (with XXR, XXC), rounds finished so far
    write_trf_file(path, text) -> Path         written whole (a temporary file renamed), never over another file

`tourney player import FILE.trf` registers a TRF's players (`players.import_players`) and `tourney
seat --ratings FILE.trf` seeds them by its ratings (`ratings.read_ratings_file`).

What the export holds, from what the event's format keeps for it (`exchange_record`, which refuses
in the format's own words where it keeps none): the field in seed order (start numbers), the ratings
that seeded it (`tourney seat --ratings`), each player's points and rank, and every finished round
(seat 0 white, the bye U, a forfeit + and -, a withdrawn player's rounds not paired). A round still
being played is left out, and a player withdrawn before the next round gets a not-paired entry for
it: a FIDE engine (bbpPairings, JaVaFo) reading the file pairs the next round from the same facts
tourney does.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.input.trf import TrfGame, duel_trf, initial_colour, write_trf

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tourney.engine.format_views import ExchangeRecord
    from tourney.engine.tournament import TournamentState

TRF_KIND = "TRF file"


def trf_text(*, db: str | None = None, tournament: str | None = None) -> str:
    """The TRF of the tournament (a format that keeps none refuses it in one line)."""
    from tourney.app.store.database import open_db
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        snap = snapshot(database, tournament=tournament)
    return event_trf(snap.tournament.name, snap.state)


def event_trf(name: str, state: TournamentState) -> str:
    """The TRF text of an event's state (see the module's docstring), from what its format says the
    file holds (`exchange_record`)."""
    record = state.kind.exchange_record(state)  # refused in the format's words where it keeps none
    if not record.rounds and record.first_tables is None:  # before round 1: the field as registered
        return write_trf(duel_trf(name, record.seeds, [], record.total_rounds))
    # A round a player sat out by choice (a requested bye, a late entry's missed round) is a bye of
    # the points the director gave: H half a point, Z none, F a whole one.
    unpaired = [{p: _BYE_CODES.get(points, "Z") for p, points in played.excused} for played in record.rounds]
    next_round: dict[str, str] = {}
    if len(record.rounds) < record.total_rounds:
        next_round = {p: "-" for p in record.seeds if p in record.withdrawn}
        next_round.update({p: _BYE_CODES.get(points, "Z") for p, points in record.next_excused.items()
                           if p not in record.withdrawn})
    return write_trf(duel_trf(name, record.seeds, record.rounds, max(record.total_rounds, len(record.rounds)),
                              ratings=trf_ratings(record.ratings), ranks=record.ranks, unpaired=unpaired,
                              next_round=next_round, first_colour=_first_colour(record)))


_BYE_CODES: dict[Fraction, str] = {Fraction(0): "Z", Fraction(1, 2): "H", Fraction(1): "F"}


def _first_colour(record: ExchangeRecord) -> str | None:
    """XXC of round 1 as seated (white: seat 0), before any of its tables has finished."""
    if record.first_tables is None:
        return None
    colours = {p: (TrfGame(0, "w" if seat == 0 else "b", ""),) for table in record.first_tables
               for seat, p in enumerate(table)}
    return initial_colour(record.seeds, colours)


def trf_ratings(ratings: Mapping[str, float]) -> dict[str, int]:
    """The ratings that seeded the field (`ExchangeRecord.ratings`), rounded, where TRF's four columns
    hold them (1 to 9999)."""
    return {player: round(rating) for player, rating in ratings.items() if 0 < round(rating) <= 9999}


def write_trf_file(path: Path, text: str) -> Path:
    """Write `text` to `path` (a temporary file in the same folder, renamed into place once
    complete); an existing file is replaced only when it is a TRF tourney wrote."""
    from tourney.app.input.files import check_replaceable, write_text
    from tourney.app.input.trf import MARKER

    check_replaceable(path, ours=lambda head: MARKER in head, kind=TRF_KIND)
    write_text(path, text)
    return path
