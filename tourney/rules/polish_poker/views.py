"""What Polish Poker players see: a finished round's summary and one seat's view (RULES §1.4).

Both are slotted classes (C structs under mypyc) built for every decision, holding only immutable
values, so a bot that writes to its view changes nothing but its own copy.
"""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.cards import Card
from tourney.rules.polish_poker.declarations import CANONICAL, N_DECLARATIONS
from tourney.rules.polish_poker.existence import CARD_OF_ID, CARD_TEXT
from tourney.rules.polish_poker.raises import legal_raises

CALL: Final = 89


# --- public views -----------------------------------------------------------------------------

class RoundSummary:
    """A finished round as every player saw it after the cards were revealed."""

    __slots__ = ("auto_call", "caller", "cap", "cards", "community_id", "declarations", "eliminated", "exists",
                 "hand_ids", "loser", "place", "round", "starter")

    def __init__(self, round: int, starter: int, cap: int, hand_ids: tuple[tuple[int, ...], ...],
                 community_id: int, declarations: tuple[tuple[int, int], ...], caller: int, auto_call: bool,
                 exists: bool, loser: int, cards: int, place: int) -> None:
        self.round = round
        self.starter = starter
        self.cap = cap
        self.hand_ids = hand_ids
        """Revealed hands (card ids) by seat; empty for players who were not in the round."""
        self.community_id = community_id
        self.declarations = declarations
        """(seat, declaration index) in order."""
        self.caller = caller
        self.auto_call = auto_call
        self.exists = exists
        self.loser = loser
        self.cards = cards
        """The loser's card count for the next round; 0 when eliminated."""
        self.place = place
        """The loser's final place when eliminated, else 0."""
        self.eliminated = place > 0

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(CARD_OF_ID[c] for c in hand) for hand in self.hand_ids)

    @property
    def community(self) -> Card:
        return CARD_OF_ID[self.community_id]

    def to_json(self, players: tuple[str, ...]) -> dict[str, Any]:
        return {
            "round": self.round, "starter": players[self.starter], "cap": self.cap,
            "hands": {players[s]: [CARD_TEXT[c] for c in hand] for s, hand in enumerate(self.hand_ids) if hand},
            "community": CARD_TEXT[self.community_id],
            "declarations": [{"player": players[s], "declaration": CANONICAL[d]} for s, d in self.declarations],
            "caller": players[self.caller], "auto_call": self.auto_call, "exists": self.exists,
            "loser": players[self.loser], "cards": self.cards, "place": self.place or None,
        }


class View:
    """What the player at `seat` may know when it is their turn (RULES §1.4).

    One is built for every decision, so it is a plain slotted object (a compiled struct under
    mypyc). Every field is an immutable value, so a bot that writes to its view changes nothing
    but its own copy.
    """

    __slots__ = ("cap", "community_id", "counts", "declarations", "hand_ids", "history", "last", "players",
                 "ranked_suits", "round", "seat", "starter", "used")

    def __init__(self, seat: int, players: tuple[str, ...], hand_ids: tuple[int, ...], counts: tuple[int, ...],
                 cap: int, community_id: int, round: int, starter: int,
                 declarations: tuple[tuple[int, int], ...], last: int, used: int, ranked_suits: bool,
                 history: tuple[RoundSummary, ...]) -> None:
        self.seat = seat
        self.players = players
        self.hand_ids = hand_ids
        """Own cards as card ids (see `existence.CARD_OF_ID`); `hand` gives them as cards."""
        self.counts = counts
        """Cards each seat holds this round; 0 for players who are out."""
        self.cap = cap
        self.community_id = community_id
        self.round = round
        self.starter = starter
        self.declarations = declarations
        """(seat, declaration index) in order, this round."""
        self.last = last
        """Index of the current declaration, -1 before the opening declaration."""
        self.used = used
        """Bitmask (S=1, H=2, D=4, C=8) of suits declared at the current level."""
        self.ranked_suits = ranked_suits
        self.history = history
        """Earlier rounds of this game with their revealed cards."""

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(CARD_OF_ID[c] for c in self.hand_ids)

    @property
    def community(self) -> Card:
        return CARD_OF_ID[self.community_id]

    def legal_actions(self) -> list[int]:
        if self.last < 0:
            return list(range(N_DECLARATIONS))
        return [*legal_raises(self.last, self.used, self.ranked_suits), CALL]

    def to_json(self) -> dict[str, Any]:
        """Exactly what this seat knows: its own cards, the community card, every count, this
        round's declarations, and the earlier rounds as they were revealed."""
        players = self.players
        return {
            "game": "polish-poker", "seat": self.seat, "players": list(players),
            "hand": [CARD_TEXT[c] for c in self.hand_ids], "community": CARD_TEXT[self.community_id],
            "counts": {players[s]: n for s, n in enumerate(self.counts) if n}, "cap": self.cap,
            "round": self.round, "starter": players[self.starter],
            "declarations": [{"player": players[s], "declaration": CANONICAL[d]} for s, d in self.declarations],
            "last": CANONICAL[self.last] if self.last >= 0 else None, "ranked_suits": self.ranked_suits,
            "history": [summary.to_json(players) for summary in self.history],
        }
