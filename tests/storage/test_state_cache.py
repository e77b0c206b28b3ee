"""The Database's cache of folded states: a small LRU, and the copy-on-write rule of `Folded`."""

from __future__ import annotations

import pytest

from tourney.engine.tournament import TournamentState
from tourney.storage.state_cache import Folded, StateCache


def _folded() -> Folded:
    return Folded(TournamentState("polish-poker"), 0, None, 0)


def test_a_writer_gets_the_state_itself_until_a_reader_holds_it_then_a_copy() -> None:
    folded = _folded()
    first = folded.for_writer()
    assert folded.for_writer() is first and not folded.shared  # no copy per entry
    held = folded.for_reader()
    assert folded.shared and held is first and held.frozen
    written = folded.for_writer()
    assert written is not held and not written.frozen and not folded.shared
    assert folded.for_reader() is written


def test_the_least_recently_used_tournament_goes_first() -> None:
    cache = StateCache(capacity=2)
    entries = {uid: _folded() for uid in "abc"}
    cache.put("a", entries["a"])
    cache.put("b", entries["b"])
    assert cache.take("a") is entries["a"]
    cache.put("a", entries["a"])  # used again: now the newest
    cache.put("c", entries["c"])
    assert "b" not in cache and "a" in cache and "c" in cache and len(cache) == 2
    assert cache.take("b") is None


def test_a_cache_holds_at_least_one_tournament() -> None:
    with pytest.raises(ValueError, match="at least one"):
        StateCache(capacity=0)
