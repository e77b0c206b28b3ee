"""`PolishPokerState.clone()`: an independent copy with the same cards, history and future deals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.match import make_bots, seat_names
from tourney.engine.records import replay, write_record
from tourney.rules.polish_poker import CALL, PolishPokerState


def play_on(state: PolishPokerState, seed: int) -> None:
    bots = make_bots("polish-poker", ["random"], state.n, seed)
    while not state.terminal:
        state.apply(bots[state.to_act].act(state.view(state.to_act)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), cut=st.integers(0, 200))
def test_a_clone_plays_on_exactly_like_the_original(seed: int, players: int, cut: int) -> None:
    original = PolishPokerState.new(seat_names("polish-poker", players), random.Random(seed), seed=seed)
    bots = make_bots("polish-poker", ["random"], players, seed)
    for _ in range(cut):
        if original.terminal:
            break
        original.apply(bots[original.to_act].act(original.view(original.to_act)))
    copy = original.clone()
    assert copy.events == original.events
    assert (copy.to_act, copy.decisions, copy.counts, copy.mask) == (
        original.to_act, original.decisions, original.counts, original.mask)
    # Same future deals: the same bot streams from here give the same game.
    play_on(original, seed + 1)
    play_on(copy, seed + 1)
    assert copy.events == original.events
    assert copy.standings == original.standings


def test_a_clone_is_independent_of_the_original() -> None:
    original = PolishPokerState.new(seat_names("polish-poker", 4), random.Random(3), seed=3)
    original.apply(10)
    before = original.events
    copy = original.clone()
    copy.apply(CALL)
    assert original.events == before
    assert original.round == 1 and copy.round == 2
    again = copy.clone()  # a clone of a clone deals what the clone would deal
    play_on(copy, 5)
    play_on(again, 5)
    assert again.events == copy.events


def test_a_clone_of_a_replayed_record_keeps_the_record_deals() -> None:
    played = PolishPokerState.new(seat_names("polish-poker", 3), random.Random(11), seed=11)
    bots = make_bots("polish-poker", ["random"], 3, 11)
    for _ in range(6):
        played.apply(bots[played.to_act].act(played.view(played.to_act)))
    play_on(played, 11)
    lines = write_record(played.events).splitlines()
    replayed = replay(lines)
    assert replayed.clone().events == played.events
