"""The persisted checkpoint (storage/checkpoint.py) and the overview rows (issue 20, item 3): a state
loaded from a checkpoint plus the events after it is the state folded from scratch; a checkpoint that
is missing, of another version, not of this log or not ours is refolded, never trusted or run."""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from log_support import append_events, forget_states

from tourney.engine.autoplay import builtin_match
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import TourneyError
from tourney.storage import checkpoint, events
from tourney.storage.db import Database, open_database

GAME = "polish-poker"


# ------------------------------------------------------------------ random logs (engine only)
def _random_log(choices: list[int], players: int) -> list[Event]:
    """A log a director could have entered: registrations, the seat draw, then one attempt per
    choice at a result, a drop, an undo (of the last entry, of any event, of an undo), a correction,
    a rename or an advance with the next stage's draw; refused attempts are not logged."""
    state = TournamentState(GAME)
    next_id = iter(range(1, 10**6))

    def attempt(kind: str, data: dict[str, Any]) -> None:
        with contextlib.suppress(TourneyError):
            state.apply(Event(next(next_id), kind, data))

    for number in range(players):
        attempt("register", {"name": f"P{number}", "club": f"C{number % 3}"})
    attempt("seat", draw_seats(state, 5))
    renamed = 0
    for choice in choices:
        pick = random.Random(choice)
        action = choice % 9
        playing = [t for t in state.tables if not t.finished]
        logged = state.events
        if action <= 2 and playing:
            table = pick.choice(playing)
            attempt("result", {"table": table.number, "loser": pick.choice(table.still_in)})
        elif action == 3:
            active = [p.name for p in state.players if not p.dropped]
            if active:
                attempt("drop", {"name": pick.choice(active)})
        elif action == 4 and state.last_undoable() is not None:
            attempt("undo", {"target": state.last_undoable()})
        elif action == 5 and logged:
            undos = [e.id for e in logged if e.kind == "undo"]
            attempt("undo", {"target": pick.choice(undos or [e.id for e in logged])})
        elif action == 6:
            results = [e for e in logged if e.kind == "result"]
            if results:
                target = pick.choice(results)
                table = state.table_of_event(target.id)
                if table is not None:
                    attempt("correct", {"target": target.id, "loser": pick.choice(table.seats)})
        elif action == 7:
            renamed += 1
            attempt("rename", {"name": pick.choice(state.players).name, "new": f"R{renamed}"})
        elif action == 8 and not state.can_advance():
            attempt("advance", {"stage": state.stage})
            attempt("seat", draw_seats(state, 5 + state.stage))
    return list(state.events)


def _canonical(state: TournamentState) -> dict[str, Any]:
    """Everything a command reads of a state, the log and what each event touched included."""
    return {"snapshot": state.snapshot(), "events": list(state.events), "touches": dict(state.touches),
            "status": state.status().to_json(), "format_data": state.format_data,
            "undoable": state.last_undoable_group(), "tables": state.tables_json(),
            "plan": state.plan.to_json() if state.plan else None}


@pytest.fixture(scope="module")
def scratch() -> Iterator[tuple[Database, int]]:
    """One database and tournament whose checkpoint row each example overwrites."""
    with tempfile.TemporaryDirectory() as folder, open_database(f"sqlite:///{folder}/cp.db") as database:
        row = events.create_tournament(database, name="T", game=GAME, seed=1)
        yield database, row.id


def _through_checkpoint(database: Database, tournament_id: int, before: list[Event]) -> TournamentState:
    """`before` folded, written as a checkpoint and read back (its log not restored yet)."""
    with database.write() as tx:
        assert checkpoint.save(tx, tournament_id, fold(GAME, before), checkpoint.EMPTY_LOG.extended(before))
    with database.read() as tx:
        loaded = checkpoint.load(tx, tournament_id, GAME)
    assert loaded is not None, "a checkpoint this tourney wrote must load"
    assert not loaded.state.log_restored  # read when a command needs it
    return loaded.state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=120), players=st.integers(4, 14),
       split=st.floats(0, 1))
