"""The fold's state declares itself (issue 30, item 6) and each format owns its data (item 2):
every attribute of `TournamentState` is a declared field, the checkpoint says how it holds each one
(a field added without that fails at import), its encoding is versioned plain JSON that decodes to
an equal state, and what only one format needs is that format's object, copied and encoded by it."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tourney.engine import tournament
from tourney.engine.events import Event
from tourney.engine.format_registry import LiveState, TournamentFormat
from tourney.engine.standings import last_tables
from tourney.engine.tournament import (
    CHECKPOINT,
    CHECKPOINT_VERSION,
    CheckpointFields,
    EarlierLog,
    TournamentState,
    check_checkpoint_fields,
    draw_seats,
    fold,
)
from tourney.errors import IllegalActionError

ENGINE = Path(tournament.__file__).resolve().parent

# One event of each built-in format (and the default stages without a format event).
FORMATS: list[tuple[str, dict[str, Any] | None]] = [
    ("polish-poker", None),
    ("lou", None),
    ("polish-poker", {"format": "knockout", "best_of": 3, "third_place": True, "rounds": None, "table_size": 2,
                      "seeding": "lot"}),
    ("chlust", {"format": "double-elimination", "best_of": 1, "third_place": False, "rounds": None,
                "table_size": 2, "seeding": "lot"}),
    ("lou", {"format": "round-robin", "best_of": 1, "third_place": False, "rounds": None, "table_size": 4,
             "seeding": "lot"}),
    ("lou", {"format": "swiss", "best_of": 1, "third_place": False, "rounds": 3, "table_size": 2,
             "seeding": "lot"}),
]


class _Log:
    def __init__(self, game: str, config: dict[str, Any] | None, players: int) -> None:
        self.state = TournamentState(game)
        self.next_id = 0
        if config is not None:
            self.add("format", config)
        for number in range(players):
            self.add("register", {"name": f"P{number}", "club": None})

    def add(self, kind: str, data: dict[str, Any]) -> None:
        self.next_id += 1
        self.state.apply(Event(self.next_id, kind, data))


def _played(game: str, config: dict[str, Any] | None, players: int = 9, rounds: int | None = None) -> TournamentState:
    """An event of `game` run as `config`, `rounds` stages (or rounds) of it played (None: to the end):
    a game of the first table entered on its own, each table then finished in seat order; at the
    stages, the first qualifier of stage 1 drops out (another is promoted in their place)."""
    log = _Log(game, config, players)
    stage = 0
    while not log.state.complete and (rounds is None or stage < rounds):
        if log.state.stage and not log.state.closed:
            log.add("advance", {"stage": log.state.stage})
        log.add("seat", draw_seats(log.state, 7 + stage))
        stage += 1
        for table in log.state.tables:
            if table.number == 1 and not table.finished:
                with contextlib.suppress(IllegalActionError):
                    log.add("result", {"table": 1, "loser": table.still_in[-1]})
            if table.finished:
                continue
            try:
                log.add("finish", {"table": table.number, "order": list(table.still_in)})
            except IllegalActionError:  # a best-of-N whose games are entered: the games decide
                while not table.finished:
                    log.add("result", {"table": table.number, "loser": table.seats[-1]})
        if config is None and stage == 1 and not log.state.complete:
            log.add("drop", {"name": log.state.tables[0].finishing_order()[0]})
    return log.state


def _earlier(state: TournamentState) -> EarlierLog:
    """The log of `state` as a checkpoint's `EarlierLog` gives it."""
    from tourney.storage.checkpoint import EMPTY_LOG

    return EMPTY_LOG.extended(list(state.events))


def _through_checkpoint(state: TournamentState) -> TournamentState:
    data = json.loads(json.dumps(state.to_checkpoint()))
    return TournamentState.from_checkpoint(data, _earlier(state))


