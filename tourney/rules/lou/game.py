"""Lou's entry in the game registry: its descriptor (RULES §4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from tourney.rules.games import GameDescriptor, GameState, OptionValue, RecordLine, TableCitations
from tourney.rules.lou.actions import action_text, parse_action
from tourney.rules.lou.options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, LouOptions
from tourney.rules.lou.replay import replay
from tourney.rules.lou.state import LouState
from tourney.rules.lou.text import summary_lines
from tourney.rules.lou.view_schema import ACTIONS, VIEW_SCHEMA


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, OptionValue], ...]) -> LouOptions:
    return LouOptions.from_mapping(dict(items))


def new_state(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
              seed: int | None) -> LouState:
    # Options objects are cached: a bot run starts thousands of matches with the same few.
    return LouState.new(players, rng, _options(tuple(sorted(options.items()))), seed)


def _replay(lines: list[RecordLine], check_seed: bool) -> GameState:
    return replay(lines, check_seed)


# The defaults the table sheet quotes (a live table plays the game's default options).
_DEFAULT = {spec.name: spec.default for spec in OPTIONS}


LOU = GameDescriptor(
    name="lou",
    title="Lou",
    aliases=("loo", "three-card-loo", "online-poker"),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    max_table=MAX_PLAYERS,
    live_result="chips",
    options=OPTIONS,
    new_state=new_state,
    action_text=action_text,
    parse_action=parse_action,
    replay=_replay,
    summary_lines=summary_lines,
    rules_section="§4",
    view_schema=VIEW_SCHEMA,
    actions=ACTIONS,
    table_citations=TableCitations(size="the seats of RULES §4.2",
                                   final="played to the end of the match (RULES §0.5)"),
    sheet_rules=(
        f"A game starts with every player's ante ({_DEFAULT['ante']}, a multiple of 3) in the pot. Deal 3 cards "
        "each from the dealer's left and turn the next card: its suit is trump (§4.3, §4.4).",
        "Everyone declares IN or OUT at once. Nobody in: misdeal, the pot stays. One in: takes the pot (§4.5).",
        "Those in draw 0-3 in turn from the dealer's left; the first one in left of the dealer leads 3 tricks: "
        "follow suit if able, else any card (§4.6, §4.7).",
        "Each trick takes a third of the pot (the remainder stays); an IN player with no trick is looed and pays "
        "the pot. The game goes on, with no new ante, until a deal with no loo (§4.8).",
        f"The match: {_DEFAULT['start_chips']} chips each, {_DEFAULT['rotations']} rounds of the deal, ending "
        "only between games; a player who cannot pay is out. Write the pot and everyone's chips after each deal "
        "(§0.5, §0.6).",
    ),
)
