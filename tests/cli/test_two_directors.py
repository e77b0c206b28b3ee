"""Two directors at once (issue 28): two browsers on the console, or a browser and the desk, on
SQLite and on PostgreSQL. A preview made stale by another entry is refused on confirmation, naming
what changed, and never applied blindly; two confirmations of one preview racing each other store
it once; entries made at the same time from two consoles are all kept."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from tourney_db_support import db_url, ok  # noqa: F401

from tourney.app.floor.console_correct import confirm_correction, correction_asked, preview_correction
from tourney.app.floor.console_stage import StalePreview, confirm_advance, preview_advance
from tourney.app.floor.entry_run import run_entry
from tourney.app.input.entry_line import read_entry_line
from tourney.app.operations.results import tables
from tourney.app.store.unit_of_work import read


def seated(url: str) -> None:
    ok(url, "new", "Both", "--game", "polish-poker", "--seed", "4")
    ok(url, "player", "add", *[f"p{i:02d}" for i in range(12)])
    ok(url, "seat")  # two tables of 6


def log(url: str) -> list[dict[str, Any]]:
    return list(json.loads(ok(url, "log", "--json").stdout))


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run `calls` in threads released together; each one's result or the exception it raised."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = calls[index]()
        except Exception as error:  # the refusal is the result under test
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def finish_both_tables(url: str) -> None:
    for table in (1, 2):
        seated_there = [seat.player for seat in tables(db=url).table(table).players]
        ok(url, "finish", str(table), *seated_there)


def test_two_confirmations_of_one_advance_store_it_once(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    finish_both_tables(db_url)
    first, second = preview_advance(db=db_url, tournament=None), preview_advance(db=db_url, tournament=None)
    assert first == second
    outcomes = at_once(lambda: confirm_advance(first.seen, db=db_url, tournament=None),
                       lambda: confirm_advance(second.seen, db=db_url, tournament=None))
    refused = [o for o in outcomes if isinstance(o, StalePreview)]
    stored = [o for o in outcomes if isinstance(o, tuple)]
    assert len(refused) == 1 and len(stored) == 1, outcomes
    assert "the log moved since this preview" in str(refused[0]) and "advance" in str(refused[0])
    assert [e["kind"] for e in log(db_url)].count("advance") == 1
    assert read(db_url, None).state.stage == 2


def test_a_correction_made_stale_at_the_desk_is_refused_and_stores_nothing(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    ok(db_url, "result", "1", "s1")
    target = log(db_url)[-1]["id"]
    asked = correction_asked(read(db_url, None).state, target, {"loser": ["s2"]})
    shown = preview_correction(target, asked, db=db_url, tournament=None)
    ok(db_url, "result", "2", "s3")  # the desk, meanwhile
    before = log(db_url)
    with pytest.raises(StalePreview, match=r"result table 2"):
        confirm_correction(target, asked, shown.seen, db=db_url, tournament=None)
    assert log(db_url) == before


def test_entries_from_two_consoles_at_once_are_all_kept(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    lines = [f"{table} s{seat}" for seat in (1, 2, 3) for table in (1, 2)]

    def entering(table: int) -> Callable[[], int]:
        def run() -> int:
            for line in (line for line in lines if line.startswith(f"{table} ")):
                run_entry(read_entry_line(line), db=db_url, tournament=None)
            return table
        return run

    assert at_once(entering(1), entering(2)) == [1, 2]
    results = [e for e in log(db_url) if e["kind"] == "result"]
    assert sorted(e["data"]["table"] for e in results) == [1, 1, 1, 2, 2, 2]
    ids = [e["id"] for e in log(db_url)]
    assert ids == sorted(set(ids))
