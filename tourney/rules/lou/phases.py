"""The phases of a Lou deal (RULES §4: the IN/OUT choices, the draws, the tricks; OVER after the
match), the dummy's seat, and what a step of a deal returns to the state."""

from __future__ import annotations

from typing import Final

DECLARE: Final = 0
DRAW: Final = 1
PLAY: Final = 2
OVER: Final = 3
DUMMY: Final = -1  # the seat of the lone player's dummy (§4.5)

# What a step of a deal returns: the deal goes on, or it was settled, with or without ending the game
# (a game ends with a deal where nobody is looed, or with the lone player taking the pot, §4.8).
DEAL_GOES_ON: Final = 0
DEAL_OVER: Final = 1
GAME_OVER: Final = 2
