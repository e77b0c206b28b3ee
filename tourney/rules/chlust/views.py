"""What one Chlust seat may know (`View`): its own hand and the public state of the current deal.

Every field is an immutable value captured when the view is made, so a bot that keeps or edits a
view changes nothing in the game. Earlier deals are left out on purpose: a card shown in an
earlier deal may be in another player's hidden hand now. The wild card is not in the JSON: it
follows from the upcard and the options, and naming it would look like naming a hidden card.
"""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.tricks.cards import CARD_TEXT, SUITS

PHASES: Final = ("swap", "bet", "play", "over")


class View:
    """One seat's knowledge. `hand`, `trick` and the card fields are card ids (see `deck`);
    per-seat tuples are indexed by seat."""

    __slots__ = (
        "action_names",
        "active",
        "cap",
        "chips",
        "contributions",
        "deal",
        "dealer",
        "hand",
        "history",
        "legal",
        "level",
        "max_raises",
        "phase",
        "players",
        "pot",
        "raise_unit",
        "raises",
        "seat",
        "trick",
        "trick_seats",
        "tricks_won",
        "trump",
        "upcard",
        "wild",
    )

    def __init__(self, seat: int, players: tuple[str, ...], phase: int, deal: int, dealer: int,
                 hand: tuple[int, ...], upcard: int, trump: int, wild: int, pot: int, chips: tuple[int, ...],
                 level: int, contributions: tuple[int, ...], raises: int, max_raises: int, raise_unit: int,
                 cap: int, active: tuple[bool, ...], trick: tuple[int, ...], trick_seats: tuple[int, ...],
                 tricks_won: tuple[int, ...], history: tuple[str, ...], legal: tuple[int, ...],
                 action_names: tuple[str, ...]) -> None:
        self.seat = seat
        self.players = players
        self.phase = phase
        self.deal = deal
        self.dealer = dealer
        self.hand = hand
        self.upcard = upcard
        self.trump = trump
        self.wild = wild
        self.pot = pot
        self.chips = chips
        self.level = level
        self.contributions = contributions
        self.raises = raises
        self.max_raises = max_raises
        self.raise_unit = raise_unit
        self.cap = cap
        self.active = active
        self.trick = trick
        self.trick_seats = trick_seats
        self.tricks_won = tricks_won
        self.history = history
        self.legal = legal
        self.action_names = action_names

    def legal_actions(self) -> list[int]:
        return list(self.legal)

    def to_json(self) -> dict[str, Any]:
        names = self.players
        return {
            "game": "chlust", "seat": self.seat, "player": names[self.seat], "players": list(names),
            "phase": PHASES[self.phase], "deal": self.deal, "dealer": names[self.dealer],
            "hand": [CARD_TEXT[c] for c in self.hand], "upcard": CARD_TEXT[self.upcard],
            "trump": SUITS[self.trump], "pot": self.pot,
            "chips": dict(zip(names, self.chips, strict=True)), "level": self.level,
            "contributions": dict(zip(names, self.contributions, strict=True)), "raises": self.raises,
            "max_raises": self.max_raises, "raise_unit": self.raise_unit, "cap": self.cap,
            "in": [name for name, on in zip(names, self.active, strict=True) if on],
            "trick": [[names[s], CARD_TEXT[c]] for s, c in zip(self.trick_seats, self.trick, strict=True)],
            "tricks": dict(zip(names, self.tricks_won, strict=True)), "history": list(self.history),
            "legal": [self.action_names[a] for a in self.legal],
        }
