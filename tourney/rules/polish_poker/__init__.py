"""Polish Poker: declarations, the existence check and the game (RULES §1)."""

from tourney.rules.polish_poker.actions import ACTION_TEXT, CALL, N_ACTIONS, action_id
from tourney.rules.polish_poker.dealer import Dealer, RandomDealer
from tourney.rules.polish_poker.declarations import (
    CANONICAL,
    DECLARATIONS,
    FIVE_ACES,
    N_DECLARATIONS,
    Category,
    Declaration,
    declaration,
    parse_declaration,
)
from tourney.rules.polish_poker.existence import deficit, exists, mask_of_cards
from tourney.rules.polish_poker.options import CAPS, PolishPokerOptions, cap_for
from tourney.rules.polish_poker.raises import legal_raises, raise_options
from tourney.rules.polish_poker.state import PolishPokerState
from tourney.rules.polish_poker.views import RoundSummary, View

__all__ = [
    "ACTION_TEXT", "CALL", "CANONICAL", "CAPS", "DECLARATIONS", "FIVE_ACES", "N_ACTIONS", "N_DECLARATIONS",
    "Category", "Dealer", "Declaration", "PolishPokerOptions", "PolishPokerState", "RandomDealer",
    "RoundSummary", "View", "action_id", "cap_for", "declaration", "deficit", "exists", "legal_raises",
    "mask_of_cards", "parse_declaration", "raise_options",
]

from tourney.rules.games import register_game
from tourney.rules.polish_poker.game import POLISH_POKER

register_game(POLISH_POKER)
