"""Chlust (RULES §2): combinations and showdown, the arbiter's verdict, and the game."""

from tourney.rules.chlust.actions import ACTION_TEXT, CALL, FOLD, KEEP, PLAY_BASE, RAISE, SWAP, action_id
from tourney.rules.chlust.combos import Combination, Showdown, best_combination, showdown
from tourney.rules.chlust.game import CHLUST
from tourney.rules.chlust.state import ChlustState
from tourney.rules.chlust.views import View
from tourney.rules.games import register_game

register_game(CHLUST)

__all__ = ["ACTION_TEXT", "CALL", "CHLUST", "FOLD", "KEEP", "PLAY_BASE", "RAISE", "SWAP", "ChlustState", "Combination",
           "Showdown", "View", "action_id", "best_combination", "showdown"]
