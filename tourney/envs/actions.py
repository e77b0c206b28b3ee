"""Compact action ids for the environments (issue 32 item 5): every game's under 200.

A game's own ids stay as they are, except a form of more than `COMPACT_LIMIT` ids (the discard
sets of Lou's `DRAW` and Хлюст's `EXCHANGE`, numbered over every set of up to three cards of the
deck): it becomes `2^HAND_SIZE` ids, `form.first + mask`, where bit i of `mask` discards the i-th
card of the seat's hand as its view lists it (`DRAW:-` is mask 0). The mapping needs the hand, so
an environment asks `legal(state)` for the compact ids with their game ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tourney.envs.encoding import action_count
from tourney.errors import TourneyError
from tourney.rules.games import GameDescriptor, GameState, GameView

COMPACT_LIMIT: Final = 200
HAND_SIZE: Final = 3


class UnfactorableActionError(TourneyError):
    """A discard set the compact ids cannot name (a card outside the first HAND_SIZE of the hand)."""


class ActionCodec:
    """The compact ids of one game (`size` of them) and their game ids."""

    def __init__(self, game: GameDescriptor) -> None:
        self.game = game
        self.game_size = action_count(game)
        large = [form for form in game.actions if form.last - form.first + 1 > COMPACT_LIMIT]
        self.factored_from: int | None = min((form.first for form in large), default=None)
        self.size = self.game_size if self.factored_from is None else self.factored_from + (1 << HAND_SIZE)
        assert self.size < COMPACT_LIMIT, f"{game.name}: {self.size} compact actions"

    def legal(self, state: GameState) -> dict[int, int]:
        """The legal compact ids of the seat to act, each with its game id."""
        return self._compact(state.legal_actions(), lambda: state.view(state.to_act).to_json()["hand"])

    def legal_for_view(self, view: GameView) -> dict[int, int]:
        """The same from the view of the seat to act (what a bot is given)."""
        return self._compact(view.legal_actions(), lambda: view.to_json()["hand"])

    def _compact(self, legal: list[int], hand_of: Callable[[], list[str]]) -> dict[int, int]:
        first = self.factored_from
        if first is None or all(action < first for action in legal):
            return {action: action for action in legal}
        hand = hand_of()
        text = self.game.action_text
        assert text is not None
        compact: dict[int, int] = {}
        for action in legal:
            if action < first:
                compact[action] = action
                continue
            _, _, cards = text(action).partition(":")
            mask = 0
            for card in cards.split():
                if card == "-":
                    continue
                if card not in hand[:HAND_SIZE]:
                    raise UnfactorableActionError(f"{text(action)}: {card} is not among the hand's first {HAND_SIZE}")
                mask |= 1 << hand.index(card)
            compact[first + mask] = action
        return compact

    def describe(self, compact: int) -> str:
        """What a compact id means, for documentation and action strings without a state."""
        first = self.factored_from
        if first is None or compact < first:
            text = self.game.action_text
            assert text is not None
            return text(compact)
        form = next(form for form in self.game.actions if form.first == first)
        kind = form.text.partition(":")[0]
        mask = compact - first
        chosen = [f"hand[{i}]" for i in range(HAND_SIZE) if mask >> i & 1]
        return f"{kind}:{' '.join(chosen) or '-'}"
