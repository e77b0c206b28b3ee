"""Хлюст's entry in the game registry: its descriptor (RULES §3)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from tourney.rules.games import Bot, GameDescriptor, GameState, OptionValue, RecordLine, TableCitations
from tourney.rules.khlyust.actions import action_text, parse_action
from tourney.rules.khlyust.options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, KhlyustOptions
from tourney.rules.khlyust.replay import replay
from tourney.rules.khlyust.state import KhlyustState, play_out
from tourney.rules.khlyust.text import summary_lines
from tourney.rules.khlyust.view_schema import ACTIONS, VIEW_SCHEMA


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, OptionValue], ...]) -> KhlyustOptions:
    return KhlyustOptions.from_mapping(dict(items))


def new_state(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
              seed: int | None) -> KhlyustState:
    # Options objects are cached: a bot run starts thousands of matches with the same few.
    return KhlyustState.new(players, rng, _options(tuple(sorted(options.items()))), seed)


def _replay(lines: list[RecordLine], check_seed: bool) -> GameState:
    return replay(lines, check_seed)


def _play_out(state: GameState, bots: Sequence[Bot]) -> None:
    assert isinstance(state, KhlyustState)
    play_out(state, bots)


KHLYUST = GameDescriptor(
    name="khlyust", title="Хлюст", aliases=("хлюст", "khlust", "hlyust", "chlyust"), seats=(MIN_PLAYERS, MAX_PLAYERS),
    max_table=MAX_PLAYERS, live_result="chips", options=OPTIONS, new_state=new_state, action_text=action_text,
    parse_action=parse_action, replay=_replay, summary_lines=summary_lines, play_out=_play_out, rules_section="§3",
    view_schema=VIEW_SCHEMA,
    actions=ACTIONS,
    table_citations=TableCitations(size="the seats of RULES §3.2 and §3.11",
                                   final="played to the end of the match (RULES §0.5)"),
    sheet_rules=(
        "Ante into the kassa (the carry added); 3 cards each from the dealer's left (32 cards, 7-A); the next "
        "card turned up is trump (§3.3, §3.4).",
        "Листы (three of a rank) are shown at once: the highest takes the kassa (§3.6).",
        "From the dealer's left, once each: declare a Хлюст (three of a suit; a trump one locks), exchange 1-3 "
        "cards, play, or pass (not the dealer or his right neighbour). A Хлюст is answered: play or concede "
        "(§3.7, §3.8).",
        "Follow suit, else trump, else any card; the хлюстовщик (else the dealer's right) leads. A third of the "
        "kassa per trick, remainder carried; a Хлюст with 2+ tricks takes all, else pays the kassa; a hidden "
        "Хлюст pays the kassa (§3.9, §3.10).",
        "Two players: 36 cards, no combinations, the non-dealer leads, 2 tricks take the pot (§3.11).",
    ),
)
