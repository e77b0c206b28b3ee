"""Хлюст bots: registered with the game, they act on their view alone; the rule-based bot follows
the seed's play advice and beats `random` over 2,000 seeded matches (95 % CI excludes a tie)."""

from __future__ import annotations

import math
import random

import pytest

from tourney.bots import bot_kinds, make_bot
from tourney.bots.khlyust import RandomBot, RuleBot
from tourney.bots.khlyust.rule_bot import choose_lead
from tourney.engine.match import bot_rng, play_match
from tourney.errors import InvalidInputError
from tourney.rules.khlyust import CARD_BASE, DECLARE, PLAY, KhlyustOptions, KhlyustState, exchange_action
from tourney.rules.khlyust.combos import DECK_32
from tourney.rules.tricks import ID_OF_TEXT, SUITS


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[t] for t in text.split()]


def table(hands: list[str], upcard: str) -> KhlyustState:
    """Seats D, Z, P; D deals; `hands` in deal order Z, P, D."""
    held = [ids(h) for h in hands]
    order = [held[i][r] for r in range(3) for i in range(3)] + [ID_OF_TEXT[upcard]]
    deck = order + [c for c in DECK_32 if c not in order]
    return KhlyustState(list("DZP"), lambda names, cards: list(deck), KhlyustOptions(), first_dealer=0)


def test_khlyust_has_its_own_bots() -> None:
    assert [kind.kind for kind in bot_kinds("хлюст")][:2] == ["random", "rule"]
    assert isinstance(make_bot("khlyust", "random", random.Random(1)), RandomBot)
    assert isinstance(make_bot("khlyust", "rule", random.Random(1)), RuleBot)
    for bad in ("rule:x", "random:1"):
        with pytest.raises(InvalidInputError):
            make_bot("khlyust", bad, random.Random(1))


@pytest.mark.parametrize(("hand", "trump", "lead"), [
    ("7H 9H KH", "S", "KH"),      # all of one suit: the highest
    ("7S 8S AD", "S", "AD"),      # two small trumps and another suit: that card
    ("AS KD 7C", "S", "AS"),      # a big trump and a strong card: trumps first
    ("9S AD 7C", "S", "AD"),      # a small trump: another suit, from its top
    ("KD 8C 9C", "S", "KD"),      # no trumps: the highest card
    ("KD JC QC", "S", "QC"),      # ... above all a guarded one ("сам-друг")
])
def test_the_rule_bot_leads_as_the_seed_advises(hand: str, trump: str, lead: str) -> None:
    assert choose_lead(ids(hand), SUITS.index(trump)) == ID_OF_TEXT[lead]


def test_the_rule_bot_declares_exchanges_weak_cards_answers_and_takes_tricks_cheaply() -> None:
    state = table(["7S 9S JS", "8D TD KH", "AS AH QC"], "8C")
    bot = RuleBot()
    assert bot.act(state.view(state.to_act)) == DECLARE              # Z: a Хлюст is declared
    state.apply(DECLARE)
    assert bot.act(state.view(state.to_act)) == exchange_action(ids("8D TD"))   # P keeps KH
    state.apply(PLAY)
    state.apply(PLAY)                                                # D plays
    assert bot.act(state.view(state.to_act)) == PLAY                 # P answers the Хлюст: play
    state.apply(PLAY)
    state.apply(PLAY)
    state.apply(CARD_BASE + ID_OF_TEXT["7S"])                        # Z leads
    state.apply(CARD_BASE + ID_OF_TEXT["8D"])                        # P: no spade, no club
    assert bot.act(state.view(state.to_act)) == CARD_BASE + ID_OF_TEXT["AS"]     # D takes it


def margin(players: int, matches: int) -> tuple[float, float]:
    """The rule bot's final chips minus the random bots' mean, over seeded matches (the rule bot's
    seat rotates): the mean and the half-width of its 95 % confidence interval."""
    names = [f"p{i}" for i in range(players)]
    scores = []
    for seed in range(matches):
        rule = seed % players
        bots = [make_bot("khlyust", "rule" if s == rule else "random", bot_rng(seed, s)) for s in range(players)]
        chips = play_match("khlyust", names, bots, seed=seed,
                           options={"start_chips": 30, "rotations": 1}).outcome().chip_counts()
        others = [chips[n] for n in names if n != names[rule]]
        scores.append(chips[names[rule]] - sum(others) / len(others))
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    return mean, 1.96 * sd / math.sqrt(len(scores))


@pytest.mark.parametrize("players", [3, 2])
def test_the_rule_bot_beats_random_over_2000_seeded_matches(players: int) -> None:
    mean, half = margin(players, 2000)
    assert mean - half > 0, (mean, half)
