"""A stored event the engine cannot even inspect (an engine-level KeyError/TypeError rather than a rule
it names) is still one StorageError naming the event: storage finds it by folding shorter prefixes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, fold
from tourney.errors import StorageError
from tourney.storage import events
from tourney.storage.db import Database


def test_an_unexpected_failure_of_the_fold_names_the_event(database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=1)
    events.record(database, make=lambda _s, _t: [("register", {"name": n, "club": None})
                                                 for n in ("Ann", "Bob", "Cy", "Dee")])
    bad = events.all_events(database)[1][2].id  # Cy's registration

    def brittle_fold(game: str, stored: Sequence[Event]) -> TournamentState:
        if any(e.id == bad for e in stored):
            raise KeyError("name")
        return fold(game, stored)

    monkeypatch.setattr(events, "fold", brittle_fold)
    events.clear_cache()
    with pytest.raises(StorageError, match=rf"^event {bad} \(register\) of tournament 'T' cannot be read \(KeyError"):
        events.snapshot(database)


def test_new_after_a_snapshot_leaves_the_cache_usable(database: Database) -> None:
    # `create_and_choose` folds every tournament to see whether one is running; a reader's frozen
    # snapshot it meets must stay marked shared, or the next write would apply to a frozen state.
    events.create_tournament(database, name="T", game="polish-poker", seed=1)
    events.snapshot(database)
    events.create_and_choose(database, name="U", game="lou", seed=1)
    events.record(database, tournament="T", make=lambda _s, _t: [("register", {"name": "Ann", "club": None})])
    assert [p.name for p in events.snapshot(database, tournament="t").state.players] == ["Ann"]
