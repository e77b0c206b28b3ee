"""Events at the moments the room watches the TV, built through tourney.app: a stages event at
its final table (someone out, cards held), the same event over, a knockout and a double
elimination half played, each with the long names and clubs of a real field."""

from __future__ import annotations

from pathlib import Path

from tourney import app

SAMPLE = Path(__file__).parents[2] / "tourney" / "data" / "sample_players.csv"
LONG_NAME = "Małgorzata Wiśniewska-Brzęczyszczykiewicz"


def _finish_open_tables(url: str) -> None:
    for table in app.tournament_state(db=url).tables:
        if not table.finished:
            app.finish(table.number, list(table.seats), db=url)


def stages_event(url: str, *, complete: bool = False) -> None:
    """41 players with clubs (and one long name) played through to the final table: its first seat
    out and a card more for the second, or, `complete`, to its champion."""
    app.new_tournament("Friday Night Polish Poker Open", game="pp", seed=7, db=url)
    app.import_players(SAMPLE, db=url)
    app.add_players([LONG_NAME], club="Towarzystwo Miłośników Gier Karcianych", db=url)
    app.seat(db=url)
    while not app.tournament_state(db=url).is_final_stage:
        _finish_open_tables(url)
        app.advance(db=url)
    final = app.tournament_state(db=url).tables[0]
    if complete:
        app.finish(1, list(final.seats), db=url)
        return
    while final.seats[0] not in app.tournament_state(db=url).tables[0].eliminated:
        app.enter_result(1, final.seats[0], db=url)
    app.enter_result(1, final.seats[1], db=url)


def elimination_event(url: str, fmt: str, players: int = 16, rounds: int = 1) -> None:
    """A bracket of `players` with the better seed winning each match of the first `rounds` rounds."""
    app.new_tournament("Khlyust Cup", game="khlyust", format=fmt, seed=5, db=url)
    app.add_players([LONG_NAME] + [f"Player {n:02d} Kowalczyk" for n in range(2, players + 1)], db=url)
    app.seat(db=url)
    for played in range(rounds):
        _finish_open_tables(url)
        if app.tournament_state(db=url).complete:
            return
        if played < rounds - 1:
            app.advance(db=url)
