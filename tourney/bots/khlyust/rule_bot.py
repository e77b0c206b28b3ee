"""Хлюст's rule-based bot: the play advice at the end of the Хлюст seed, from its own view only.

Announcements: declare a Хлюст whenever it may (a concealed one is penalised), otherwise exchange
the cards unlikely to take a trick when it may, otherwise play; answer a Хлюст with "Играю" (a
player who is not the хлюстовщик risks nothing more by playing on, and conceding gives up his
shares). Leading, the seed's advice in order:

- all cards of one suit: lead the highest;
- two small trumps and a card of another suit: lead that card;
- a big trump (queen or better) with another strong card (king or ace): trumps first, the highest;
- a small trump: lead another suit, from its top;
- no trumps: the highest card, above all one guarded by a second card of its suit ("сам-друг").

Following, it takes the trick with its cheapest winning card, or throws its cheapest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.rules.khlyust import CARD_BASE, DECLARE, EXCHANGE_BASE, PLAY, KhlyustView, exchange_action
from tourney.rules.khlyust.view import PHASES
from tourney.rules.tricks import trick_winner

ACE: Final = 12
KING: Final = 11
QUEEN: Final = 10


def worth(card: int, trump: int) -> float:
    """Roughly how likely a card is to take a trick."""
    rank = card >> 2
    if card & 3 == trump:
        return 1.0 if rank >= QUEEN else 0.6
    if rank == ACE:
        return 0.8
    if rank == KING:
        return 0.4
    return 0.0


def choose_lead(hand: Sequence[int], trump: int) -> int:
    """The seed's advice for the card to lead."""
    trumps = sorted((c for c in hand if c & 3 == trump), reverse=True)
    others = sorted((c for c in hand if c & 3 != trump), reverse=True)
    if len({c & 3 for c in hand}) == 1:
        return max(hand)
    if trumps:
        big = trumps[0] >> 2 >= QUEEN
        if big and any(c >> 2 >= KING for c in others):
            return trumps[0]
        if not big:
            return others[0]
        return trumps[0]

    def key(card: int) -> tuple[int, int]:
        guarded = sum(1 for c in hand if c & 3 == card & 3) == 2 and card == max(c for c in hand if c & 3 == card & 3)
        return (card >> 2) + (2 if guarded else 0), card >> 2

    return max(others, key=key)


class RuleBot:
    name = "rule"

    def act(self, view: KhlyustView) -> int:
        legal = view.legal_actions()
        phase = PHASES[view.phase]
        if phase == "answer":
            return PLAY
        if phase == "announce":
            if DECLARE in legal:
                return DECLARE
            weak = [c for c in view.hand if worth(c, view.trump) < 0.4]
            if weak:
                action = exchange_action(weak)
                if action in legal:
                    return action
            return PLAY if PLAY in legal else legal[0]
        cards = [a - CARD_BASE for a in legal if CARD_BASE <= a < EXCHANGE_BASE]
        trump = view.trump
        trick = [card for _, card in view.trick]
        if not trick:
            return CARD_BASE + choose_lead(cards, trump)

        def cost(card: int) -> tuple[bool, int]:
            return card & 3 == trump, card >> 2

        # Face-down cards (-1) never win; leave them out of the trick when judging a winner.
        shown = [c for c in trick if c >= 0]
        winners = [c for c in cards if trick_winner([*shown, c], trump) == len(shown)]
        return CARD_BASE + min(winners or cards, key=cost)
