"""The trick-taking core shared by Chlust, Хлюст and Lou (RULES §0.3-§0.6): int cards, trick
play with the three follow policies, chips in whole numbers and thirds, and the match at one
table (stacks, the deal passing left, rotations, busting, the finishing order).

Not a game: it registers nothing, so game discovery imports it and finds no descriptor.
"""

from tourney.rules.tricks.cards import (
    CARD_TEXT,
    ID_OF_TEXT,
    RANKS,
    SUITS,
    card_id,
    deck_ids,
    parse_ids,
    rank_of,
    suit_of,
)
from tourney.rules.tricks.chips import split_evenly, thirds
from tourney.rules.tricks.match import Match
from tourney.rules.tricks.play import (
    FOLLOW_HEAD,
    FOLLOW_ONLY,
    FOLLOW_TRUMP,
    NO_TRUMP,
    POLICY_NAMES,
    is_face_down,
    led_suit,
    legal_plays,
    trick_winner,
    why_illegal,
    winning_card,
)

__all__ = [
    "CARD_TEXT", "FOLLOW_HEAD", "FOLLOW_ONLY", "FOLLOW_TRUMP", "ID_OF_TEXT", "NO_TRUMP", "POLICY_NAMES", "RANKS",
    "SUITS", "Match", "card_id", "deck_ids", "is_face_down", "led_suit", "legal_plays", "parse_ids", "rank_of",
    "split_evenly", "suit_of", "thirds", "trick_winner", "why_illegal", "winning_card",
]
