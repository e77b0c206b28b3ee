"""The strategic Polish Poker bots and their odds (issue 8 item 2)."""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

import pytest

from tourney.bots import bot_kinds, make_bot
from tourney.bots.polish_poker import BlufferBot, HonestBot, ProbBot, RandomBot
from tourney.bots.polish_poker.odds import existence_odds
from tourney.engine.match import bot_rng, play_match
from tourney.errors import InvalidInputError
from tourney.rules.cards import parse_cards
from tourney.rules.polish_poker import CALL, CANONICAL, PolishPokerState, exists, parse_declaration
from tourney.rules.polish_poker.existence import ID_OF_CARD, mask_of_ids


def ids(text: str) -> list[int]:
    return [ID_OF_CARD[card] for card in parse_cards(text)]


@pytest.mark.parametrize(("known", "unseen"), [("AS", 2), ("KS KH 9D", 2), ("JK TC", 3), ("QS QH QD AC", 1)])
def test_odds_are_exact_against_enumeration(known: str, unseen: int) -> None:
    known_ids = ids(known)
    rest = [card for card in range(25) if card not in known_ids]
    known_mask = mask_of_ids(known_ids)
    deals = [known_mask | mask_of_ids(drawn) for drawn in combinations(rest, unseen)]
    for declaration in range(89):
        expected = sum(exists(declaration, mask) for mask in deals) / len(deals)
        assert existence_odds(declaration, known_mask, unseen) == pytest.approx(expected, abs=1e-12), \
            CANONICAL[declaration]


def test_odds_hand_computed() -> None:
    # Holding AS with the community card 9S and no other cards out: HIGH:A exists, PAIR:A cannot.
    mask = mask_of_ids(ids("AS 9S"))
    assert existence_odds(parse_declaration("HIGH:A"), mask, 0) == 1.0
    assert existence_odds(parse_declaration("PAIR:A"), mask, 0) == 0.0
    # One unseen card out of the 23 left: three aces or the joker make a pair of aces.
    assert existence_odds(parse_declaration("PAIR:A"), mask, 1) == pytest.approx(4 / 23)


def view_for(hand: str, community: str, counts: list[int], *declared: str) -> Any:
    """A view of seat 0 of a 2-player state with scripted cards."""
    dealt = iter([([tuple(ids(hand)), tuple(range(20, 20 + counts[1]))], ids(community)[0])])
    state = PolishPokerState(["me", "you"], lambda names, c: next(dealt), first_starter=0 if not declared else 1)
    state.counts = list(counts)
    for text in declared:
        state.apply_text(text)
    return state.view(0)


def test_honest_declares_only_what_its_cards_make_true() -> None:
    bot = HonestBot(0.5)
    view = view_for("KS KH", "KD", [2, 1])  # three kings held with the community card
    choice = bot.act(view)
    assert CANONICAL[choice] == "TRIPS:K"


def test_honest_calls_an_unlikely_declaration() -> None:
    view = view_for("9S", "TS", [1, 1], "FIVE:K")  # FIVE:A ends the round itself; FIVE:K is called
    assert HonestBot(0.5).act(view) == CALL
    assert ProbBot(0.5).act(view) == CALL


def test_prob_raises_to_the_strongest_likely_declaration() -> None:
    view = view_for("AS AH", "AD", [2, 1], "HIGH:9")
    choice = ProbBot(0.5).act(view)
    assert choice != CALL and existence_odds(choice, view_mask(view), 1) >= 0.5
    stronger = [d for d in ProbBot.raises(view) if ProbBot.raises(view).index(d) < ProbBot.raises(view).index(choice)]
    assert all(existence_odds(d, view_mask(view), 1) < 0.5 for d in stronger)


def view_mask(view: Any) -> int:
    return mask_of_ids([*view.hand_ids, view.community_id])


def test_a_bluffer_always_bluffing_declares_above_prob() -> None:
    view = view_for("AS AH", "AD", [2, 1], "HIGH:9")
    prob = ProbBot(0.5).act(view)
    bluff = BlufferBot(random.Random(1), rate=1.0).act(view)
    order = ProbBot.raises(view)
    assert order.index(bluff) < order.index(prob)  # stronger (listed earlier)
    assert BlufferBot(random.Random(1), rate=0.0).act(view) == prob


def test_kinds_are_registered_with_parameters() -> None:
    kinds = {kind.kind for kind in bot_kinds("polish-poker")}
    assert {"random", "honest", "prob", "bluffer"} <= kinds
    prob = make_bot("pp", "prob:0.7", random.Random(1))
    assert isinstance(prob, ProbBot) and prob.threshold == 0.7
    bluffer = make_bot("pp", "bluffer:0.4", random.Random(1))
    assert isinstance(bluffer, BlufferBot) and bluffer.rate == 0.4
    for bad in ("prob:x", "honest:2", "bluffer:-1"):
        with pytest.raises(InvalidInputError):
            make_bot("pp", bad, random.Random(1))


def test_prob_beats_random_over_2000_seeded_games() -> None:
    """Heads-up, seats alternating; a Wilson 95 % interval of prob's win rate must exclude 1/2."""
    games, wins = 2000, 0
    for seed in range(games):
        prob_seat = seed % 2
        bots = [ProbBot(0.5) if seat == prob_seat else RandomBot(bot_rng(seed, seat)) for seat in range(2)]
        state = play_match("polish-poker", ["a", "b"], bots, seed=seed)
        wins += state.outcome().standings[0] == ("a", "b")[prob_seat]
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    assert centre - half > 0.5
