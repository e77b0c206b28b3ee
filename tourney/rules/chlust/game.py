"""Chlust's entry in the game registry: its descriptor (RULES §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.errors import InvalidActionError
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from tourney.rules.chlust.replay import replay
from tourney.rules.chlust.state import ACTION_TEXT, N_ACTIONS, ChlustState, action_id, play_out
from tourney.rules.chlust.text import summary_lines
from tourney.rules.games import Bot, GameDescriptor, GameState, OptionValue, RecordLine


def new_state(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
              seed: int | None) -> ChlustState:
    return ChlustState.new(players, rng, options, seed)


def action_text(action: int) -> str:
    if action.__class__ is not int or not 0 <= action < N_ACTIONS:
        raise InvalidActionError(f"unknown action id {action!r} (0..{N_ACTIONS - 1})")
    return ACTION_TEXT[action]


def _replay(events: list[RecordLine], check_seed: bool) -> GameState:
    return replay(events, check_seed)


def _play_out(state: GameState, bots: Sequence[Bot]) -> None:
    assert isinstance(state, ChlustState)
    play_out(state, bots)


CHLUST = GameDescriptor(
    name="chlust", title="Chlust", aliases=("chłust", "hlust"), seats=(MIN_PLAYERS, MAX_PLAYERS),
    max_table=MAX_PLAYERS, live_result="chips", options=OPTIONS, new_state=new_state, action_text=action_text,
    parse_action=action_id, replay=_replay, summary_lines=summary_lines, play_out=_play_out, rules_section="§2",
    sheet_rules=(
        "Ante before each deal; 3 cards each from the dealer's left; the next card turned up is trump. "
        "An Ace upcard may be swapped by the holder of the lowest trump (§2.4, §2.5).",
        "Betting from the dealer's left: fold, call or raise one unit, at most 3 raises (§2.7). "
        "♣T is wild for combinations (♠T when clubs are trumps) (§2.6).",
        "Best combination takes the pot: three jacks > three of a suit > three of a rank; "
        "none: 3 tricks, must head, the dealer leads, most tricks win, a tie carries the pot (§2.8, §2.9).",
    ),
)
