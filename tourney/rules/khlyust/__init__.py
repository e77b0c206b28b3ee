"""Хлюст, Khlyust (RULES §3). Registered for live events, whose tables report final chip counts; the
rules engine is built by the Хлюст issue."""

from tourney.rules.games import GameDescriptor, register_game

KHLYUST = register_game(GameDescriptor(
    name="khlyust", title="Хлюст", aliases=("хлюст", "khlust", "hlyust", "chlyust"), seats=(2, 4), max_table=4,
    live_result="chips", rules_section="§3"))
