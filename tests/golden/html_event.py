"""The seeded event behind the golden HTML sheets: 13 players (Polish and Cyrillic names, a
`<script>` name, a 60-character name, clubs) seated by lot, stage 1 played by bots, advanced to the
final and the final half played; built from the engine alone, with a fixed creation date, so the
same code always renders the same bytes. Used by tests/golden/test_html_golden.py and
scripts/regenerate_golden_html.py."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from unittest import mock

from tourney.app.bots.bot_run import play_stage
from tourney.app.floor.sheets import SHEETS, render_sheet
from tourney.app.read_models import views
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.storage.repo import Tournament

SEED = 2026
NAMES = ("Łukasz Żółć", "Хлюстовщик", "<script>alert(1)</script>", "Z" * 60, "Ann", "Bob", "Cy", "Dee",
         "Ewa Kamińska", "Filip", "Grażyna", "Henryk", "Irena")
CLUBS = ("Kraków", "Gdańsk", None)
TOURNAMENT = Tournament(1, "Golden Friday", "polish-poker", SEED, "golden", datetime(2026, 11, 27, 19, 0, tzinfo=UTC))
PRINTED_AT = datetime(2026, 11, 27, 21, 40, tzinfo=UTC)  # the provisional sheets' "as of 21:40"


def golden_state() -> TournamentState:
    events: list[Event] = []

    def add(kind: str, data: dict[str, Any]) -> TournamentState:
        events.append(Event(len(events) + 1, kind, data))
        return fold("polish-poker", events)

    state = fold("polish-poker", [])
    for i, name in enumerate(NAMES):
        state = add("register", {"name": name, "club": CLUBS[i % 3]})
    state = add("seat", draw_seats(state, SEED + 1))
    for kind, data in list(play_stage(state, event_seed=SEED)):
        state = add(kind, data)
    state = add("advance", {"stage": 1})
    state = add("seat", draw_seats(state, SEED + 2))
    final = list(play_stage(state, event_seed=SEED))
    for kind, data in final[: len(final) // 2]:
        state = add(kind, data)
    return state


def golden_sheets() -> dict[str, str]:
    """Every sheet of the golden event, by file name."""
    state = golden_state()
    with mock.patch.object(views, "local_now", lambda: PRINTED_AT):
        pages = {f"{sheet}.html": render_sheet(sheet, TOURNAMENT, state) for sheet in SHEETS}
        pages["seating-stage-1.html"] = render_sheet("seating", TOURNAMENT, state, stage=1)
    return pages
