"""Хлюст, Khlyust (RULES §3), on the shared trick-taking core (`tourney.rules.tricks`):
combinations, the arbiter's showdown, the state machine for 3-4 players and the two-player duel,
its record and replayer, and the descriptor registered with the game registry."""

from tourney.rules.games import register_game
from tourney.rules.khlyust.actions import (
    CARD_BASE,
    DECLARE,
    EXCHANGE_BASE,
    N_ACTIONS,
    PASS,
    PLAY,
    action_text,
    exchange_action,
    exchange_cards,
    parse_action,
)
from tourney.rules.khlyust.game import KHLYUST
from tourney.rules.khlyust.options import KhlyustOptions
from tourney.rules.khlyust.payout import Settlement, settle
from tourney.rules.khlyust.state import KhlyustState, RandomDealer
from tourney.rules.khlyust.view import KhlyustView

__all__ = [
    "CARD_BASE", "DECLARE", "EXCHANGE_BASE", "KHLYUST", "N_ACTIONS", "PASS", "PLAY", "KhlyustOptions", "KhlyustState",
    "KhlyustView", "RandomDealer", "Settlement", "action_text", "exchange_action", "exchange_cards", "parse_action",
    "settle",
]

register_game(KHLYUST)
