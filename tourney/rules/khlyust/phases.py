"""The phases of a Хлюст deal (RULES §3: K3 the announcements, K4 the answers, K5 the tricks; OVER
between deals and after the match) and the codes of the public calls a view lists (view.CALL_TEXT)."""

from __future__ import annotations

from typing import Final

ANNOUNCE: Final = 0
ANSWER: Final = 1
TRICKS: Final = 2
OVER: Final = 3
# Public calls (view.CALL_TEXT): play, pass, declare, declare trump, exchange, answer play, answer pass.
C_PLAY, C_PASS, C_DECLARE, C_TRUMP, C_EXCHANGE, C_ANSWER_PLAY, C_ANSWER_PASS = range(7)
