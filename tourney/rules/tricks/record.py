"""What the records of the trick games share: a seat's name (null for Lou's dummy, seat -1), the
cards of a finished trick by player, and the end of a match of Хлюст or Lou (§0.5)."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.rules.tricks.cards import CARD_TEXT
from tourney.rules.tricks.match import Match


def seat_name(players: Sequence[str], seat: int) -> str | None:
    """A seat's name; null for no seat (-1: nobody, or the lone player's dummy in Lou)."""
    return players[seat] if seat >= 0 else None


def trick_cards(players: Sequence[str], seats: Sequence[int], cards: Sequence[int]) -> list[list[str | None]]:
    """A finished trick as the record writes it: [player, card] in the order played."""
    return [[seat_name(players, s), CARD_TEXT[c]] for s, c in zip(seats, cards, strict=True)]


def end_of_match(players: Sequence[str], match: Match, pot: int) -> tuple[dict[str, int], dict[str, int], list[str],
                                                                          list[int]]:
    """The end of a match of Хлюст or Lou (§0.5): the pot left is shared by the seated players and
    paid out (`Match.split_pot`). Returns the split and every player's final chips by name, the
    standings (best first) and each one's place."""
    split = match.split_pot(pot)
    order, places = match.finishing_order()
    return ({players[s]: amount for s, amount in split.items()},
            {players[s]: match.chips[s] for s in range(match.n)}, [players[s] for s in order], places)
