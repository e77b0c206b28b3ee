"""The Monte-Carlo Polish Poker bot `mc:N` (issue 19 item 9). Its 2,000-game margin over `prob` is
measured by scripts/bench_mc_bot.py, not here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tourney.bots import bot_kinds, make_bot
from tourney.bots.polish_poker import MonteCarloBot
from tourney.bots.polish_poker.monte_carlo import DEFAULT_SAMPLES, MAX_SAMPLES
from tourney.engine.match import bot_rng, play_match
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot, find_game, resolve_options
from tourney.rules.polish_poker import CALL, PolishPokerState, parse_declaration


class Recording:
    """Wraps a bot; checks every answer is legal and keeps them."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.actions: list[int] = []

    def act(self, view: Any) -> int:
        action = self.bot.act(view)
        assert action in view.legal_actions(), (action, view.to_json())
        self.actions.append(action)
        return action


def mc_game(seed: int, players: int, samples: int = 30) -> list[int]:
    bots = [Recording(make_bot("polish-poker", f"mc:{samples}" if seat == 0 else "prob", bot_rng(seed, seat)))
            for seat in range(players)]
    play_match("polish-poker", [f"p{seat}" for seat in range(players)], bots, seed=seed)
    return bots[0].actions


@pytest.mark.parametrize("players", [2, 4, 6])
def test_plays_only_legal_actions(players: int) -> None:
    for seed in range(4):
        assert mc_game(seed, players)  # `Recording` checked each against the view's legal actions


def test_the_same_rng_stream_plays_the_same_game() -> None:
    assert mc_game(7, 3) == mc_game(7, 3)


def test_another_rng_stream_samples_other_deals() -> None:
    first, second = MonteCarloBot(random.Random(1), 20), MonteCarloBot(random.Random(2), 20)
    view = _opening_view()
    first.act(view)
    second.act(view)
    assert first._deals != second._deals


def _opening_view() -> Any:
    game = find_game("polish-poker")
    assert game.new_state is not None
    state = game.new_state(["a", "b", "c"], random.Random(3), resolve_options(game), 3)
    return state.view(state.to_act)


def test_samples_parameter() -> None:
    assert isinstance(make_bot("polish-poker", "mc", random.Random(0)), MonteCarloBot)
    assert make_bot("polish-poker", "mc", random.Random(0)).samples == DEFAULT_SAMPLES  # type: ignore[attr-defined]
    assert make_bot("polish-poker", "mc:1", random.Random(0)).samples == 1  # type: ignore[attr-defined]
    assert make_bot("polish-poker", f"mc:{MAX_SAMPLES}", random.Random(0)).samples == MAX_SAMPLES  # type: ignore[attr-defined]
    for bad in ("0", "-5", "1.5", "abc", str(MAX_SAMPLES + 1), "٣"):
        with pytest.raises(InvalidInputError, match="whole number within 1"):
            make_bot("polish-poker", f"mc:{bad}", random.Random(0))
    with pytest.raises(ValueError, match="within 1"):
        MonteCarloBot(random.Random(0), 0)


def test_registered_with_its_parameter_help() -> None:
    kind = next(k for k in bot_kinds("polish-poker") if k.kind == "mc")
    assert f"({DEFAULT_SAMPLES}; 1..{MAX_SAMPLES})" in kind.help


def test_calls_an_impossible_declaration() -> None:
    # Three cards in the game (one each and the community card): four kings cannot exist, so the
    # bot calls them whatever it samples.
    dealt = iter([([(0,), (1,)], 2)])
    state = PolishPokerState(["me", "you"], lambda names, counts: next(dealt), first_starter=1)
    state.apply(parse_declaration("QUADS:K"))
    assert MonteCarloBot(random.Random(0), 50).act(state.view(0)) == CALL


def test_beats_random_clearly() -> None:
    wins = 0
    for seed in range(40):
        seats = [0, 1] if seed % 2 else [1, 0]  # the mc bot on each seat in turn
        specs = ["mc:30", "random"]
        bots = [make_bot("polish-poker", specs[seats[seat]], bot_rng(seed, seat)) for seat in range(2)]
        names = ["p0", "p1"]
        outcome = play_match("polish-poker", names, bots, seed=seed).outcome()
        wins += outcome.place_of(names[seats.index(0)]) == 1
    assert wins >= 36  # it won 40 of 40 when written; random chance of 36+ of 40 is under 1e-7
