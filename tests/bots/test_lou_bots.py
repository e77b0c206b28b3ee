"""Lou bots: registered with the game, they act on their view alone; the rule-based bot follows
the usual advice and beats `random` over 2,000 seeded heads-up matches (95 % CI excludes a tie)."""

from __future__ import annotations

import math
import random

import pytest

from tourney.bots import bot_kinds, make_bot
from tourney.bots.lou import RandomBot, RuleBot
from tourney.engine.match import bot_rng, play_match
from tourney.errors import InvalidInputError
from tourney.rules.lou import IN, OUT, PLAY_BASE, LouOptions, LouState, draw_action
from tourney.rules.tricks import ID_OF_TEXT


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[t] for t in text.split()]


def table(hands: list[str], upcard: str) -> LouState:
    """Five players, dealer A; `hands` in deal order B, C, D, E, A."""
    held = [ids(h) for h in hands]
    order = [held[i][r] for r in range(3) for i in range(5)] + [ID_OF_TEXT[upcard]]
    deck = order + [c for c in range(52) if c not in order]
    return LouState(list("ABCDE"), lambda names: list(deck), LouOptions(), first_dealer=0)


def test_lou_has_its_own_bots() -> None:
    kinds = [kind.kind for kind in bot_kinds("lou")]
    assert kinds[:2] == ["random", "rule"]
    assert isinstance(make_bot("loo", "random", random.Random(1)), RandomBot)
    assert isinstance(make_bot("lou", "rule:0.8", random.Random(1)), RuleBot)
    for bad in ("rule:x", "rule:9", "random:1"):
        with pytest.raises(InvalidInputError):
            make_bot("lou", bad, random.Random(1))


def test_the_rule_bot_goes_in_on_trumps_and_out_on_a_weak_hand() -> None:
    state = table(["AS QS 2H", "3H 4D 5C", "7H 8D 9C", "6H 6D 6C", "TH TD TC"], "2S")
    bot = RuleBot()
    assert bot.act(state.view(state.to_act)) == IN        # B: two high trumps
    state.apply(IN)
    assert bot.act(state.view(state.to_act)) == OUT       # C: nothing
    state.apply(OUT)


def test_the_rule_bot_keeps_trumps_and_aces_when_drawing_and_heads_the_trick() -> None:
    state = table(["AS 3H 2D", "KH 4D 9C", "7H 8D 9D", "6H 6D 6C", "TH TD TC"], "2S")
    for action in (IN, IN, OUT, OUT, OUT):
        state.apply(action)
    bot = RuleBot()
    assert bot.act(state.view(state.to_act)) == draw_action(ids("3H 2D"))   # B keeps AS
    state.apply(draw_action([]))
    state.apply(draw_action([]))
    assert bot.act(state.view(state.to_act)) == PLAY_BASE + ID_OF_TEXT["AS"]  # leads its sure winner
    state.apply(PLAY_BASE + ID_OF_TEXT["3H"])
    assert bot.act(state.view(state.to_act)) == PLAY_BASE + ID_OF_TEXT["KH"]  # heads 3H with the cheapest winner


def test_the_rule_bot_beats_random_over_2000_seeded_matches() -> None:
    options = {"start_chips": 9, "rotations": 1}
    scores = []
    for seed in range(2000):
        rule_seat = seed % 2
        names = ["p0", "p1"]
        bots = [make_bot("lou", "rule" if seat == rule_seat else "random", bot_rng(seed, seat)) for seat in range(2)]
        chips = play_match("lou", names, bots, seed=seed, options=options).outcome().chip_counts()
        mine, theirs = chips[names[rule_seat]], chips[names[1 - rule_seat]]
        scores.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    assert mean - 1.96 * sd / math.sqrt(len(scores)) > 0.5, mean