def test_a_checkpoint_plus_the_events_after_it_is_the_fold_from_scratch(
        scratch: tuple[Database, int], choices: list[int], players: int, split: float) -> None:
    log = _random_log(choices, players)
    cut = int(len(log) * split)
    state = _through_checkpoint(*scratch, log[:cut])
    for event in log[cut:]:  # an undo or a correction of an event before the cut refolds the whole log
        state.apply(event)
    assert _canonical(state) == _canonical(fold(GAME, log))


def test_an_undo_of_an_entry_before_the_checkpoint(scratch: tuple[Database, int]) -> None:
    log = _random_log([0, 9, 18, 27, 1, 10], 6)
    last_result = max(e.id for e in log if e.kind == "result")
    state = _through_checkpoint(*scratch, log)
    state.apply(Event(log[-1].id + 1, "undo", {"target": last_result}))
    assert state.log_restored
    assert _canonical(state) == _canonical(fold(GAME, [*log, Event(log[-1].id + 1, "undo", {"target": last_result})]))


def test_every_format_checkpoints(scratch: tuple[Database, int], tmp_path: Path) -> None:
    """Each format's state (brackets, rounds, chips) and its own data store and load back."""
    from tourney import app

    formats: list[tuple[str, dict[str, Any]]] = [
        ("polish-poker", {}), ("polish-poker", {"format": "knockout", "best_of": 3}),
        ("lou", {"format": "round-robin", "table_size": 4}), ("lou", {"format": "swiss", "rounds": 3, "table_size": 2}),
        ("chlust", {"format": "double-elimination"}), ("chlust", {"format": "knockout", "third_place": True}),
        ("lou", {})]
    for number, (game, extra) in enumerate(formats):
        db = f"sqlite:///{tmp_path / f'event{number}.db'}"
        app.new_tournament("E", game=game, seed=3, db=db, **extra)
        app.add_players([f"Q{seat}" for seat in range(9)], bot="random", db=db)
        app.run_bots(db=db, play=builtin_match)
        with open_database(db) as database:
            _, logged = events.all_events(database)
            row_id = events.snapshot(database).tournament.id
            with database.write() as tx:
                assert checkpoint.save(tx, row_id, fold(game, logged), checkpoint.EMPTY_LOG.extended(logged))
            with database.read() as tx:
                loaded = checkpoint.load(tx, row_id, game)
            assert loaded is not None, (game, extra)
            assert _canonical(loaded.state) == _canonical(fold(game, logged)), (game, extra)
            assert loaded.state.complete


# ------------------------------------------------------------------ through events.appending
def _entries(database: Database, count: int, *, seed: int = 1) -> None:
    """`count` events in one transaction: random results, and an advance with the next seat draw
    when a stage is over."""
    rng = random.Random(seed)

    def make(state: TournamentState, _row: object) -> Iterator[tuple[str, dict[str, Any]]]:
        for _ in range(count):
            playing = [t for t in state.tables if not t.finished]
            if not playing:
                yield "advance", {"stage": state.stage}
                yield "seat", draw_seats(state, 9 + state.stage)
                continue
            table = rng.choice(playing)
            yield "result", {"table": table.number, "loser": rng.choice(table.still_in)}

    assert not events.peek(database, read=lambda state: state.complete)
    append_events(database, make=make)


def _seated(database: Database, players: int = 200) -> None:
    events.create_tournament(database, name="T", game=GAME, seed=1)
    append_events(database, make=lambda _s, _t: [("register", {"name": f"P{n:03d}", "club": None})
                                                 for n in range(players)])
    append_events(database, make=lambda state, _t: [("seat", draw_seats(state, 4))])


