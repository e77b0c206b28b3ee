"""The phases of a Chlust deal (RULES §2: the Ace swap §2.5, the betting §2.7, the tricks §2.9;
OVER after the match)."""

from __future__ import annotations

from typing import Final

PHASE_SWAP: Final = 0
PHASE_BET: Final = 1
PHASE_PLAY: Final = 2
PHASE_OVER: Final = 3
