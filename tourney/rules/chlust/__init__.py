"""Chlust (RULES §2): combinations and showdown, the arbiter's verdict, and the game."""

from tourney.rules.chlust.combos import Combination, Showdown, best_combination, showdown
from tourney.rules.chlust.options import OPTIONS
from tourney.rules.games import GameDescriptor, register_game

CHLUST = register_game(GameDescriptor(
    name="chlust", title="Chlust", aliases=("chłust", "hlust"), seats=(2, 4), max_table=4,
    live_result="chips", options=OPTIONS, rules_section="§2"))

__all__ = ["CHLUST", "Combination", "Showdown", "best_combination", "showdown"]
