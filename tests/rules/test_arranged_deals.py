"""Matches dealt from chosen cards (issue 32: what `resample_from_infostate` builds on): the first
deals are the cards given, a card given as None is one not named, the later deals come from the
generator, and the same arguments give the same match."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tourney.errors import InvalidInputError
from tourney.rules.chlust.arranged import arranged_state as chlust_state
from tourney.rules.games import GameState, find_game, resolve_options
from tourney.rules.khlyust.arranged import arranged_state as khlyust_state
from tourney.rules.lou.arranged import arranged_state as lou_state
from tourney.rules.polish_poker.arranged import arranged_state as polish_poker_state
from tourney.rules.polish_poker.options import PolishPokerOptions
from tourney.rules.tricks.arranged import DealCards

PLAYERS = ("ann", "bob")


def first_deal(state: GameState) -> dict[str, Any]:
    return next(event for event in state.events if event["event"] == "deal")


def play_out(make: Callable[[], GameState]) -> list[dict[str, Any]]:
    state = make()
    chooser = random.Random(4)
    while not state.terminal:
        state.apply(chooser.choice(state.legal_actions()))
    return state.events


def test_polish_poker_deals_the_rounds_given_then_from_the_seed() -> None:
    def make() -> GameState:
        return polish_poker_state(PLAYERS, [([["AS"], ["9H"]], "JK")], first_starter=1, rng=random.Random(7),
                                  options=PolishPokerOptions())
    deal = first_deal(make())
    assert deal["hands"] == {"ann": ["AS"], "bob": ["9H"]} and deal["community"] == "JK" and deal["starter"] == "bob"
    assert play_out(make) == play_out(make)


def test_polish_poker_refuses_a_card_dealt_twice() -> None:
    with pytest.raises(InvalidInputError):
        polish_poker_state(PLAYERS, [([["AS"], ["AS"]], "JK")], first_starter=0, rng=random.Random(7))


def test_chlust_deals_the_hands_given() -> None:
    options = resolve_options(find_game("chlust"), {})

    def make() -> GameState:
        return chlust_state(PLAYERS, [({"ann": ["AS", "KS", "QS"], "bob": ["AH", "KH", "QH"]}, "TD")],
                            first_dealer=1, rng=random.Random(3), options=options)
    deal = first_deal(make())
    assert sorted(deal["hands"]["ann"]) == ["AS", "KS", "QS"] and deal["upcard"] == "TD"
    assert play_out(make) == play_out(make)


@pytest.mark.parametrize(("game", "build"), [("lou", lou_state), ("khlyust", khlyust_state)])
def test_a_trick_game_deals_the_cards_given_and_draws_the_rest(game: str, build: Callable[..., GameState]) -> None:
    options = resolve_options(find_game(game), {})
    deals = [DealCards({"ann": ["AS", "KS", None], "bob": [None, None, "QH"]}, "TD")]

    def make() -> GameState:
        return build(PLAYERS, deals, first_dealer=0, rng=random.Random(5), options=options)
    deal = first_deal(make())
    assert deal["hands"]["ann"][:2] == ["AS", "KS"] and deal["hands"]["bob"][2] == "QH" and deal["upcard"] == "TD"
    named = {"AS", "KS", "QH", "TD"}
    drawn = [deal["hands"]["ann"][2], *deal["hands"]["bob"][:2]]
    assert not set(drawn) & named and len(set(drawn)) == 3
    assert play_out(make) == play_out(make)
    other = build(PLAYERS, deals, first_dealer=0, rng=random.Random(6), options=options)
    assert first_deal(other)["hands"]["ann"][:2] == ["AS", "KS"]
