"""Hypothesis invariants over random seeded Lou matches: chips conserved with the pot at every
audit line, cards conserved in every deal, 3 tricks a played deal, every illegal action refused
without a change, records replaying identically (and from their seed); tampering is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.records import replay, write_record
from tourney.errors import IllegalActionError, InvalidActionError, RecordError
from tourney.rules.lou import N_ACTIONS, LouOptions, LouState

OPTION_SETS = st.fixed_dictionaries({
    "ante": st.sampled_from([3, 6]),
    "start_chips": st.sampled_from([9, 30, 100]),
    "rotations": st.integers(1, 2),
    "ante_by": st.sampled_from(["all", "dealer"]),
    "lone_player": st.sampled_from(["takes_pot", "plays_dummy"]),
    "strict_loo": st.booleans(),
    "lead": st.sampled_from(["left_of_dealer", "upcard_count"]),
    "payout": st.sampled_from(["per_trick", "majority"]),
    "allow_debt": st.booleans(),
})


def play(players: int, seed: int, options: dict[str, Any], probe: bool = False) -> LouState:
    names = [f"p{i}" for i in range(players)]
    state = LouState.new(names, random.Random(seed), LouOptions(**options), seed)
    rng = random.Random(seed + 1)
    steps = 0
    while not state.terminal:
        legal = state.legal_actions()
        if probe and steps % 7 == 0:
            before = state.events
            for action in rng.sample(range(N_ACTIONS), 40):
                if action not in legal:
                    with pytest.raises((IllegalActionError, InvalidActionError)):
                        state.apply(action)
            assert state.events == before
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20_000, "a match that does not end"
    return state


def audit(events: list[dict[str, Any]]) -> None:
    header = events[0]
    chips = dict(header["chips"])
    total = sum(chips.values())
    deal_cards: set[str] = set()
    tricks = 0
    for event in events[1:]:
        kind = event["event"]
        if kind == "ante":
            for name, paid in event["antes"].items():
                chips[name] -= paid
            assert sum(chips.values()) + event["pot"] == total
        elif kind == "deal":
            deal_cards = {card for hand in event["hands"].values() for card in hand} | {event["upcard"]}
            assert len(deal_cards) == 3 * len(event["hands"]) + 1
            assert all(len(hand) == 3 for hand in event["hands"].values())
            tricks = 0
        elif kind in ("draw", "dummy"):
            new = event["cards"] if kind == "draw" else event["hand"]
            assert not deal_cards & set(new), "a card drawn twice in one deal"
            deal_cards |= set(new)
        elif kind == "trick":
            tricks += 1
        elif kind == "settle":
            assert tricks == (3 if event["result"] == "played" else 0)
            for name, delta in event["deltas"].items():
                chips[name] += delta
            assert sum(chips.values()) + event["pot"] == total
        elif kind == "end":
            for name, share in event["split"].items():
                chips[name] += share
            assert chips == event["chips"] and event["pot"] == 0 and sum(chips.values()) == total
            if not header["options"]["allow_debt"]:
                assert min(chips.values()) >= 0


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), options=OPTION_SETS)
def test_random_matches_keep_every_invariant(players: int, seed: int, options: dict[str, Any]) -> None:
    state = play(players, seed, options, probe=True)
    events = state.events
    audit(events)
    assert events[-1]["event"] == "end"
    outcome = state.outcome()
    assert sorted(outcome.standings) == sorted(state.players) and outcome.places[0] == 1
    assert outcome.chip_counts() == events[-1]["chips"]
    lines = write_record(events).splitlines()
    assert replay(lines).events == events
    assert replay(lines, check_seed=True).events == events


def test_tampered_records_are_refused_at_the_bad_line() -> None:
    state = play(5, 7, {})
    lines = write_record(state.events).splitlines()
    settle_at = next(i for i, line in enumerate(lines) if '"settle"' in line and '"played"' in line)
    record = json.loads(lines[settle_at])
    name = next(iter(record["deltas"]))
    record["deltas"][name] += 1
    with pytest.raises(RecordError, match=f"line {settle_at + 1}: settle deltas"):
        replay([*lines[:settle_at], json.dumps(record), *lines[settle_at + 1:]])
    play_at = next(i for i, line in enumerate(lines) if '"play"' in line)
    with pytest.raises(RecordError, match=f"line {play_at + 1}"):
        replay([*lines[:play_at], lines[play_at].replace('"player": "', '"player": "x'), *lines[play_at + 1:]])


def test_check_seed_refuses_a_deal_the_seed_does_not_make() -> None:
    state = play(4, 11, {})
    events = state.events
    first_deal = next(i for i, e in enumerate(events) if e["event"] == "deal")
    hands = events[first_deal]["hands"]
    a, b = list(hands)[:2]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]   # swap two dealt cards
    lines = write_record(events).splitlines()
    with pytest.raises(RecordError):
        replay(lines, check_seed=True)
