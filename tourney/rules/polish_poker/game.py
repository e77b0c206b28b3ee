"""Polish Poker's entry in the game registry: its descriptor (RULES §1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from tourney.errors import InvalidActionError
from tourney.rules.games import Bot, GameDescriptor, GameState, OptionSpec, OptionValue, TableCitations
from tourney.rules.polish_poker.actions import ACTION_TEXT, N_ACTIONS, action_id
from tourney.rules.polish_poker.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEXT_STARTERS,
    SUIT_ORDERS,
    PolishPokerOptions,
    cap_for,
)
from tourney.rules.polish_poker.replay import replay
from tourney.rules.polish_poker.state import PolishPokerState, play_out
from tourney.rules.polish_poker.text import summary_lines
from tourney.rules.polish_poker.view_schema import ACTIONS, VIEW_SCHEMA

OPTIONS = (
    OptionSpec("start_cards", int, 1, "Cards each player starts with (1..the cap).", "§1.13 pp.start_cards"),
    OptionSpec("suit_order", str, "equal", "Suits of flush-type declarations: equal, or ranked (C<D<H<S).",
               "§1.7, §1.13 pp.suit_order", SUIT_ORDERS),
    OptionSpec("next_starter", str, "rotate", "Who starts the next round: rotate, loser or caller.",
               "§1.10, §1.13 pp.next_starter", NEXT_STARTERS),
    OptionSpec("until", int, 1, "Stop when this many players remain (a table of a multi-table stage).", "§1.12"),
)


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, OptionValue], ...]) -> PolishPokerOptions:
    return PolishPokerOptions.from_dict(dict(items))


def new_state(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
              seed: int | None) -> PolishPokerState:
    # Options objects are cached: a bot run starts thousands of games with the same few. The key
    # keeps the mapping's order (resolve_options always gives the same): another order only costs
    # a second cache entry, not another result.
    return PolishPokerState.new(players, rng, options=_options(tuple(options.items())), seed=seed)


def action_text(action: int) -> str:
    if action.__class__ is not int or not 0 <= action < N_ACTIONS:
        raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
    return ACTION_TEXT[action]


def _play_out(state: GameState, bots: Sequence[Bot]) -> None:
    assert isinstance(state, PolishPokerState)
    play_out(state, bots)


POLISH_POKER = GameDescriptor(
    name="polish-poker",
    title="Polish Poker",
    aliases=("pp", "polish", "polish poker", "blef", "bluff"),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    max_table=MAX_PLAYERS,
    live_result="rounds",
    options=OPTIONS,
    new_state=new_state,
    action_text=action_text,
    parse_action=action_id,
    replay=replay,
    summary_lines=summary_lines,
    play_out=_play_out,
    live_cap=cap_for,
    live_start_cards=1,
    until_option="until",
    rules_section="§1",
    view_schema=VIEW_SCHEMA,
    actions=ACTIONS,
    table_citations=TableCitations(size="the caps of RULES §1.3",
                                   final="played until one player is left (RULES §1.11)"),
    sheet_rules=(
        "Everyone starts with 1 card. The loser of a round takes one more card; "
        "a loser who already holds the cap is out (§1.3).",
        "Five Aces (A-A-A-A + joker) is called at once: the next player still in is the caller (§1.9).",
        "The next round starts with the next player still in, clockwise from this round's starter, "
        "even if the starter just went out (§1.10).",
    ),
)
