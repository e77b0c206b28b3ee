"""Chlust's entry in the game registry: its descriptor (RULES §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.errors import InvalidActionError
from tourney.rules.chlust.actions import ACTION_TEXT, N_ACTIONS, action_id
from tourney.rules.chlust.options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from tourney.rules.chlust.replay import replay
from tourney.rules.chlust.state import ChlustState, play_out
from tourney.rules.chlust.text import summary_lines
from tourney.rules.chlust.view_schema import ACTIONS, VIEW_SCHEMA
from tourney.rules.games import Bot, GameDescriptor, GameState, OptionValue, RecordLine, TableCitations


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


# The defaults the table sheet quotes (a live table plays the game's default options).
_DEFAULT = {spec.name: spec.default for spec in OPTIONS}


CHLUST = GameDescriptor(
    name="chlust", title="Chlust", aliases=("chłust", "hlust"), seats=(MIN_PLAYERS, MAX_PLAYERS),
    max_table=MAX_PLAYERS, live_result="chips", options=OPTIONS, new_state=new_state, action_text=action_text,
    parse_action=action_id, replay=_replay, summary_lines=summary_lines, play_out=_play_out, rules_section="§2",
    view_schema=VIEW_SCHEMA,
    actions=ACTIONS,
    table_citations=TableCitations(size="the seats of RULES §2.2",
                                   final="played to the end of the match (RULES §0.5)"),
    sheet_rules=(
        f"Ante {_DEFAULT['ante']} before each deal; 3 cards each, one at a time from the dealer's left; the next "
        "card turned up is trump. An Ace upcard may be swapped by the holder of the lowest trump (§2.3-§2.5).",
        "Betting from the dealer's left: fold, call or raise one unit (the ante), at most "
        f"{_DEFAULT['max_raises']} raises, never above the smallest stack; the last one in takes the pot (§2.7). "
        "♣T is wild for combinations only (♠T when clubs are trumps) (§2.6).",
        "Showdown: three jacks > three of a suit > three of a rank; within a kind the trump suit, then pure over "
        "impure, then higher cards, then the elder hand. The best combination takes the pot (§2.8).",
        "No combination: 3 tricks; follow suit and head the trick, else trump (and overtrump); the dealer leads; "
        "most tricks take the pot, a tie carries it to the next deal (§2.9).",
        f"The match: {_DEFAULT['start_chips']} chips each, {_DEFAULT['rotations']} rounds of the deal (it passes "
        "left); a player who cannot pay is out. Write the pot and everyone's chips after each deal (§0.5, §0.6).",
    ),
)
