"""Hypothesis invariants over random seeded Хлюст matches (2, 3 and 4 players, random options):
chips conserved with the kassa at every audit line, cards conserved in every deal, 3 tricks a
played deal, the Козырный Хлюст lock holds, every illegal action refused without a change, records
replaying identically (and from their seed); tampering is refused. Also the conformance contract
for 3 players, which the shared suite (2 and 4 players) does not seat."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record
from tourney.errors import IllegalActionError, InvalidActionError, RecordError
from tourney.rules.khlyust import KHLYUST, N_ACTIONS, KhlyustOptions, KhlyustState
from tourney.rules.khlyust.combos import DECK_32, DECK_36
from tourney.rules.tricks import ID_OF_TEXT

OPTION_SETS = st.fixed_dictionaries({
    "ante": st.sampled_from([1, 3, 5]),
    "start_chips": st.sampled_from([6, 20, 100]),
    "rotations": st.integers(1, 2),
    "allow_debt": st.booleans(),
    "podruchny_side": st.sampled_from(["right", "left"]),
    "declared_settlement": st.sampled_from(["majority_takes_all", "three_takes_all", "proportional"]),
    "concealment_base": st.sampled_from(["original", "doubled"]),
    "allow_concealment": st.booleans(),
    "instant_khlyust": st.booleans(),
    "max_exchange": st.integers(0, 3),
    "obliged_may_exchange": st.booleans(),
    "listy_by_exchange": st.booleans(),
    "must_head": st.booleans(),
    "okhlupku": st.booleans(),
    "three_aces": st.booleans(),
})


def play(players: int, seed: int, options: dict[str, Any], probe: bool = False) -> KhlyustState:
    state = KhlyustState.new([f"p{i}" for i in range(players)], random.Random(seed), KhlyustOptions(**options), seed)
    rng = random.Random(seed + 1)
    steps = 0
    while not state.terminal:
        legal = state.legal_actions()
        if probe and steps % 5 == 0:
            before, to_act = state.events, state.to_act
            for action in [*rng.sample(range(N_ACTIONS), 30), *range(60)]:
                if action not in legal:
                    with pytest.raises((IllegalActionError, InvalidActionError)):
                        state.apply(action)
            assert state.events == before and state.to_act == to_act
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 5_000, "a match that does not end"
    return state


def audit(events: list[dict[str, Any]]) -> None:
    header = events[0]
    chips = dict(header["chips"])
    total = sum(chips.values())
    full = set(DECK_36 if header["duel"] else DECK_32)
    pot = 0
    antes: dict[str, int] = {}
    cards: set[int] = set()
    tricks = 0
    locked = False
    for event in events[1:]:
        kind = event["event"]
        if kind == "ante":
            antes = event["antes"]
            for name, paid in antes.items():
                chips[name] -= paid
            pot += sum(antes.values())
            assert pot == event["pot"] and event["carry"] == pot - sum(antes.values())
        elif kind == "deal":
            dealt = [ID_OF_TEXT[c] for hand in event["hands"].values() for c in hand] + [ID_OF_TEXT[event["upcard"]]]
            assert len(set(dealt)) == len(dealt) and set(dealt) <= full, "one deck, no card twice"
            assert all(len(hand) == 3 for hand in event["hands"].values())
            cards, tricks, locked = set(dealt), 0, False
        elif kind == "exchange":
            drawn = {ID_OF_TEXT[c] for c in event["cards"]}
            assert len(drawn) == len(event["discards"]) and not drawn & cards and drawn <= full
            cards |= drawn
            assert not (locked and event["declares"]), "nothing is declared after a Козырный Хлюст"
            locked = locked or event["declares"] == "trump"
        elif kind == "declare":
            assert not locked, "nothing is declared after a Козырный Хлюст"
            locked = event["khlyust"] == "trump"
        elif kind == "trick":
            tricks += 1
        elif kind == "settle":
            assert tricks == (3 if event["result"] == "played" else 0), "three tricks a played deal"
            assert sum(event["tricks"].values()) == tricks
            assert set(event["deltas"]) == set(antes)
            for name, delta in event["deltas"].items():
                chips[name] += delta + antes[name]
                pot -= delta + antes[name]
            assert pot == event["pot"] >= 0, "the deltas balance the change of the kassa"
            assert sum(chips.values()) + pot == total
        elif kind == "end":
            for name, share in event["split"].items():
                chips[name] += share
            assert chips == event["chips"] and event["pot"] == 0 and sum(chips.values()) == total


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), options=OPTION_SETS)
def test_random_matches_conserve_chips_and_cards_and_replay(players: int, seed: int, options: dict[str, Any]) -> None:
    state = play(players, seed, options, probe=seed % 4 == 0)
    events = state.events
    audit(events)
    assert json.loads(json.dumps(events, ensure_ascii=False)) == events
    lines = write_record(events).splitlines()
    assert replay(lines).events == events
    assert replay(lines, check_seed=True).events == events
    assert replay(lines).outcome() == state.outcome()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tampered_records_are_refused(players: int) -> None:
    state = play(players, 17, {})
    lines = write_record(state.events).splitlines()
    card = next(i for i, line in enumerate(lines) if '"event": "card"' in line)
    settle = next(i for i, line in enumerate(lines) if '"event": "settle"' in line)
    for record in ([*lines[:card], *lines[card + 1:]],
                   [*lines[:settle], lines[settle].replace('"pot": ', '"pot": 1', 1), *lines[settle + 1:]],
                   lines[:-1]):
        with pytest.raises(RecordError):
            replay(record)


def test_three_players_meet_the_conformance_contract() -> None:
    """The shared suite seats 2 and 4; the usual Хлюст table is 3 (the same checks, briefly)."""
    names = seat_names(KHLYUST, 3)
    for seed in range(6):
        state = KHLYUST.new_state(names, random.Random(seed), {}, seed)  # type: ignore[misc]
        rng = random.Random(seed)
        while not state.terminal:
            for seat in range(3):
                text = json.dumps(state.view(seat).to_json(), ensure_ascii=False)
                assert not [c for c in state.hidden_cards(seat) if f'"{c}"' in text]
            view = state.view(state.to_act)
            assert view.legal_actions() == state.legal_actions()
            for action in state.legal_actions():
                assert KHLYUST.parse_action(KHLYUST.action_text(action)) == action  # type: ignore[misc]
            if rng.random() < 0.1:
                twin = state.clone()
                before = state.events
                while not twin.terminal:
                    twin.apply(twin.legal_actions()[0])
                assert state.events == before
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert sorted(outcome.standings) == sorted(names) and outcome.places[0] == 1
    match = play_match(KHLYUST, names, make_bots(KHLYUST, ["random"], 3, 5), seed=5)
    assert replay(write_record(match.events).splitlines()).events == match.events
