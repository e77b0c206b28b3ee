"""Хлюст, Khlyust (RULES §3): combinations, the arbiter's showdown, and the game."""

from tourney.rules.games import GameDescriptor, register_game
from tourney.rules.khlyust.options import OPTIONS

KHLYUST = register_game(GameDescriptor(
    name="khlyust", title="Хлюст", aliases=("хлюст", "khlust", "hlyust", "chlyust"), seats=(2, 4), max_table=4,
    live_result="chips", options=OPTIONS, rules_section="§3"))
