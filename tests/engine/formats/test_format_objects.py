"""Every registered format answers the seam's questions the same way its events play out: the data
front ends will read (`standings_columns`, `view_kind`, `unit`, `stage_label`, `describe`) agrees
with the standings, views and stages of a whole event run through the fold."""

from __future__ import annotations

import pytest

from tourney.engine.events import Event
from tourney.engine.format_config import FormatConfig, formats_for
from tourney.engine.format_registry import all_formats, find_format
from tourney.engine.formats.live import BracketView, RoundsView
from tourney.engine.standings import COMMON_COLUMNS
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.rules.games import find_game

GAME = "khlyust"  # seats 2-4: every built-in format
VIEWS = {"bracket": BracketView, "crosstable": RoundsView, "score-groups": RoundsView, "stages-tree": type(None),
         None: type(None)}


def _run(name: str, players: int = 6) -> tuple[TournamentState, list[str]]:
    """A whole event of `name`, every table entered with `finish` in seat order; the labels of its
    stages as they were played."""
    state = TournamentState(GAME)
    events = [Event(1, "format", FormatConfig(name).to_json())] if FormatConfig(name) != FormatConfig() else []
    events += [Event(2 + i, "register", {"name": f"P{i}", "club": None}) for i in range(players)]
    for event in events:
        state.apply(event)
    labels: list[str] = []
    next_id = 100
    while not state.complete:
        if state.stage:
            state.apply(Event(next_id, "advance", {"stage": state.stage}))
            next_id += 1
        state.apply(Event(next_id, "seat", draw_seats(state, next_id)))
        next_id += 1
        labels.append(state.kind.stage_label(state, state.stage))
        for table in state.tables:
            state.apply(Event(next_id, "finish", {"table": table.number, "order": table.still_in}))
            next_id += 1
    return state, labels


@pytest.mark.parametrize("name", formats_for(find_game(GAME)))
def test_what_a_format_says_matches_its_event(name: str) -> None:
    state, labels = _run(name)
    kind = find_format(name)
    assert state.kind is kind and kind.allowed_for(find_game(GAME))
    own = [column.key for column in kind.standings_columns]
    assert list(state.standings()[0].to_json()) == [*COMMON_COLUMNS, *own]
    assert all(list(row.values) == own for row in state.standings())
    assert isinstance(state.format_view(), VIEWS[kind.view_kind])
    assert labels[-1] == ("the final" if kind.takes_stage_plan else f"round {len(labels)}")
    assert all(label.startswith(kind.unit) for label in labels[:-1])
    assert (state.plan is not None) == kind.takes_stage_plan
    assert kind.describe(FormatConfig(name)) == name


def test_the_built_in_formats_in_their_order() -> None:
    assert [fmt.name for fmt in all_formats()][:5] == ["stages", "knockout", "double-elimination", "round-robin",
                                                       "swiss"]
    assert [fmt.label for fmt in all_formats()][:5] == ["stages", "knockout", "double elimination", "round robin",
                                                        "Swiss"]


def test_describe_names_the_options_given() -> None:
    config = FormatConfig("knockout", best_of=3, third_place=True, seeding="rating")
    assert config.kind.describe(config) == "knockout, best of 3, third-place match, seeded by rating"
    config = FormatConfig("swiss", table_size=3, rounds=4)
    assert config.kind.describe(config) == "swiss, tables of 3, 4 rounds"


def test_a_format_is_found_without_importing_the_others() -> None:
    """`find_format` imports the named format's own module (`round-robin`: `round_robin_format`)
    before any other: a command reading a Swiss imports no bracket format. An unknown name still
    lists every format."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from tourney.engine.format_registry import find_format\n"
            "assert find_format('round-robin').name == 'round-robin'\n"
            "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.endswith('_format')))\n"
            "try:\n"
            "    find_format('no-such')\n"
            "except Exception as error:\n"
            "    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    imported, refusal = done.stdout.splitlines()
    assert "knockout_format" not in imported and "round_robin_format" in imported
    assert "unknown format 'no-such'" in refusal
    assert all(format_.name in refusal for format_ in all_formats())
