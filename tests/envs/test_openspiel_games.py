"""Every game as an OpenSpiel Python game (issues 19 item 8, 32), checked by OpenSpiel's own random
playthroughs (`pyspiel.random_sim_test`: legal actions, clones, serialisation, observations) and by
OpenSpiel's algorithms: chance as the rules deal it, zero-sum returns, perfect recall."""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr  # noqa: E402

import tourney.openspiel  # noqa: E402
from tourney.envs.features import feature_spec  # noqa: E402
from tourney.rules.games import all_games, find_game, resolve_options  # noqa: E402


def deal(game: pyspiel.Game, seed: int) -> pyspiel.State:
    """A state just dealt from `seed` (its eight bytes as the chance outcomes)."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(tourney.openspiel.SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


def play_randomly(state: pyspiel.State, chooser: random.Random) -> pyspiel.State:
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    return state


def test_every_playable_game_is_registered() -> None:
    expected = {f"python_tourney_{game.name.replace('-', '_')}" for game in all_games() if game.playable}
    assert set(tourney.openspiel.register_all()) == expected  # a game registered since the import too
    assert expected <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", sorted(tourney.openspiel.register_all()))
def test_random_playthroughs(name: str) -> None:
    game = pyspiel.load_game(name)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_players_parameter() -> None:
    game = pyspiel.load_game("python_tourney_polish_poker", {"players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 90
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_every_rule_option_is_a_parameter() -> None:
    game = pyspiel.load_game("python_tourney_chlust", {"rotations": 1, "tiebreak_order": "trump+cards+pure+elder"})
    assert game.options["rotations"] == 1
    assert game.options["tiebreak_order"] == "trump,cards,pure,elder"  # `+` for OpenSpiel's commas
    assert set(game.get_parameters()) == {"players", *(spec.name for spec in find_game("chlust").options)}
    state = deal(game, 5)
    assert state.state.events[0]["options"]["rotations"] == 1
    again = game.deserialize_state(play_randomly(state, random.Random(1)).serialize())
    assert str(again) == str(state)  # the parameters survive serialisation
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_tourney_chlust", {"rounds": 1})


def test_the_game_length_is_the_rules_bound() -> None:
    # Polish Poker: each round one card more for somebody; out above the cap of 5 (heads-up); 90
    # actions a round at most; the 8 chance bytes first
    assert pyspiel.load_game("python_tourney_polish_poker").max_game_length() == 8 + 2 * 5 * 90
    assert pyspiel.load_game("python_tourney_polish_poker", {"start_cards": 3}).max_game_length() == 8 + 2 * 3 * 90
    one = pyspiel.load_game("python_tourney_chlust", {"rotations": 1}).max_game_length()
    assert one < pyspiel.load_game("python_tourney_chlust").max_game_length() < 100_000


def test_a_clone_deals_the_same_later_cards_and_scores_the_same() -> None:
    state = deal(pyspiel.load_game("python_tourney_chlust"), 834)
    chooser = random.Random(0)
    while not state.is_terminal():
        twin = state.clone()
        assert twin.returns() == state.returns()  # issue 32: a clone's game lost its players
        action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
        assert str(twin) == str(state)
    assert state.clone().returns() == state.returns()


def test_the_chance_nodes_are_the_seeds_bytes_and_the_engine_deals_from_the_seed() -> None:
    game = pyspiel.load_game("python_tourney_lou", {"players": 3})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(byte, 1 / 256) for byte in range(256)]
    seed = 0x0123456789ABCDEF
    dealt = deal(game, seed)
    assert dealt.history()[:8] == list(seed.to_bytes(8, "big"))
    descriptor = find_game("lou")
    assert descriptor.new_state is not None
    engine = descriptor.new_state(dealt.state.players, random.Random(seed), resolve_options(descriptor), seed)
    assert dealt.state.events == engine.events


def test_an_observation_leaves_every_opponent_hand_the_rules_leave() -> None:
    # Heads-up Polish Poker: seat 0 sees its card, the community card and the starter, so the rules
    # leave 23 cards the opponent may hold, equally likely. Group many deals by seat 0's observation
    # and count each group's distinct opponent cards: with the chance of the rules the count is
    # what 23 equally likely cards give for the group's size (the 1,024 seeds of before gave a mean
    # of 2.0 possible cards, almost always 1 for a group's deals).
    game = pyspiel.load_game("python_tourney_polish_poker")
    chooser = random.Random(32)
    seen: dict[str, set[str]] = defaultdict(set)
    sizes: dict[str, int] = defaultdict(int)
    for _ in range(6000):
        state = deal(game, chooser.getrandbits(64))
        observation = state.observation_string(0)
        view = state.state.view(0).to_json()
        (opponent_card,) = state.state.hidden_cards(0)
        assert opponent_card not in (*view["hand"], view["community"])
        seen[observation].add(opponent_card)
        sizes[observation] += 1
    observed = sum(len(cards) for cards in seen.values())
    expected = sum(23 * (1 - (22 / 23) ** size) for size in sizes.values())
    assert abs(observed / expected - 1) < 0.03


@pytest.mark.parametrize(("game", "players"), [("chlust", 2), ("chlust", 3), ("lou", 3)])
def test_everybody_declining_scores_zero_for_all(game: str, players: int) -> None:
    # Chlust: every seat folds; Lou: every seat goes OUT. The tie shares every place: 0 each.
    spiel_game = pyspiel.load_game(f"python_tourney_{game}", {"players": players, "rotations": 1})
    descriptor = find_game(game)
    assert descriptor.parse_action is not None
    decline = descriptor.parse_action("FOLD" if game == "chlust" else "OUT")
    for seed in range(5):
        state = deal(spiel_game, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(decline if decline in legal else legal[0])
        assert set(state.state.outcome().places) == {1}
        assert state.returns() == [0.0] * players  # was +1 each


@pytest.mark.parametrize("name", sorted(tourney.openspiel.register_all()))
def test_returns_are_zero_sum(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 3})
    for seed in range(3):
        state = play_randomly(deal(game, seed), random.Random(seed))
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0) and max(returns) <= 1.0 and min(returns) >= -1.0
        assert len(state.history()) <= game.max_game_length()


def test_the_information_state_has_perfect_recall() -> None:
    game = pyspiel.load_game("python_tourney_chlust", {"rotations": 1})
    state = deal(game, 7)
    chooser = random.Random(3)
    earlier = [state.information_state_string(seat) for seat in range(2)]
    deals = {state.state.view(0).to_json()["deal"]}
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
        for seat in range(2):
            now = state.information_state_string(seat)
            assert now.startswith(earlier[seat] + "\n")  # nothing forgotten
            earlier[seat] = now
        deals.add(state.state.view(0).to_json()["deal"])
    assert len(deals) > 1  # the view's history restarts every deal; the information state does not
    first_view = json.loads(earlier[0].splitlines()[0].partition(" ")[2])
    assert first_view["deal"] == 1
    assert "I played" in earlier[0]
    # an information state is one seat's: the other's cards are in neither string
    assert state.information_state_string(0) != state.information_state_string(1)


def test_an_information_state_does_not_depend_on_the_hidden_cards() -> None:
    # Same observations, different opponent cards: find two seeds dealing seat 0 the same view.
    game = pyspiel.load_game("python_tourney_polish_poker")
    by_view: dict[str, pyspiel.State] = {}
    for seed in range(5000):
        state = deal(game, seed)
        key = state.information_state_string(0)
        if key in by_view and by_view[key].state.hidden_cards(0) != state.state.hidden_cards(0):
            assert by_view[key].observation_string(0) == state.observation_string(0)
            return
        by_view[key] = state
    pytest.fail("no two deals gave seat 0 the same information state")


def test_mcts_plays_a_move() -> None:
    game = pyspiel.load_game("python_tourney_polish_poker")
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    state = deal(game, 11)
    assert bot.step(state) in state.legal_actions()


def test_outcome_sampling_mccfr_learns_a_policy() -> None:
    game = pyspiel.load_game("python_tourney_chlust", {"rotations": 1})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = deal(game, 2)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_the_observation_is_the_seats_view_and_its_feature_vector() -> None:
    state = deal(pyspiel.load_game("python_tourney_polish_poker"), 7)
    player = state.current_player()
    view = state.state.view(player).to_json()
    assert json.loads(state.observation_string(player)) == view
    assert state.observation_tensor(player) == pytest.approx(feature_spec("polish-poker").encode(view))


@pytest.mark.parametrize(("name", "size"), [("python_tourney_polish_poker", 90), ("python_tourney_chlust", 57),
                                            ("python_tourney_lou", 62), ("python_tourney_khlyust", 63)])
def test_the_actions_are_the_compact_ids(name: str, size: int) -> None:
    game = pyspiel.load_game(name)
    assert game.num_distinct_actions() == size
    state = play_randomly(deal(game, 3), random.Random(3))
    descriptor = find_game(name.removeprefix("python_tourney_").replace("_", "-"))
    assert descriptor.replay is not None
    # the rules' own record of the game replays it: the compact ids were mapped to the rules' ids
    replayed = descriptor.replay(list(enumerate(state.state.events, 1)), True)
    assert replayed.events == state.state.events