def _compared(state: TournamentState) -> dict[str, Any]:
    """Every field a checkpoint stores or rebuilds, tables by where they sit."""
    out = {name: getattr(state, name) for name in CHECKPOINT.stored}
    out["_by_name"] = state._by_name
    out["_where"] = {name: (t.stage, t.number) for name, t in state._where.items()}
    out["_descriptor"], out["_kind"] = state.descriptor.name, state.kind.name
    out["current"] = bool(state.history) and state.tables is state.history[-1]
    out["cap_rules"] = [t.cap_rule is state.descriptor.live_cap for tables in state.history for t in tables]
    return out


# ------------------------------------------------------------------ every attribute declared
def test_the_checkpoint_names_every_field_once() -> None:
    declared = {f.name for f in dataclasses.fields(TournamentState)}
    named = [*CHECKPOINT.stored, *CHECKPOINT.rebuilt, *CHECKPOINT.left_out]
    assert sorted(named) == sorted(declared)
    assert "_rules" not in declared


def test_a_field_added_without_saying_how_the_checkpoint_holds_it_fails() -> None:
    @dataclasses.dataclass
    class Grown(TournamentState):
        tally: int = 0

    with pytest.raises(TypeError, match=r"does not say how it holds \['tally'\]"):
        check_checkpoint_fields(Grown)
    check_checkpoint_fields(Grown, dataclasses.replace(CHECKPOINT, stored=(*CHECKPOINT.stored, "tally")))
    with pytest.raises(TypeError, match=r"lacks \['gone'\]"):
        check_checkpoint_fields(TournamentState, CheckpointFields((*CHECKPOINT.stored, "gone"), CHECKPOINT.rebuilt,
                                                                  CHECKPOINT.left_out))


@pytest.mark.parametrize(("game", "config"), FORMATS)
def test_a_state_holds_only_declared_attributes(game: str, config: dict[str, Any] | None) -> None:
    state = _played(game, config)
    declared = {f.name for f in dataclasses.fields(TournamentState)}
    assert set(vars(state)) == declared
    assert set(vars(state.copy())) == declared
    assert set(vars(_through_checkpoint(state))) == declared


# ------------------------------------------------------------------ the encoding
@pytest.mark.parametrize(("game", "config"), FORMATS)
@pytest.mark.parametrize("rounds", [0, 1, None])
def test_the_checkpoint_is_versioned_json_of_named_fields_and_decodes_to_the_same_state(
        game: str, config: dict[str, Any] | None, rounds: int | None) -> None:
    state = _played(game, config, rounds=rounds)
    data = state.to_checkpoint()
    assert data["version"] == CHECKPOINT_VERSION
    assert set(data["fields"]) == set(CHECKPOINT.stored)
    assert json.loads(json.dumps(data)) == data  # plain JSON: nothing a round trip changes
    loaded = _through_checkpoint(state)
    assert _compared(loaded) == _compared(state)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.events == state.events and loaded.touches == state.touches


def test_a_late_entry_grows_the_stored_plan() -> None:
    log = _Log("polish-poker", None, 13)
    log.add("seat", draw_seats(log.state, 3))
    log.add("register", {"name": "Late", "club": None})
    plan = log.state.plan
    assert plan is not None and plan.stages[0].players == 14
    loaded = _through_checkpoint(log.state)
    assert loaded.plan == plan and loaded.plan is not None and loaded.plan.citations == plan.citations
    log.add("register", {"name": "Later", "club": None})  # grows it again, citing the game's sections
    loaded.apply(Event(log.next_id, "register", {"name": "Later", "club": None}))
    assert loaded.plan == log.state.plan and _compared(loaded) == _compared(log.state)


def test_a_checkpoint_of_another_version_is_refused() -> None:
    state = _played("polish-poker", None, rounds=1)
    data = state.to_checkpoint()
    with pytest.raises(ValueError, match="another version"):
        TournamentState.from_checkpoint(data | {"version": CHECKPOINT_VERSION + 1}, _earlier(state))
    fields = dict(data["fields"])
    del fields["seeds"]
    with pytest.raises(ValueError, match="seeds"):
        TournamentState.from_checkpoint({"version": CHECKPOINT_VERSION, "fields": fields}, _earlier(state))


