"""Trick play shared by Chlust, Хлюст and Lou (RULES §0.4): the led suit, the winner with
trumps, the three follow policies, and face-down cards that never win.

Cards are ids from `tourney.rules.tricks.cards` (suit = id & 3; within a suit a higher id is a
higher card). A trick is the sequence of cards played so far, the lead first. Pure functions of
plain ints and lists, so each game's state machine calls them on its hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tourney.rules.tricks.cards import CARD_TEXT, SUITS

FOLLOW_ONLY: Final = 0   # Lou: follow suit if able, else anything (trumping allowed, not required)
FOLLOW_TRUMP: Final = 1  # Хлюст: follow suit, else trump if able, else anything; no duty to beat
FOLLOW_HEAD: Final = 2   # Chlust, strict Loo: follow and head the trick, else trump / overtrump
POLICY_NAMES: Final[tuple[str, ...]] = ("FOLLOW_ONLY", "FOLLOW_TRUMP", "FOLLOW_HEAD")
NO_TRUMP: Final = -1


def led_suit(trick: Sequence[int]) -> int:
    """The suit of the first card of the trick (§0.4)."""
    return trick[0] & 3


def trick_winner(trick: Sequence[int], trump: int, face_down: Sequence[bool] = ()) -> int:
    """The index in `trick` of the winning card: the highest trump if any trump was played, else
    the highest card of the led suit (§0.4). A card played face down (`face_down[i]`) never wins;
    the lead is never face down."""
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        if face_down and face_down[i]:
            continue
        card = trick[i]
        suit = card & 3
        best_suit = best_card & 3
        # The best card so far is always of the led suit or a trump, so one comparison decides.
        if (suit == best_suit and card > best_card) or (suit == trump and best_suit != trump):
            best = i
            best_card = card
    return best


def winning_card(trick: Sequence[int], trump: int, face_down: Sequence[bool] = ()) -> int:
    return trick[trick_winner(trick, trump, face_down)]


def legal_plays(hand: Sequence[int], trick: Sequence[int], trump: int, policy: int,
                face_down: Sequence[bool] = ()) -> list[int]:
    """The cards of `hand` that may be played to `trick` (empty: a lead, any card) under `policy`.

    FOLLOW_HEAD reads §0.4 in order: a player holding the led suit must play it, and must beat the
    best card so far while that card is of the led suit (no trump has come in; a trump lead is
    headed by a higher trump, as in Loo, S14); a player void in the led suit must trump if able, and
    overtrump a trump already in the trick if able (unable to overtrump, he still plays a trump);
    only a player with neither led suit nor trump may play any card.
    """
    if not trick:
        return list(hand)
    led = trick[0] & 3
    follow = [c for c in hand if c & 3 == led]
    if policy == FOLLOW_ONLY:
        return follow if follow else list(hand)
    if policy == FOLLOW_TRUMP:
        if follow:
            return follow
        trumps = [c for c in hand if c & 3 == trump]
        return trumps if trumps else list(hand)
    best = trick[trick_winner(trick, trump, face_down)]
    if follow:
        if best & 3 == led:
            higher = [c for c in follow if c > best]
            if higher:
                return higher
        return follow
    trumps = [c for c in hand if c & 3 == trump]
    if trumps:
        if best & 3 == trump:
            over = [c for c in trumps if c > best]
            if over:
                return over
        return trumps
    return list(hand)


def why_illegal(card: int, hand: Sequence[int], trick: Sequence[int], trump: int, policy: int,
                face_down: Sequence[bool] = ()) -> str | None:
    """None if `card` may be played, else one sentence naming the rule it breaks."""
    text = CARD_TEXT[card]
    if card not in hand:
        return f"{text} is not in the hand"
    if card in legal_plays(hand, trick, trump, policy, face_down):
        return None
    led = trick[0] & 3
    led_name = SUITS[led]
    if any(c & 3 == led for c in hand):
        if card & 3 == led:
            best = CARD_TEXT[winning_card(trick, trump, face_down)]
            return f"{text} does not head the trick: a card of the led suit above {best} must be played (§0.4)"
        return f"{text} does not follow suit: the led suit {led_name} is held and must be played (§0.4)"
    if card & 3 == trump:
        best = CARD_TEXT[winning_card(trick, trump, face_down)]
        return f"{text} does not overtrump {best}: a higher trump is held and must be played (§0.4)"
    return f"{text} is not a trump: void in {led_name}, a trump ({SUITS[trump]}) must be played (§0.4)"


def is_face_down(card: int, trick: Sequence[int], trump: int) -> bool:
    """Хлюст's `охлупку`: a card neither of the led suit nor a trump goes face down (§3.9)."""
    return bool(trick) and card & 3 != trick[0] & 3 and card & 3 != trump
