"""Every match of every game ends within a bounded number of deals, whatever the options and the
bots (issue 17: Lou with payout=majority and allow_debt=true never ended; README "Every match
ends"). The bots include two that refuse to cooperate: the first legal action always (Lou: always
OUT, a misdeal every deal) and the last (always IN, always the last card)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from tourney.bots import bot_kinds, make_bot
from tourney.engine.match import bot_rng, seat_names
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot, GameDescriptor, GameState, OptionSpec, OptionValue, find_game, resolve_options
from tourney.rules.polish_poker import CAPS


@dataclass(frozen=True)
class Bound:
    """Where a game counts its deals, and the most it may play with these options and players."""

    deals: Callable[[Any], int]
    most: Callable[[dict[str, OptionValue], int], int]


def _rotations(factor: int) -> Callable[[dict[str, OptionValue], int], int]:
    return lambda options, players: factor * int(options["rotations"]) * players


BOUNDS: dict[str, Bound] = {
    # Every deal passes the deal on, so the rotations are done after rotations x players deals.
    "chlust": Bound(lambda state: state.deal, _rotations(1)),
    "khlyust": Bound(lambda state: state.deal_no, _rotations(1)),
    # A loo game may go on as long as someone is looed: the match's deal limit (lou/options.py).
    "lou": Bound(lambda state: state.deal_no, _rotations(10)),
    # Each round gives its loser a card; a player out of the cap is out.
    "polish-poker": Bound(lambda state: state.round, lambda options, players: players * max(CAPS.values())),
}

# Ranges wide enough to bust players quickly and to keep big stacks; other ints keep their default.
INT_RANGES: dict[str, tuple[int, int]] = {
    "start_chips": (1, 40), "ante": (1, 6), "rotations": (1, 3), "raise_unit": (0, 3), "max_raises": (0, 4),
    "two_trick_share": (0, 3), "max_exchange": (0, 3), "start_cards": (1, 5), "until": (1, 3),
}


class FirstLegal:
    name = "first"

    def act(self, view: Any) -> int:
        return int(view.legal_actions()[0])


class LastLegal:
    name = "last"

    def act(self, view: Any) -> int:
        return int(view.legal_actions()[-1])


def option_values(spec: OptionSpec) -> st.SearchStrategy[OptionValue]:
    if spec.choices:
        return st.sampled_from(spec.choices)
    if spec.type is bool:
        return st.booleans()
    if spec.type is int and spec.name in INT_RANGES:
        return st.integers(*INT_RANGES[spec.name])
    return st.just(spec.default)


def bot(game: GameDescriptor, kind: str, seed: int, seat: int) -> Bot:
    if kind == "first":
        return FirstLegal()
    if kind == "last":
        return LastLegal()
    return make_bot(game, kind, bot_rng(seed, seat))


@st.composite
def matches(draw: st.DrawFn, name: str) -> tuple[GameDescriptor, dict[str, OptionValue], list[str], int]:
    game = find_game(name)
    players = draw(st.integers(*game.seats))
    options = {spec.name: draw(option_values(spec)) for spec in game.options}
    # The game's own bots (not the arena's subprocess kinds, which serve every game).
    kinds = [kind.kind for kind in bot_kinds(game) if kind.game == game.name] + ["random", "first", "last"]
    seats = [draw(st.sampled_from(kinds)) for _ in range(players)]
    return game, options, seats, draw(st.integers(0, 2**32))


def play_within(game: GameDescriptor, options: dict[str, OptionValue], kinds: list[str], seed: int) -> GameState:
    """Play the match; fail as soon as it passes its bound (it might never end)."""
    players = len(kinds)
    bound = BOUNDS[game.name]
    most = bound.most(options, players)
    assert game.new_state is not None
    try:
        state = game.new_state(seat_names(game, players), random.Random(seed), resolve_options(game, options), seed)
    except InvalidInputError:
        reject()  # an option combination the game refuses (Lou: an ante not a multiple of 3)
    bots = [bot(game, kind, seed, seat) for seat, kind in enumerate(kinds)]
    while not state.terminal:
        assert bound.deals(state) <= most, f"{game.name} {options} with {kinds} passed {most} deals"
        seat = state.to_act
        state.apply(bots[seat].act(state.view(seat)))
    assert bound.deals(state) <= most
    state.outcome()
    return state


@settings(max_examples=80, deadline=None)
@given(match=matches("lou"))
def test_every_lou_match_ends(match: tuple[GameDescriptor, dict[str, OptionValue], list[str], int]) -> None:
    play_within(*match)


@settings(max_examples=60, deadline=None)
@given(match=matches("chlust"))
def test_every_chlust_match_ends(match: tuple[GameDescriptor, dict[str, OptionValue], list[str], int]) -> None:
    play_within(*match)


@settings(max_examples=60, deadline=None)
@given(match=matches("khlyust"))
def test_every_khlyust_match_ends(match: tuple[GameDescriptor, dict[str, OptionValue], list[str], int]) -> None:
    play_within(*match)


@settings(max_examples=40, deadline=None)
@given(match=matches("polish-poker"))
def test_every_polish_poker_game_ends(match: tuple[GameDescriptor, dict[str, OptionValue], list[str], int]) -> None:
    play_within(*match)


def test_lou_majority_with_debts_always_in_ends_at_the_deal_limit() -> None:
    """The issue's example: two players always in under payout=majority with allow_debt."""
    lou = find_game("lou")
    state = play_within(lou, {**resolve_options(lou), "payout": "majority", "allow_debt": True}, ["last", "last"], 1)
    assert state.events[-1]["deals"] == 10 * 2 * 2