def _stored(database: Database) -> tuple[str, int, int] | None:
    with database.read() as tx:
        rows = tx.run("SELECT version, last_event_id, events FROM checkpoint")
    return (str(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else None


def _fresh_state(database: Database) -> TournamentState:
    """The state a new process reads (no state cached)."""
    forget_states(database)
    return events.snapshot(database).state


@pytest.fixture
def long_log(database: Database) -> Database:
    """A seated event whose checkpoint was written once (more than REWRITE_AFTER events)."""
    _seated(database)
    _entries(database, checkpoint.REWRITE_AFTER - 202)  # 200 registrations and a seat draw before
    assert _stored(database) is None
    _entries(database, 1)
    assert _stored(database) is not None
    return database


def test_an_entry_writes_the_checkpoint_every_rewrite_after_events(long_log: Database) -> None:
    stored = _stored(long_log)
    assert stored is not None and stored[0] == checkpoint.version()
    _entries(long_log, checkpoint.REWRITE_AFTER - 1, seed=2)
    assert _stored(long_log) == stored
    _entries(long_log, 1, seed=3)
    newer = _stored(long_log)
    assert newer is not None and newer[2] == stored[2] + checkpoint.REWRITE_AFTER
    forget_states(long_log)
    _, logged = events.all_events(long_log)
    assert newer[1:] == (logged[-1].id, len(logged))


def test_a_fresh_process_starts_from_the_checkpoint(long_log: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    _entries(long_log, 7, seed=4)
    _, logged = events.all_events(long_log)
    expected = _canonical(fold(GAME, logged))

    def no_fold(*_args: object) -> TournamentState:
        raise AssertionError("the whole log was folded")

    monkeypatch.setattr(events, "_fold_stored", no_fold)
    state = _fresh_state(long_log)
    assert not state.log_restored
    monkeypatch.undo()
    assert _canonical(state) == expected


@pytest.mark.parametrize("damage", [
    "UPDATE checkpoint SET version = 'an older tourney'",
    "UPDATE checkpoint SET last_event_id = last_event_id + 100000",  # not an event of this log
    ("UPDATE checkpoint SET state = :blob", {"blob": bytes.fromhex("80054e2e")}),  # a pickle of None, not a state
    ("UPDATE checkpoint SET state = :blob", {"blob": b"\x00\xff"}),
    # A row as the previous release wrote it (FORMAT 2: a pickle of the state's fields).
    ("UPDATE checkpoint SET version = :v, state = :blob",
     {"v": "2/" + checkpoint.version().partition("/")[2], "blob": pickle.dumps({"game": GAME, "stage": 1})}),
    # This version's JSON, but not of a state.
    ("UPDATE checkpoint SET state = :blob", {"blob": b'{"version": 1, "fields": {"game": "polish-poker"}}'}),
    "DELETE FROM checkpoint",
])
def test_a_checkpoint_not_to_be_used_is_refolded_then_rewritten(
        long_log: Database, damage: str | tuple[str, dict[str, Any]]) -> None:
    _entries(long_log, 3, seed=5)
    _, logged = events.all_events(long_log)
    with long_log.write() as tx:
        sql, params = (damage, None) if isinstance(damage, str) else damage
        tx.run(sql, params)
    state = _fresh_state(long_log)
    assert state.log_restored  # folded from the log
    assert _canonical(state) == _canonical(fold(GAME, logged))
    forget_states(long_log)
    _entries(long_log, 1, seed=6)  # the whole log since the last usable checkpoint: rewritten now
    stored = _stored(long_log)
    assert stored is not None and stored[0] == checkpoint.version() and stored[2] == len(logged) + 1


class _Hostile:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return os.system, (f"touch {self.marker}",)


def test_a_hostile_pickle_is_refolded_never_run(long_log: Database, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _, logged = events.all_events(long_log)
    with long_log.write() as tx:
        tx.run("UPDATE checkpoint SET state = :blob", {"blob": pickle.dumps({"players": _Hostile(marker)})})
        assert checkpoint.load(tx, 1, GAME) is None
    state = _fresh_state(long_log)
    assert not marker.exists()
    assert _canonical(state) == _canonical(fold(GAME, logged))


def test_a_checkpoint_of_another_game_is_refolded(long_log: Database) -> None:
    with long_log.read() as tx:
        assert checkpoint.load(tx, 1, "lou") is None
        assert checkpoint.load(tx, 1, GAME) is not None


def test_a_damaged_copy_of_the_log_is_one_error(long_log: Database) -> None:
    with long_log.write() as tx:
        tx.run("UPDATE checkpoint SET log = :log", {"log": b'[1, "register", {"name": "A"}]\n'})
    state = _fresh_state(long_log)
    with pytest.raises(TourneyError, match=r"a stored checkpoint is damaged \(not the log .*DELETE FROM checkpoint"):
        _ = state.events


def test_an_undo_before_the_checkpoint_in_a_fresh_process(long_log: Database) -> None:
    _, logged = events.all_events(long_log)
    first_result = next(e for e in logged if e.kind == "result")
    forget_states(long_log)
    with pytest.raises(TourneyError, match="depends on"):  # a later result at that table
        append_events(long_log, make=lambda _s, _t: [("undo", {"target": first_result.id})])
    forget_states(long_log)
    last = events.snapshot(long_log).state.last_undoable()
    forget_states(long_log)
    done = append_events(long_log, make=lambda _s, _t: [("undo", {"target": last})])
    _, after = events.all_events(long_log)
    assert _canonical(done.state) == _canonical(fold(GAME, after))


# ------------------------------------------------------------------ overview, desk
def test_overview_reads_the_overview_rows_without_folding(long_log: Database,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    events.create_and_choose(long_log, name="Next week", game="lou", seed=2)
    expected = [(o.tournament.name, o.summary, o.current) for o in events.overview(long_log)]
    state = _fresh_state(long_log)
    assert expected[0][1] == events.Summary(state.stage, state.complete, 200)
    forget_states(long_log)

    def no_state(*_args: object, **_kwargs: object) -> TournamentState:
        raise AssertionError("a tournament was folded")

    monkeypatch.setattr(events, "_current", no_state)
    assert [(o.tournament.name, o.summary, o.current) for o in events.overview(long_log)] == expected
    made = events.create_and_choose(long_log, name="Later", game="lou", seed=3)
    assert [row.name for row in made.running] == ["T"]


def test_an_overview_row_behind_the_log_is_refolded(long_log: Database) -> None:
    with long_log.write() as tx:
        tx.run("UPDATE overview SET stage = 7, last_event_id = last_event_id - 1")
    forget_states(long_log)
    assert events.overview(long_log)[0].summary.stage == 1


def test_a_peek_leaves_the_state_to_the_next_entry_uncopied(long_log: Database,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    names = events.peek(long_log, read=lambda state: [p.name for p in state.players])
    assert len(names) == 200

    def no_copy(_state: TournamentState) -> TournamentState:
        raise AssertionError("the state was copied")

    monkeypatch.setattr(TournamentState, "copy", no_copy)
    for seed in range(3):
        events.peek(long_log, read=lambda state: len(state.tables))
        _entries(long_log, 1, seed=10 + seed)
    events.snapshot(long_log)  # a reader's snapshot: the next entry copies it, as before
    with pytest.raises(AssertionError, match="copied"):
        _entries(long_log, 1, seed=20)


def test_a_schema_3_file_is_upgraded_and_lists_the_same(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    with open_database(url) as database:
        _seated(database, players=8)
        _entries(database, 5)
        before = [(o.tournament.name, o.summary) for o in events.overview(database)]
        with database.write() as tx:
            tx.run("DROP TABLE checkpoint")
            tx.run("DROP TABLE overview")
            tx.run("UPDATE schema_version SET version = 3")
    with open_database(url, create=False, read_only=True) as database:  # read as it is: folded
        assert not database.has_checkpoints
        assert [(o.tournament.name, o.summary) for o in events.overview(database)] == before
    with open_database(url) as database:  # upgraded in place
        assert database.has_checkpoints
        assert [(o.tournament.name, o.summary) for o in events.overview(database)] == before
        _entries(database, 1, seed=7)
        with database.read() as tx:
            assert tx.run("SELECT count(*) FROM overview")[0][0] == 1


def test_the_version_names_the_build_kind_and_the_engine() -> None:
    from tourney import _build

    kind = "compiled" if _build.compiled_modules() else "pure"
    version = checkpoint.version()
    assert f"/{kind}/" in version and version.startswith(f"{checkpoint.FORMAT}/")
    # A build of the other kind wrote it: refolded (the load compares the whole string).
    assert version.replace(f"/{kind}/", "/other/") != version


def test_a_state_holding_a_function_is_not_stored(scratch: tuple[Database, int]) -> None:
    log = _random_log([0, 1, 2], 6)
    state = fold(GAME, log)
    state.tables[0].cap_rule = lambda players: players  # not the game's rule: no reference for it
    database, tournament_id = scratch
    with database.write() as tx:
        tx.run("DELETE FROM checkpoint")
        assert not checkpoint.save(tx, tournament_id, state, checkpoint.EMPTY_LOG.extended(log))
        assert checkpoint.load(tx, tournament_id, GAME) is None


def test_a_swiss_read_back_ranks_its_closed_rounds_without_reading_their_tables(database: Database) -> None:
    """Issue 33, item 4: the rounds before the last are stored apart and only their results are read
    for the standings; a damaged stored round is one error when it is read, and a refold cures it."""
    events.create_tournament(database, name="S", game="lou", seed=3)

    def play(state: TournamentState, _t: Any) -> list[tuple[str, dict[str, Any]]]:
        entries: list[tuple[str, dict[str, Any]]] = [("format", {"format": "swiss", "rounds": 3, "table_size": 2,
                                                                  "best_of": 1, "third_place": False,
                                                                  "seeding": "lot", "tiebreaks": ""})]
        entries += [("register", {"name": f"P{n}", "club": None}) for n in range(10)]
        return entries

    def next_round(state: TournamentState, _t: Any) -> Iterator[tuple[str, dict[str, Any]]]:
        if state.stage:
            yield "advance", {"stage": state.stage}
        yield "seat", draw_seats(state, 5)  # drawn once the advance is applied

    append_events(database, make=play)
    for _ in range(3):
        append_events(database, make=next_round)
        append_events(database, make=lambda state, _t: [
            ("finish", {"table": t.number, "order": list(t.seats)}) for t in state.tables])
    _, logged = events.all_events(database)
    folded = fold("lou", logged)
    with database.write() as tx:
        assert checkpoint.save(tx, 1, folded, checkpoint.EMPTY_LOG.extended(logged))
    state = _fresh_state(database)
    assert state.history.unread() == 2
    assert state.standings() == folded.standings() and state.history.unread() == 2
    assert state.kind.statuses(state) == folded.kind.statuses(folded) and state.history.unread() == 2  # `status`
    assert state.snapshot() == folded.snapshot()
    with database.write() as tx:
        blob = bytes(tx.run("SELECT state FROM checkpoint")[0][0])
        head, _results, *rest = blob.split(b"\n")
        tx.run("UPDATE checkpoint SET state = :blob", {"blob": b"\n".join([head, b"[[1]]", *rest])})
    with pytest.raises(TourneyError, match=r"checkpoint is damaged \(a stage's results.*DELETE FROM checkpoint"):
        _fresh_state(database).standings()
    with database.write() as tx:
        tx.run("DELETE FROM checkpoint")
    assert _fresh_state(database).standings() == folded.standings()
