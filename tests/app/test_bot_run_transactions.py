"""A bot-played table is stored in one transaction: the same events as one transaction per entry
(kind, data, order), and a table whose entries are refused midway leaves nothing of itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.bots import bot_run
from tourney.app.operations.seating import advance_and_seat, seat_next
from tourney.app.store.database import open_db
from tourney.app.store.unit_of_work import transaction
from tourney.engine.autoplay import bot_specs, builtin_match
from tourney.engine.tournament import TournamentState
from tourney.errors import IllegalActionError
from tourney.storage.events import all_events, snapshot

SEED = 3


def _bot_event(url: str, players: int) -> None:
    app.new_tournament("Bots", game="pp", seed=SEED, db=url)
    app.add_players([f"b{i}" for i in range(1, players + 1)], bot="random", db=url)


def _log(url: str) -> list[tuple[str, dict[str, Any]]]:
    with open_db(url) as database:
        _row, events = all_events(database)
    return [(event.kind, event.data) for event in events]


def _run_entry_by_entry(url: str) -> None:
    """The run as it was stored before: every entry its own transaction, stage after stage."""
    with open_db(url) as database:
        with transaction(database) as tx:
            seat_next(tx)
        state = tx.state
        while True:
            for table_play in bot_run.stage_plays(state, event_seed=SEED, bots=bot_specs(state), play=builtin_match):
                assert table_play.left is None
                for kind, data in table_play.entries:
                    with transaction(database) as tx:
                        tx.append(kind, data)
                    state = tx.state
            if state.complete:
                return
            with transaction(database) as tx:
                advance_and_seat(tx)
            state = tx.state


def test_a_table_per_transaction_stores_the_same_log_as_an_entry_per_transaction(tmp_path: Path) -> None:
    per_table, per_entry = sqlite_url(tmp_path, "table.db"), sqlite_url(tmp_path, "entry.db")
    for url in (per_table, per_entry):
        _bot_event(url, 30)
    run = app.run_bots(db=per_table, play=builtin_match)
    _run_entry_by_entry(per_entry)
    table_log = _log(per_table)
    assert run.state.complete and len(run.seated) > 1
    assert sum(1 for kind, _data in table_log if kind == "result") > 30
    assert table_log == _log(per_entry)


def test_a_table_refused_midway_stores_nothing_of_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = sqlite_url(tmp_path)
    _bot_event(url, 8)
    app.seat(db=url)
    real_plays = bot_run.stage_plays

    def second_table_refused(state: TournamentState, **kwargs: Any) -> Iterator[bot_run.TablePlay]:
        for table_play in real_plays(state, **kwargs):
            if table_play.table == 2:
                # Its first rounds are valid; the refused entry comes after them.
                bogus = ("result", {"table": 2, "loser": "nobody at this table"})
                table_play = bot_run.TablePlay(2, (*table_play.entries[:2], bogus, *table_play.entries[2:]))
            yield table_play

    monkeypatch.setattr(bot_run, "stage_plays", second_table_refused)
    with pytest.raises(IllegalActionError):
        app.run_bots(db=url, play=builtin_match)
    with open_db(url) as database:
        state = snapshot(database).state
    tables = {table.number: table for table in state.tables}
    assert tables[1].finished  # the table before it was committed
    results = [data for kind, data in _log(url) if kind == "result"]
    assert results and all(data["table"] == 1 for data in results)
    before = dump(url)
    with pytest.raises(IllegalActionError):
        app.run_bots(db=url, play=builtin_match)
    assert dump(url) == before