# ------------------------------------------------------------------ the format's own data
def test_what_one_format_needs_is_not_a_field_of_the_state() -> None:
    declared = {f.name for f in dataclasses.fields(TournamentState)}
    assert not declared & {"entrants", "bracket", "round_plans", "schedule_cache", "fixed_plan", "promoted"}


def test_no_protocol_of_the_format_seam_exposes_a_private_name() -> None:
    typing_own = {"_is_protocol", "_is_runtime_protocol", "_abc_impl"}  # what Protocol adds to every class
    for protocol in (LiveState, TournamentFormat):
        members = set(protocol.__annotations__) | {name for name in vars(protocol) if not name.startswith("__")}
        assert not [name for name in members - typing_own if name.startswith("_")], protocol


@pytest.mark.parametrize(("game", "config"), FORMATS)
def test_a_copy_owns_its_format_data(game: str, config: dict[str, Any] | None) -> None:
    state = _played(game, config, rounds=1)
    before = json.dumps(state.to_checkpoint())
    copied = state.copy()
    assert copied.format_data == state.format_data and copied.format_data is not state.format_data
    copied.apply(Event(10_000, "advance", {"stage": copied.stage}))
    copied.apply(Event(10_001, "seat", draw_seats(copied, 99)))
    assert json.dumps(state.to_checkpoint()) == before  # the original's data untouched


