"""Lou's rule-based bot: the usual advice, from its own view only (hand, upcard, the trick, who
is in). Go in with trumps or high cards, keep trumps and aces when drawing, head the trick when
it can with the cheapest winning card, and otherwise throw the cheapest card."""

from __future__ import annotations

from tourney.rules.lou import IN, OUT, PLAY_BASE, LouView, draw_action
from tourney.rules.lou.view import PHASES
from tourney.rules.tricks import trick_winner

ACE, KING, QUEEN = 12, 11, 10
DEFAULT_NERVE = 0.6


def card_value(card: int, trump: int) -> float:
    """How likely a card is to take a trick, roughly: high trumps first, then off-suit aces."""
    rank = card >> 2
    if card & 3 == trump:
        return 1.0 if rank >= QUEEN else 0.55 + rank * 0.03
    if rank == ACE:
        return 0.6
    if rank == KING:
        return 0.3
    return 0.0


class RuleBot:
    """`rule:N` goes in when its hand is worth at least N tricks at a table of five (default 0.6).

    The bar scales with the opponents, (others - 1) / 3 times N: heads-up it always goes in (one of
    two players in takes at least two tricks, and a lone player takes the pot), and with more
    opponents a hand must be worth more to risk being looed."""

    name = "rule"

    def __init__(self, nerve: float = DEFAULT_NERVE) -> None:
        self.nerve = nerve

    def act(self, view: LouView) -> int:
        phase = PHASES[view.phase]
        trump = view.trump
        if phase == "declare":
            worth = sum(card_value(c, trump) for c in view.hand)
            others = sum(1 for seat, chips in enumerate(view.chips) if chips > 0 and seat != view.seat)
            return IN if worth >= self.nerve * max(0, others - 1) / 3 else OUT
        if phase == "draw":
            discards = [c for c in view.hand if card_value(c, trump) < 0.3]
            action = draw_action(discards)
            return action if action in view.legal_actions() else view.legal_actions()[0]
        return self._play(view)

    def _play(self, view: LouView) -> int:
        legal = [a - PLAY_BASE for a in view.legal_actions()]
        trump = view.trump

        def cost(card: int) -> tuple[bool, int]:
            return card & 3 == trump, card >> 2

        trick = [card for _, card in view.trick]
        if not trick:
            # Lead the surest winner if the hand has one; else get rid of the cheapest card.
            best = max(legal, key=lambda c: card_value(c, trump))
            return PLAY_BASE + (best if card_value(best, trump) >= 0.6 else min(legal, key=cost))
        winners = [c for c in legal if trick_winner([*trick, c], trump) == len(trick)]
        return PLAY_BASE + min(winners or legal, key=cost)
