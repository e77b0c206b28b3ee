"""What a bot is: something that sees a per-seat view and returns an action id."""

from __future__ import annotations

from typing import Protocol

from tourney.rules.polish_poker import View


class PolishPokerBot(Protocol):
    """A Polish Poker strategy. `act` returns an action id that is legal in `view`."""

    name: str

    def act(self, view: View) -> int: ...
