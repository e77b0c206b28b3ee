"""What one Lou player may know (RULES §4): his cards, the upcard, the choices once revealed, how
many cards each player drew, the tricks, the chips and the pot; never another player's cards,
the stock, or a choice not yet revealed."""

from __future__ import annotations

from typing import Any

from tourney.rules.tricks.cards import texts
from tourney.rules.tricks.views import by_name, card_text, trick_json, trump_of

PHASES = ("declare", "draw", "play", "over")


class LouView:
    """A snapshot for seat `seat`; `legal` is filled only for the seat to act."""

    def __init__(self, seat: int, players: tuple[str, ...], phase: int, legal: list[int], hand: tuple[int, ...],
                 upcard: int, chips: tuple[int, ...], pot: int, deal_pot: int, dealer: int, deal: int,
                 game_no: int, players_in: tuple[int, ...], my_choice: int, draws: tuple[tuple[int, int], ...],
                 discards: tuple[int, ...], trick: tuple[tuple[int, int], ...], trick_no: int,
                 tricks_won: tuple[int, ...], dummy_tricks: int, history: tuple[tuple[int, int, int], ...]) -> None:
        self.seat = seat
        self.players = players
        self.phase = phase
        self._legal = legal
        self.hand = hand
        self.upcard = upcard
        self.trump = trump_of(upcard)
        self.chips = chips
        self.pot = pot
        self.deal_pot = deal_pot
        self.dealer = dealer
        self.deal = deal
        self.game_no = game_no
        self.players_in = players_in      # revealed: empty while choices are secret
        self.my_choice = my_choice        # -1 undecided, 0 out, 1 in
        self.draws = draws                # (seat, cards drawn)
        self.discards = discards
        self.trick = trick                # (seat, card), lead first; seat -1 is the dummy
        self.trick_no = trick_no
        self.tricks_won = tricks_won
        self.dummy_tricks = dummy_tricks
        self.history = history            # (deal, pot at its start, pot after it)

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def to_json(self) -> dict[str, Any]:
        players = self.players
        return {
            "game": "lou", "seat": self.seat, "players": list(players), "phase": PHASES[self.phase],
            "hand": texts(self.hand), "upcard": card_text(self.upcard),
            "chips": by_name(players, self.chips), "pot": self.pot, "deal_pot": self.deal_pot,
            "dealer": players[self.dealer], "deal": self.deal, "game_no": self.game_no,
            "in": [players[s] for s in self.players_in],
            "my_choice": None if self.my_choice < 0 else ("IN" if self.my_choice else "OUT"),
            "draws": {players[s]: k for s, k in self.draws}, "discards": texts(self.discards),
            "trick": trick_json(players, self.trick), "trick_no": self.trick_no,
            "tricks": by_name(players, self.tricks_won, self.players_in),
            "dummy_tricks": self.dummy_tricks,
            "history": [{"deal": d, "pot_start": p, "pot": q} for d, p, q in self.history],
        }
