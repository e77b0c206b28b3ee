"""Chlust bots: `random` and the rule-based `rules`, which beats random over 2,000 seeded matches."""

from __future__ import annotations

import math
import random

import pytest

from tourney.bots import bot_kinds, make_bot
from tourney.engine.match import make_bots, play_match, seat_names
from tourney.errors import InvalidInputError
from tourney.rules.chlust import CALL, CHLUST, FOLD, RAISE, SWAP, ChlustState, action_id
from tourney.rules.chlust.deck import parse_id
from tourney.rules.games import resolve_options


def test_both_kinds_are_registered_for_chlust() -> None:
    kinds = {kind.kind for kind in bot_kinds("chlust")}
    assert {"random", "rule"} <= kinds
    assert make_bot("hlust", "rule:2.5", random.Random(1)).name == "rules"
    # `rules`, its name before every game's rule-based bot was `rule`, still makes it.
    assert make_bot("chlust", "rules:2.5", random.Random(1)).name == "rules"
    with pytest.raises(InvalidInputError, match="not a number"):
        make_bot("chlust", "rules:x", random.Random(1))
    with pytest.raises(InvalidInputError, match="no parameter"):
        make_bot("chlust", "random:1", random.Random(1))


def test_the_rule_bot_beats_random_over_2000_seeded_matches() -> None:
    matches, score = 2000, 0.0
    names = seat_names(CHLUST, 2)
    for seed in range(matches):
        rules_seat = seed % 2  # the rule bot takes each seat half the time
        specs = ["rules", "random"] if rules_seat == 0 else ["random", "rules"]
        chips = play_match(CHLUST, names, make_bots(CHLUST, specs, 2, seed), seed=seed).outcome().chip_counts()
        mine, theirs = chips[names[rules_seat]], chips[names[1 - rules_seat]]
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    rate = score / matches
    half_width = 1.96 * math.sqrt(rate * (1 - rate) / matches)
    assert rate - half_width > 0.5, f"win rate {rate:.3f} ± {half_width:.3f} does not exclude a tie"


def deal(hands: dict[str, str], upcard: str) -> ChlustState:
    return ChlustState(tuple(hands), _Fixed(hands, upcard), first_dealer=0, options=resolve_options(CHLUST))


def test_the_rule_bot_swaps_the_ace_and_raises_on_a_combination() -> None:
    bot = make_bot("chlust", "rules", random.Random(0))
    swap = deal({"D": "AH QH JD", "L": "TS KS QD", "R": "JH KD AD"}, "AS")
    assert bot.act(swap.view(1)) == SWAP
    combo = deal({"D": "AS QD JC", "L": "AH KH TC"}, "KD")
    assert bot.act(combo.view(1)) == RAISE
    weak = deal({"D": "KS JH QC", "L": "TH JS AC"}, "KD")
    weak.apply(RAISE)  # L, the dealer's left, bets first
    assert bot.act(weak.view(0)) == FOLD, "a weak hand facing a raise folds"


def test_the_rule_bot_heads_a_trick_with_its_cheapest_winning_card() -> None:
    bot = make_bot("chlust", "rules", random.Random(0))
    state = deal({"D": "JS JC QD", "L": "KS QS TH"}, "KH")
    state.apply(CALL)
    state.apply(CALL)
    assert state.to_act == 0 and state.phase == 2
    state.apply(action_id("PLAY:JS"))
    assert bot.act(state.view(1)) == action_id("PLAY:QS")


class _Fixed:
    """Deals one fixed deal; the tests never play past it."""

    def __init__(self, hands: dict[str, str], upcard: str) -> None:
        self.hands, self.upcard = hands, upcard

    def __call__(self, deck: tuple[int, ...], names: list[str]) -> tuple[list[list[int]], int]:
        return [sorted(parse_id(c) for c in self.hands[name].split()) for name in names], parse_id(self.upcard)
