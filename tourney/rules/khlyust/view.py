"""What one Хлюст player may know (RULES §3): his own cards and discards, the upcard, the public
announcements and answers (how many cards each exchanged, never which), the trick (a card played
face down under `okhlupku` only to its owner), the tricks, the chips and the kassa."""

from __future__ import annotations

from typing import Any, Final

from tourney.rules.tricks.cards import texts
from tourney.rules.tricks.views import by_name, card_text, trick_json, trump_of

PHASES: Final = ("announce", "answer", "play", "over")
# What a public call was: (seat, kind, cards exchanged).
CALL_TEXT: Final = ("PLAY", "PASS", "DECLARE", "DECLARE TRUMP", "EXCHANGE", "ANSWER PLAY", "ANSWER PASS")
FACE_DOWN: Final = -1


class KhlyustView:
    """A snapshot for seat `seat`; `legal` is filled only for the seat to act."""

    __slots__ = ("_legal", "calls", "chips", "deal", "dealer", "declarer", "discards", "duel", "hand", "in_play",
                 "kassa", "khlyust", "locked", "phase", "players", "podruchny", "pot", "seat", "trick", "trick_no",
                 "tricks_won", "trump", "upcard", "zaruchny")

    def __init__(self, seat: int, players: tuple[str, ...], duel: bool, phase: int, legal: list[int],
                 hand: tuple[int, ...], upcard: int, chips: tuple[int, ...], pot: int, kassa: int, dealer: int,
                 zaruchny: int, podruchny: int, deal: int, declarer: int, locked: bool, khlyust: int,
                 calls: tuple[tuple[int, int, int], ...], in_play: tuple[int, ...], discards: tuple[int, ...],
                 trick: tuple[tuple[int, int], ...], trick_no: int, tricks_won: tuple[int, ...]) -> None:
        self.seat = seat
        self.players = players
        self.duel = duel
        self.phase = phase
        self._legal = legal
        self.hand = hand
        self.upcard = upcard
        self.trump = trump_of(upcard)
        self.chips = chips
        self.pot = pot
        self.kassa = kassa
        self.dealer = dealer
        self.zaruchny = zaruchny
        self.podruchny = podruchny
        self.deal = deal
        self.declarer = declarer          # the хлюстовщик, -1 if none
        self.locked = locked              # a Козырный Хлюст was declared
        self.khlyust = khlyust            # own hand: 0 none, 1 plain, 2 trump
        self.calls = calls
        self.in_play = in_play
        self.discards = discards
        self.trick = trick                # (seat, card), lead first; card -1 = face down
        self.trick_no = trick_no
        self.tricks_won = tricks_won

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def to_json(self) -> dict[str, Any]:
        players = self.players
        return {
            "game": "khlyust", "seat": self.seat, "players": list(players), "duel": self.duel,
            "phase": PHASES[self.phase], "hand": texts(self.hand), "upcard": card_text(self.upcard),
            "chips": by_name(players, self.chips), "pot": self.pot, "kassa": self.kassa,
            "dealer": players[self.dealer], "deal": self.deal,
            "zaruchny": players[self.zaruchny] if self.zaruchny >= 0 else None,
            "podruchny": players[self.podruchny] if self.podruchny >= 0 else None,
            "khlyustovshchik": players[self.declarer] if self.declarer >= 0 else None,
            "trump_khlyust_declared": self.locked,
            "calls": [[players[s], CALL_TEXT[kind] + (f":{n}" if kind == 4 else "")] for s, kind, n in self.calls],
            "in_play": [players[s] for s in self.in_play],
            "discards": texts(self.discards),
            "trick": trick_json(players, self.trick), "trick_no": self.trick_no,
            "tricks": by_name(players, self.tricks_won, self.in_play),
        }