# ------------------------------------------------------------------ the restore's lock
def test_the_engine_holds_no_lock() -> None:
    for source in ENGINE.rglob("*.py"):
        tree = ast.parse(source.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "threading" not in imported, source


def test_threads_sharing_a_state_from_a_checkpoint_restore_its_log_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _played("polish-poker", None, rounds=1)
    log = list(state.events)
    loaded = _through_checkpoint(state)
    folds: list[int] = []
    real_fold = tournament.fold
    started = threading.Barrier(4)

    def counting_fold(game: str, events: list[Event]) -> TournamentState:
        folds.append(len(events))
        return real_fold(game, events)

    monkeypatch.setattr(tournament, "fold", counting_fold)
    seen: list[list[Event]] = []

    def read() -> None:
        started.wait()
        seen.append(loaded.events)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert folds == [len(log)]
    assert all(events == log for events in seen) and loaded.touches == fold("polish-poker", log).touches


def test_a_format_of_its_own_round_trips_with_no_change_elsewhere() -> None:
    """The tests' toy format (king of the hill) keeps the field its base class keeps: copied and
    stored as the built-in formats' are, with nothing written for it outside its module."""
    from toy_format import NAME, register, unregister

    register()
    try:
        config = {"format": NAME, "best_of": 1, "third_place": False, "rounds": None, "table_size": 2,
                  "seeding": "list"}
        for rounds in (1, None):
            state = _played("khlyust", config, players=5, rounds=rounds)
            assert state.kind.entrants(state) == ["P0", "P1", "P2", "P3", "P4"]
            loaded = _through_checkpoint(state)
            assert _compared(loaded) == _compared(state) and loaded.snapshot() == state.snapshot()
        assert state.complete and state.copy().format_data == state.format_data
    finally:
        unregister()


# ------------------------------------------------------------------ stages stored apart (issue 33, item 4)
def _through_bytes(state: TournamentState) -> TournamentState:
    return TournamentState.from_checkpoint_bytes(state.checkpoint_bytes(), _earlier(state))


@pytest.mark.parametrize(("game", "config"), FORMATS)
@pytest.mark.parametrize("rounds", [0, 1, 2, None])
def test_the_stored_bytes_decode_to_the_same_state_with_the_stages_before_the_last_unread(
        game: str, config: dict[str, Any] | None, rounds: int | None) -> None:
    state = _played(game, config, rounds=rounds)
    blob = state.checkpoint_bytes()
    apart = max(0, len(state.history) - 1)
    assert len(blob.split(b"\n")) == 1 + 2 * apart
    loaded = TournamentState.from_checkpoint_bytes(blob, _earlier(state))
    assert loaded.history.unread() == apart
    assert loaded.checkpoint_bytes() == blob  # written back as read, nothing decoded
    assert loaded.history.unread() == apart
    assert loaded.standings() == state.standings()
    if config is not None and config["format"] in ("swiss", "round-robin"):
        # A format of rounds ranks from the stages' results: the only tables read are those of a
        # stage holding someone's last table (a player with this round's bye).
        last = last_tables(state.history, [p.name for p in state.players])
        last_stages = {t.stage for t in last.values()} - {len(state.history)}
        assert loaded.history.unread() == apart - len(last_stages)
    assert _compared(loaded) == _compared(state) and loaded.snapshot() == state.snapshot()
    assert loaded.history.unread() == 0
    assert loaded.checkpoint_bytes() == blob  # and written again from the tables read, the same


def test_a_stage_s_results_are_its_finished_tables_as_the_ranking_reads_them() -> None:
    state = _played("lou", FORMATS[-1][1], rounds=2)
    log = _Log("lou", FORMATS[-1][1], 9)
    for event in state.events[len(log.state.events):]:
        log.add(event.kind, dict(event.data))
    log.add("advance", {"stage": 2})
    log.add("seat", draw_seats(log.state, 11))
    log.add("finish", {"table": 1, "order": list(log.state.tables[0].seats)})  # round 3 under way
    loaded = _through_bytes(log.state)
    for index, tables in enumerate(log.state.history):
        expected = tuple(t.result() if t.finished else None for t in tables)
        assert loaded.history.results(index) == log.state.history.results(index) == expected
    assert None in loaded.history.results(2) and loaded.history.unread() == 2
    assert loaded.history.results(-3) == loaded.history.results(0)


@pytest.mark.parametrize(("game", "config"), FORMATS[2:])
def test_a_copy_of_a_state_with_stages_unread_owns_what_it_reads(game: str, config: dict[str, Any]) -> None:
    state = _through_bytes(_played(game, config, rounds=2))
    copy = state.copy()
    assert copy.history.unread() == state.history.unread() == 1
    before = state.snapshot()
    first = copy.history[0][0]
    assert state.history[0][0] is not first and state.history[0][0] == first
    first.places.clear()  # the copy's table, read from the shared line, is the copy's own
    assert state.snapshot() == before
    renamed = state.players[0].name
    copy.apply(Event(10_000, "rename", {"name": renamed, "new": "Zed"}))
    assert state.snapshot() == before and any("Zed" in t.seats for tables in copy.history for t in tables)


def test_a_damaged_stage_is_one_storage_error_when_it_is_read() -> None:
    from tourney.errors import StorageError

    state = _played("lou", FORMATS[-1][1], rounds=2)
    head, results, tables = state.checkpoint_bytes().split(b"\n")
    loaded = TournamentState.from_checkpoint_bytes(b"\n".join([head, results, b"[[1, 2"]), _earlier(state))
    assert loaded.history.results(0) == state.history.results(0)
    with pytest.raises(StorageError, match=r"a stored checkpoint is damaged \(a stage's tables: .*DELETE FROM"):
        _ = loaded.history[0]
    broken = TournamentState.from_checkpoint_bytes(b"\n".join([head, b"[1]", tables]), _earlier(state))
    with pytest.raises(StorageError, match=r"a stored checkpoint is damaged \(a stage's results"):
        broken.history.results(0)
    with pytest.raises(ValueError, match="1 stages apart has 1 lines"):
        TournamentState.from_checkpoint_bytes(b"\n".join([head, results]), _earlier(state))
