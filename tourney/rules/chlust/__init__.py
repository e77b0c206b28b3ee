"""Chlust (RULES §2). Registered for live events, whose tables report final chip counts; the rules
engine (deal, betting, showdown, tricks) is built by the Chlust/Lou issue."""

from tourney.rules.games import GameDescriptor, register_game

CHLUST = register_game(GameDescriptor(
    name="chlust", title="Chlust", aliases=("chłust", "hlust"), seats=(2, 4), max_table=4,
    live_result="chips", rules_section="§2"))
