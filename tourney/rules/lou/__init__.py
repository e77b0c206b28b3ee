"""Lou, three-card loo played guts style (RULES §4), on the shared trick-taking core
(`tourney.rules.tricks`): the state machine, its record and replayer, the arbiter's settlement,
and the descriptor registered with the game registry. Lou seats up to 8 (§4.2)."""

from tourney.rules.games import register_game
from tourney.rules.lou.actions import DRAW_BASE, IN, N_ACTIONS, OUT, PLAY_BASE, action_text, draw_action, parse_action
from tourney.rules.lou.game import LOU
from tourney.rules.lou.options import LouOptions
from tourney.rules.lou.payout import Settlement, parse_tricks, settle
from tourney.rules.lou.play import upcard_value
from tourney.rules.lou.state import LouState, RandomDealer
from tourney.rules.lou.view import LouView

__all__ = [
    "DRAW_BASE", "IN", "LOU", "N_ACTIONS", "OUT", "PLAY_BASE", "LouOptions", "LouState", "LouView", "RandomDealer",
    "Settlement", "action_text", "draw_action", "parse_action", "parse_tricks", "settle", "upcard_value",
]

register_game(LOU)
