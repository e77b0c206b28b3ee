"""`tourney run --workers N [--backend local|ray]` (issue 20 item 1): a stage's tables are played on
the arena's backends and entered in table order, so the log is that of a serial run; a table's
error or an interrupt (in a worker or not) stores the tables played before it, no half-entered
table, and leaves no worker process; the progress hooks name a stage with the format's word."""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from app_support import sqlite_url

from tourney import app
from tourney.app.bots.bot_run import Observer
from tourney.app.store.database import open_db
from tourney.engine.autoplay import builtin_match
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameState
from tourney.storage.events import all_events, snapshot

SEED = 5
BOTS = {"random": 24, "prob": 8, "honest": 8}  # 40 players: eight tables of five, then four stages more


def _bot_event(url: str, bots: Mapping[str, int] = BOTS, fmt: str = "stages") -> None:
    app.new_tournament("Bots", game="pp", seed=SEED, db=url, format=fmt)
    number = 0
    for spec, count in bots.items():
        app.add_players([f"b{number + i:02d}" for i in range(1, count + 1)], bot=spec, db=url)
        number += count


def _log(url: str) -> list[tuple[str, dict[str, Any]]]:
    with open_db(url) as database:
        _row, events = all_events(database)
    return [(event.kind, event.data) for event in events]


def _serial_log(tmp_path: Path) -> list[tuple[str, dict[str, Any]]]:
    url = sqlite_url(tmp_path, "serial.db")
    _bot_event(url)
    assert app.run_bots(db=url).state.complete
    return _log(url)


def test_two_local_workers_store_the_log_of_a_serial_run(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path, "workers.db")
    _bot_event(url)
    run = app.run_bots(db=url, workers=2)
    assert run.state.complete and len(run.seated) > 2
    log = _log(url)
    assert sum(1 for kind, _data in log if kind == "result") > 40
    assert log == _serial_log(tmp_path)
    assert multiprocessing.active_children() == []  # the pool's workers are gone
    # Ray: tests/cli/test_run_workers.py (one Ray start for the suite, with cmd: and module: bots).


@pytest.mark.parametrize(("workers", "backend", "message"), [
    (0, "local", "--workers must be at least 1"),
    (-3, "local", "--workers must be at least 1"),
    (2, "cluster", "unknown backend 'cluster'"),
])
def test_bad_workers_or_backend_are_refused_before_anything_is_stored(
        tmp_path: Path, workers: int, backend: str, message: str) -> None:
    url = sqlite_url(tmp_path)
    _bot_event(url)
    before = _log(url)
    with pytest.raises(InvalidInputError, match=message):
        app.run_bots(db=url, workers=workers, backend=backend)
    assert _log(url) == before


class MachineBroke(Exception):
    pass


def _broken_at_b07(game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                   options: Mapping[str, object]) -> GameState:
    """The built-in match, except at b07's table: an error inside the worker."""
    if "b07" in players:
        raise MachineBroke("the bot machine broke")
    return builtin_match(game, players, specs, seed, options)


def _interrupted_at_b07(game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                        options: Mapping[str, object]) -> GameState:
    """As if Ctrl-C reached the worker playing b07's table."""
    if "b07" in players:
        raise KeyboardInterrupt
    return builtin_match(game, players, specs, seed, options)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("play", "error"), [(_broken_at_b07, MachineBroke), (_interrupted_at_b07, KeyboardInterrupt)])
def test_a_table_that_fails_leaves_the_tables_before_it_whole_and_no_process(
        tmp_path: Path, play: Any, error: type[BaseException], workers: int) -> None:
    url = sqlite_url(tmp_path)
    _bot_event(url, {"random": 40})
    app.seat(db=url)
    with pytest.raises(error):
        app.run_bots(db=url, play=play, workers=workers)
    assert multiprocessing.active_children() == []
    with open_db(url) as database:
        tables = snapshot(database).state.tables
    broken = next(table.number for table in tables if "b07" in table.seats)
    for table in tables:
        # Entered in table order: every table before the broken one whole, none from it on, none half.
        assert table.finished == (table.number < broken), table.number
        assert table.finished or table.rounds == 0


def test_the_stage_observer_is_told_the_formats_word(tmp_path: Path) -> None:
    told: list[tuple[int, int, str]] = []

    def started(stage: int, tables: int, unit: str) -> None:
        told.append((stage, tables, unit))

    stages, rounds = sqlite_url(tmp_path, "stages.db"), sqlite_url(tmp_path, "rounds.db")
    _bot_event(stages, {"random": 12})
    _bot_event(rounds, {"random": 4}, fmt="round-robin")
    app.run_bots(db=stages, observer=Observer(stage_started=started), workers=2)
    assert told and {unit for _stage, _tables, unit in told} == {"stage"}
    told.clear()
    app.run_bots(db=rounds, observer=Observer(stage_started=started))
    assert told == [(1, 2, "round"), (2, 2, "round"), (3, 2, "round")]
