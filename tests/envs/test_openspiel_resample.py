"""`resample_from_infostate` (issue 32): a resampled state leaves the seat the same information
(string, tensor, legal actions), deals the cards it has not seen afresh, and OpenSpiel's Python
ISMCTS plays every game heads-up."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from test_openspiel_games import deal  # noqa: E402

import tourney.openspiel  # noqa: E402
from tourney.rules.games import all_games  # noqa: E402

# tourney's own games: a plug-in another test registered in this process (a toy game) has no deals
# to arrange, so its resampling is not this suite's to test.
OWN = {tourney.openspiel.short_name(game) for game in all_games()
       if str(getattr(game.new_state, "__module__", "")).startswith("tourney.")}
GAMES = sorted(name for name in tourney.openspiel.register_all() if name in OWN)


def positions(game: pyspiel.Game, count: int) -> list[pyspiel.State]:
    """`count` states part-way through random games, a seat to act in each."""
    found = []
    seed = 0
    while len(found) < count:
        state = deal(game, seed)
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(2, 30)):
            if state.is_terminal():
                break
            state.apply_action(chooser.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
        seed += 1
    return found


def opponents_hands(state: pyspiel.State, seat: int) -> list[list[str]]:
    return [state.state.view(other).to_json()["hand"] for other in range(state.num_players()) if other != seat]


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_leaves_the_seat_the_same_information(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 2})
    sampler = random.Random(1).random
    changed = 0
    for state in positions(game, 4):
        seat = state.current_player()
        for _ in range(4):
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.current_player() == seat and twin.legal_actions() == state.legal_actions()
            assert twin.history() == state.history()
            changed += opponents_hands(twin, seat) != opponents_hands(state, seat)
            # the resampled state plays on: clones, and a random game to the end
            clone = twin.clone()
            chooser = random.Random(changed)
            while not clone.is_terminal():
                clone.apply_action(chooser.choice(clone.legal_actions()))
            assert sum(clone.returns()) == pytest.approx(0.0)
    assert changed >= 8  # of 16: the hidden cards are dealt again


def test_the_unseen_card_is_uniform() -> None:
    # Polish Poker's first round, heads-up: the opponent's one card is any of the 23 seat 0 does not see.
    game = pyspiel.load_game("python_tourney_polish_poker")
    state = deal(game, 3)
    seat = state.current_player()
    mine = set(state.state.view(seat).to_json()["hand"]) | {state.state.view(seat).to_json()["community"]}
    sampler = random.Random(2).random
    counts = Counter(card for _ in range(23 * 40)
                     for hand in opponents_hands(state.resample_from_infostate(seat, sampler), seat) for card in hand)
    assert len(counts) == 23 and not set(counts) & mine
    assert min(counts.values()) > 15 and max(counts.values()) < 70  # 40 expected each


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_every_game_heads_up(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 2})
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 25,
                           random_state=np.random.RandomState(1))
    for state in positions(game, 2):
        assert bot.step(state) in state.legal_actions()


def test_before_the_deal_a_resample_is_the_same_state() -> None:
    game = pyspiel.load_game("python_tourney_chlust")
    state = game.new_initial_state()
    state.apply_action(5)
    twin = state.resample_from_infostate(0, random.Random(0).random)
    assert twin.history() == [5] and twin.is_chance_node()


def test_a_state_serialised_without_compact_ids_still_loads() -> None:
    game = pyspiel.load_game("python_tourney_lou", {"players": 2})
    state = positions(game, 1)[0]
    play = state.play
    data = play.__getstate__()
    del data["compact"]  # as serialised before the compact ids were kept
    twin = type(play).__new__(type(play))
    twin.__setstate__(data)
    assert twin.compact == play.compact and twin.state.events == play.state.events
