"""CFR and exact exploitability on a variant small enough (issue 32 item 3): the first round of
heads-up Polish Poker dealt card by card from a short deck (`tourney.envs.card_chance`), through
OpenSpiel's own tabular CFR and best response."""

from __future__ import annotations

import itertools
import random

import pytest
from rl_support import require_rl

require_rl()

import pyspiel  # noqa: E402 (after the check for the [rl] extra)
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

import tourney.openspiel  # noqa: E402, F401 (registers the games)
from tourney.rules.cards import Card  # noqa: E402
from tourney.rules.polish_poker import CALL, CANONICAL, exists, mask_of_cards  # noqa: E402
from tourney.rules.polish_poker.arranged import card_id  # noqa: E402

NAME = "python_tourney_polish_poker"
SMALL = {"chance": "cards", "deck": "QS+KS+AS+AH", "one_round": True, "possible_only": True}


def small_game(**changes: object) -> pyspiel.Game:
    return pyspiel.load_game(NAME, {**SMALL, **changes})


def test_chance_deals_each_card_from_the_cards_left() -> None:
    game = small_game()
    state = game.new_initial_state()
    deck = {text: card_id(text) for text in ("QS", "KS", "AS", "AH")}
    assert state.chance_outcomes() == [(card, 0.25) for card in sorted(deck.values())]
    state.apply_action(deck["AH"])
    assert state.chance_outcomes() == [(deck[card], pytest.approx(1 / 3)) for card in ("QS", "KS", "AS")]
    state.apply_action(deck["QS"])
    state.apply_action(deck["KS"])
    assert not state.is_chance_node() and state.current_player() == 0  # seat 0 starts the round
    assert state.state.view(0).to_json()["hand"] == ["AH"]
    assert state.state.view(1).to_json()["hand"] == ["QS"]
    assert state.state.view(0).to_json()["community"] == "KS"
    assert game.max_chance_outcomes() >= 4


def test_the_declarations_left_are_those_some_deal_makes_true() -> None:
    # The oracle: every three cards the deck can put in play, and every declaration true among them.
    for deck in ("QS+KS+AS+AH", "QS+KS+AS+JK", "9S+9H+TS+JK+AD"):
        cards = deck.split("+")
        true_somewhere = {index for three in itertools.combinations(cards, 3)
                          for index in range(len(CANONICAL))
                          if exists(index, mask_of_cards(Card.parse(text) for text in three))}
        state = small_game(deck=deck).new_initial_state()
        for _ in range(3):
            state.apply_action(state.chance_outcomes()[0][0])
        assert set(state.legal_actions()) == true_somewhere
        left_out = min(set(range(len(CANONICAL))) - true_somewhere)
        with pytest.raises(ValueError, match=f"action {left_out} is not legal here"):
            state.apply_action(left_out)
        state.apply_action(min(true_somewhere))
        assert CALL in state.legal_actions()
        assert set(state.legal_actions()) - {CALL} == {i for i in true_somewhere if i > min(true_somewhere)}
    assert {CANONICAL[i] for i in true_somewhere} >= {"HIGH:9", "PAIR:9", "TRIPS:9"}  # the joker's doing


def test_the_game_is_the_first_round_and_its_loser_pays() -> None:
    game = small_game()
    state = game.new_initial_state()
    for card in ("AS", "AH", "QS"):  # seat 0, seat 1, the community card
        state.apply_action(card_id(card))
    pair_of_aces = CANONICAL.index("PAIR:A")
    state.apply_action(pair_of_aces)
    state.apply_action(CALL)  # the pair exists: the caller (seat 1) loses
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    three = pyspiel.load_game(NAME, {"players": 3, "one_round": True})
    state = three.new_initial_state()
    chooser = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chooser.randrange(256))
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 0.5, 0.5] and len(state.state.history) == 1


def test_openspiel_plays_the_small_variant_by_its_own_checks() -> None:
    game = small_game()
    assert game.max_game_length() == 3 + 4 + 1  # three cards, four declarations rising, a CALL
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    pyspiel.random_sim_test(small_game(deck="QS+KS+AS+JK"), num_sims=5, serialize=True, verbose=False)


def test_a_resampled_state_keeps_what_the_seat_saw() -> None:
    game = small_game(deck="9S+9H+TS+JK+AD")
    state = game.new_initial_state()
    for card in ("9S", "9H", "TS"):  # seat 0, seat 1, the community card
        state.apply_action(card_id(card))
    state.apply_action(CANONICAL.index("PAIR:9"))
    seen = state.information_state_string(1)
    others: set[str] = set()
    for draw in range(40):
        twin = state.resample_from_infostate(1, random.Random(draw).random)
        assert twin.information_state_string(1) == seen
        assert twin.state.view(1).to_json()["hand"] == ["9H"]
        others.add(twin.state.view(0).to_json()["hand"][0])
    assert others == {"9S", "JK", "AD"}  # every card seat 1 has not seen


def test_cfr_exploitability_falls_with_iterations() -> None:
    game = small_game()
    solver = cfr.CFRSolver(game)
    measured = {}
    for iteration in range(1, 9):
        solver.evaluate_and_update_policy()
        if iteration in (1, 8):
            measured[iteration] = exploitability.exploitability(game, solver.average_policy())
    # CFR's average strategy closes in on an equilibrium, about as 1/iterations (0.50, then 0.079).
    assert 0 < measured[8] < measured[1] / 5
    uniform = exploitability.exploitability(game, pyspiel_uniform(game))
    assert uniform == pytest.approx(measured[1])  # the first iteration's average: every action alike


def pyspiel_uniform(game: pyspiel.Game) -> object:
    from open_spiel.python import policy
    return policy.UniformRandomPolicy(game)


@pytest.mark.parametrize(("parameters", "message"), [
    ({"chance": "cards"}, "one_round=true"),
    ({"deck": "QS+KS+AS"}, "chance=cards"),
    ({"possible_only": True}, "one_round=true"),
    ({"chance": "dice", "one_round": True}, "one of seed, cards"),
    ({"chance": "cards", "one_round": True, "deck": "QS+KS"}, "cannot deal"),
    ({"chance": "cards", "one_round": True, "deck": "QS+QS+KS+AS"}, "twice"),
    ({"chance": "cards", "one_round": True, "deck": "QS+KS+AS+2C"}, "not a card of the Polish Poker deck"),
    ({"one_round": "maybe"}, "Wrong type for parameter one_round"),
])
def test_bad_round_parameters_are_refused(parameters: dict[str, object], message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(NAME, parameters)


def test_the_trick_games_have_no_round_parameters() -> None:
    assert "chance" not in pyspiel.load_game("python_tourney_chlust").get_parameters()
    assert set(pyspiel.load_game(NAME).get_parameters()) >= {"chance", "deck", "one_round", "possible_only"}
