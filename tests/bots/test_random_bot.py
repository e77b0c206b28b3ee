"""The random bot and the bot registry (issue 2 item 4)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tourney.bots import make_bot
from tourney.bots.polish_poker import RandomBot
from tourney.errors import InvalidInputError
from tourney.rules.polish_poker import CALL, PolishPokerOptions, PolishPokerState, View, parse_declaration

ABCD = ["A", "B", "C", "D"]


def view_after(pp: Any, *declarations: str, suit_order: str = "equal") -> View:
    state = PolishPokerState(ABCD, pp.ScriptedDealer([]), first_starter=0,
                             options=PolishPokerOptions(suit_order=suit_order))
    for text in declarations:
        state.apply_text(text)
    return state.view(state.to_act)


def test_make_bot_specs() -> None:
    bot = make_bot("polish-poker", "random", random.Random(1))
    assert isinstance(bot, RandomBot) and bot.name == "random"
    assert bot.call_probability == pytest.approx(0.3)
    assert make_bot("polish-poker", "random:0.5", random.Random(1)).call_probability == pytest.approx(0.5)  # type: ignore[attr-defined]
    assert make_bot("polish-poker", " random:1 ", random.Random(1)).call_probability == pytest.approx(1.0)  # type: ignore[attr-defined]
    assert make_bot("polish-poker", "random:0", random.Random(1)).call_probability == pytest.approx(0.0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["foo", "random:x", "random:2", "random:-0.1", "", "Random", "random:0.5:1"])
def test_bad_bot_specs(spec: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        make_bot("polish-poker", spec, random.Random(1))
    assert "\n" not in str(info.value)


def test_bad_call_probabilities_are_named() -> None:
    with pytest.raises(InvalidInputError, match=r"^bot 'random:x': call probability 'x' is not a number$"):
        make_bot("polish-poker", "random:x", random.Random(1))
    with pytest.raises(InvalidInputError, match=r"^bot 'random:2': call probability must be within 0\.\.1$"):
        make_bot("polish-poker", "random:2", random.Random(1))


def test_random_bot_rejects_bad_probability() -> None:
    with pytest.raises(ValueError):
        RandomBot(random.Random(1), 1.5)


def test_opening_is_uniform_over_all_89(pp: Any) -> None:
    view = view_after(pp)
    bot = RandomBot(random.Random(7))
    seen = Counter(bot.act(view) for _ in range(8900))
    assert set(seen) == set(range(89))
    assert CALL not in seen
    assert max(seen.values()) < 160 and min(seen.values()) > 50  # expected 100 each


def test_raises_are_uniform_over_the_legal_raises(pp: Any) -> None:
    view = view_after(pp, "TWOPAIR:J/9")
    bot = RandomBot(random.Random(8), call_probability=0.0)
    seen = Counter(bot.act(view) for _ in range(7500))
    assert set(seen) == set(view.legal_actions()) - {CALL}
    assert len(seen) == 75
    assert max(seen.values()) < 160 and min(seen.values()) > 50  # expected 100 each


def test_suit_over_suit_raises_only_to_unused_suits(pp: Any) -> None:
    view = view_after(pp, "FLUSH:S", "FLUSH:H")
    bot = RandomBot(random.Random(9), call_probability=0.0)
    seen = {bot.act(view) for _ in range(3000)}
    names = {"FLUSH:D", "FLUSH:C"}
    assert {parse_declaration(n) for n in names} <= seen
    assert parse_declaration("FLUSH:S") not in seen and parse_declaration("FLUSH:H") not in seen
    assert seen == set(view.legal_actions()) - {CALL}


def test_ranked_raises(pp: Any) -> None:
    view = view_after(pp, "FLUSH:D", suit_order="ranked")
    bot = RandomBot(random.Random(10), call_probability=0.0)
    seen = {bot.act(view) for _ in range(3000)}
    assert seen == set(view.legal_actions()) - {CALL}
    assert parse_declaration("FLUSH:C") not in seen and parse_declaration("FLUSH:H") in seen


def test_call_probability(pp: Any) -> None:
    view = view_after(pp, "PAIR:9")
    always = RandomBot(random.Random(1), call_probability=1.0)
    assert all(always.act(view) == CALL for _ in range(200))
    never = RandomBot(random.Random(2), call_probability=0.0)
    assert all(never.act(view) != CALL for _ in range(200))
    half = RandomBot(random.Random(3), call_probability=0.5)
    calls = sum(half.act(view) == CALL for _ in range(4000))
    assert 1800 < calls < 2200


def test_calls_when_no_raise_is_left(pp: Any) -> None:
    view = view_after(pp, "FIVE:K")
    assert view.legal_actions() == [parse_declaration("FIVE:A"), CALL]
    bot = RandomBot(random.Random(4), call_probability=0.0)
    assert {bot.act(view) for _ in range(50)} == {parse_declaration("FIVE:A")}


def test_same_seed_same_choices(pp: Any) -> None:
    view = view_after(pp, "PAIR:J")
    a, b = RandomBot(random.Random(42)), RandomBot(random.Random(42))
    assert [a.act(view) for _ in range(100)] == [b.act(view) for _ in range(100)]


def test_every_choice_is_legal_in_whole_games() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = PolishPokerState.new(["a", "b", "c", "d", "e"][: 2 + seed % 4], rng)
        bots = [RandomBot(random.Random(seed * 10 + s), call_probability=(seed % 5) / 4) for s in range(state.n)]
        while not state.terminal:
            seat = state.to_act
            action = bots[seat].act(state.view(seat))
            assert action in state.legal_actions()
            state.apply(action)
        assert len(state.standings) == state.n
