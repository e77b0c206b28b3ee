"""One contract for every game (DESIGN.md "Game registry"), parametrised over the registry as
OpenSpiel runs one random-simulation test over every game: seeded games terminate, the same seed
gives the same record, a view shows no card its seat may not see, clones are independent, records
replay and tampered ones are refused, and every action that is not legal raises our own error."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tourney.bots import make_bot
from tourney.engine.match import bot_rng, make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record
from tourney.errors import IllegalActionError, InvalidActionError, RecordError, TourneyError
from tourney.rules.games import GameDescriptor, GameState, all_games, find_game, resolve_options

PLAYABLE = [game.name for game in all_games() if game.playable]
MAX_DECISIONS = 200_000


def player_counts(game: GameDescriptor) -> list[int]:
    low, high = game.seats
    return sorted({low, min(high, 4), high})


def new_game(game: GameDescriptor, players: int, seed: int) -> GameState:
    assert game.new_state is not None
    return game.new_state(seat_names(game, players), random.Random(seed), resolve_options(game), seed)


def random_walk(state: GameState, seed: int) -> list[GameState]:
    """Play `state` out with uniform random legal actions; return the states seen (clones)."""
    rng = random.Random(seed)
    seen: list[GameState] = []
    for _ in range(MAX_DECISIONS):
        if state.terminal:
            return seen
        if rng.random() < 0.05:
            seen.append(state.clone())
        legal = state.legal_actions()
        assert legal, "a game that is not over has a legal action"
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")


def test_the_registry_holds_polish_poker_and_the_toy() -> None:
    assert "polish-poker" in PLAYABLE and "toy-high-card" in PLAYABLE
    assert find_game("PP") is find_game("Polish Poker") is find_game("polish-poker")


@pytest.mark.parametrize("name", PLAYABLE)
def test_seeded_random_games_terminate_with_a_full_outcome(name: str) -> None:
    game = find_game(name)
    for players in player_counts(game):
        for seed in range(8):
            state = new_game(game, players, seed)
            with pytest.raises(IllegalActionError):
                state.outcome()
            random_walk(state, seed)
            outcome = state.outcome()
            assert sorted(outcome.standings) == sorted(state.players)
            assert len(outcome.places) == players and outcome.places[0] == 1
            assert list(outcome.places) == sorted(outcome.places)
            assert state.legal_actions() == []


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_same_seed_gives_the_same_record(name: str) -> None:
    game = find_game(name)
    players = player_counts(game)[-1]
    names = seat_names(game, players)

    def record(seed: int) -> list[dict[str, Any]]:
        return play_match(game, names, make_bots(game, ["random"], players, seed), seed=seed).events

    assert record(11) == record(11)
    assert record(12) == record(12)
    assert record(11) != record(12)
    assert record(11)[0]["game"] == game.name


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_view_shows_no_card_its_seat_may_not_see(name: str) -> None:
    game = find_game(name)
    hidden_seen = 0
    for players in player_counts(game):
        for seed in range(4):
            state = new_game(game, players, seed)
            rng = random.Random(seed)
            while not state.terminal:
                for seat in range(players):
                    text = json.dumps(state.view(seat).to_json(), ensure_ascii=False)
                    hidden = state.hidden_cards(seat)
                    hidden_seen += len(hidden)
                    leaked = sorted(card for card in hidden if f'"{card}"' in text)
                    assert not leaked, f"seat {seat} sees {leaked} in {text}"
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert hidden_seen > 0, "the check never had a hidden card to look for"


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_view_of_the_seat_to_act_offers_the_legal_actions(name: str) -> None:
    game = find_game(name)
    state = new_game(game, player_counts(game)[-1], 3)
    rng = random.Random(3)
    while not state.terminal:
        view = state.view(state.to_act)
        assert view.seat == state.to_act
        assert view.legal_actions() == state.legal_actions()
        assert game.action_text is not None and game.parse_action is not None
        for action in state.legal_actions():
            assert game.parse_action(game.action_text(action)) == action
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_clone_is_independent_and_has_the_same_future(name: str) -> None:
    game = find_game(name)
    for seed in range(4):
        state = new_game(game, player_counts(game)[-1], seed)
        for snapshot in random_walk(state, seed):
            before = snapshot.events
            twin = snapshot.clone()
            assert twin.events == before
            random_walk(twin, seed + 100)
            assert snapshot.events == before, "playing the clone changed the original"
            again = snapshot.clone()
            random_walk(again, seed + 100)
            assert again.events == twin.events, "two clones played alike end alike"


@pytest.mark.parametrize("name", PLAYABLE)
def test_records_replay_identically_and_tampered_records_are_refused(name: str) -> None:
    game = find_game(name)
    for players in player_counts(game):
        names = seat_names(game, players)
        state = play_match(game, names, make_bots(game, ["random"], players, 5), seed=5)
        lines = write_record(state.events).splitlines()
        assert replay(lines).events == state.events
        assert replay(lines).outcome() == state.outcome()
        tampered = [
            lines[:-1],  # the end is missing
            [*lines[:-1], lines[-1].replace('"standings": ["', '"standings": ["x', 1)],  # a wrong end
            [lines[0], *lines[2:]],  # the first deal is missing
            [lines[0].replace(f'"game": "{game.name}"', '"game": "no-such-game"'), *lines[1:]],
        ]
        middle = len(lines) // 2
        tampered.append([*lines[:middle], lines[middle], *lines[middle:]])  # a line twice
        for record in tampered:
            with pytest.raises(RecordError):
                replay(record)


NOT_ACTIONS: list[Any] = ["x", "CALL", True, False, None, 1.0, 0.0, [], {}]


@pytest.mark.parametrize("name", PLAYABLE)
def test_every_action_that_is_not_legal_raises_our_error_and_changes_nothing(name: str) -> None:
    game = find_game(name)
    for seed in range(3):
        state = new_game(game, player_counts(game)[-1], seed)
        rng = random.Random(seed)
        checked = 0
        while not state.terminal and checked < 12:
            legal = set(state.legal_actions())
            before, to_act = state.events, state.to_act
            for action in [*range(-3, 400), *NOT_ACTIONS]:
                if action.__class__ is int and action in legal:
                    continue
                with pytest.raises((InvalidActionError, IllegalActionError)) as raised:
                    state.apply(action)
                assert isinstance(raised.value, TourneyError) and str(raised.value)
                assert state.events == before and state.to_act == to_act
            checked += 1
            state.apply(rng.choice(sorted(legal)))
    finished = play_match(game, seat_names(game, 2), [make_bot(game, "random", bot_rng(1, s)) for s in range(2)],
                          seed=1)
    with pytest.raises(IllegalActionError):
        finished.apply(0)


class _Returns:
    """A bot that answers every decision with one fixed value (a wrong one, in the test below)."""

    name = "returns"

    def __init__(self, value: Any) -> None:
        self.value = value

    def act(self, view: Any) -> Any:
        return self.value


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_bot_that_returns_no_legal_action_meets_our_error_in_the_play_loop(name: str) -> None:
    """`play_match` runs the game's own loop (`play_out`, compiled for some games): a bot's wrong
    answer is refused with the project's error there too, never a TypeError."""
    game = find_game(name)
    players = game.seats[0]
    for value in [*NOT_ACTIONS, -1, 10_000]:
        with pytest.raises((InvalidActionError, IllegalActionError)):
            play_match(game, seat_names(game, players), [_Returns(value) for _ in range(players)], seed=1)
