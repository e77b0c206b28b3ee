"""The perfect-recall information state as a tensor (issue 32 item 3: `tourney.envs.infostate`):
fixed size, one tensor per information state (the string's), and the hidden cards in none."""

from __future__ import annotations

import itertools
import random

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)
import pyspiel  # noqa: E402
from test_openspiel_games import deal  # noqa: E402

import tourney.openspiel  # noqa: E402
from tourney.envs.features import feature_spec  # noqa: E402
from tourney.envs.infostate import layout_for  # noqa: E402
from tourney.rules.games import (  # noqa: E402
    all_games,
    find_game,
    resolve_options,
)

# tourney's own games: a plug-in another test registered in this process (a toy game) has no deals
# to arrange, so its resampling is not this suite's to test.
OWN = {tourney.openspiel.short_name(game) for game in all_games()
       if str(getattr(game.new_state, "__module__", "")).startswith("tourney.")}
GAMES = sorted(name for name in tourney.openspiel.register_all() if name in OWN)


@pytest.mark.parametrize("name", GAMES)
def test_the_tensor_tells_apart_exactly_what_the_string_does(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 2})
    size = game.information_state_tensor_shape()[0]
    seen: dict[tuple[int, bytes], str] = {}
    strings: dict[tuple[int, str], bytes] = {}
    for seed in range(3):
        state = deal(game, seed)
        chooser = random.Random(seed)
        while not state.is_terminal():
            for seat in range(2):
                tensor = np.asarray(state.information_state_tensor(seat), np.float32)
                assert tensor.shape == (size,)
                key = tensor.tobytes()
                text = state.information_state_string(seat)
                assert seen.setdefault((seat, key), text) == text  # one tensor, one information state
                assert strings.setdefault((seat, text), key) == key
            state.apply_action(chooser.choice(state.legal_actions()))
    assert len(seen) > 20


def test_the_layout_is_documented_and_sized_by_the_options() -> None:
    descriptor = find_game("chlust")
    spec = feature_spec(descriptor)
    short = layout_for(descriptor, spec, 2, resolve_options(descriptor, {"rotations": 1}))
    long = layout_for(descriptor, spec, 2, resolve_options(descriptor, {"rotations": 3}))
    assert short.size < long.size
    assert pyspiel.load_game("python_tourney_chlust", {"rotations": 1}).information_state_tensor_shape() == [short.size]
    parts = short.positions()
    assert parts[0][0] == 0 and parts[-1][1] == short.size - 1
    assert all(later[0] == earlier[1] + 1 for earlier, later in itertools.pairwise(parts))


def test_the_tensor_holds_no_hidden_card() -> None:
    # Two deals that leave seat 0 the same information: the same tensor, whatever the opponent holds.
    game = pyspiel.load_game("python_tourney_polish_poker")
    by_string: dict[str, pyspiel.State] = {}
    for seed in range(5000):
        state = deal(game, seed)
        key = state.information_state_string(0)
        other = by_string.get(key)
        if other is not None and other.state.hidden_cards(0) != state.state.hidden_cards(0):
            assert other.information_state_tensor(0) == state.information_state_tensor(0)
            return
        by_string[key] = state
    pytest.fail("no two deals gave seat 0 the same information state")


def test_the_tensor_remembers_what_the_showdown_showed() -> None:
    # Polish Poker: a round's hands, shown when it is called, are in the next round's snapshot.
    game = pyspiel.load_game("python_tourney_polish_poker")
    layout = game.infostate
    assert layout is not None and layout.shows_hands
    state = deal(game, 4)
    first_round = state.state.view(0).to_json()["round"]
    while state.state.view(0).to_json()["round"] == first_round:
        legal = state.legal_actions()
        state.apply_action(legal[-1] if 89 in legal else legal[0])  # 89: CALL
    shown = state.state.view(0).to_json()["history"][-1]["hands"]
    tensor = state.information_state_tensor(0)
    second = layout.snapshot_size + layout.features.size
    cards_shown = sum(tensor[second:second + layout.shown_size])
    assert cards_shown == sum(len(hand) for hand in shown.values()) > 0
