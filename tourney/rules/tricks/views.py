"""What the views of Хлюст and Lou share: the trump an upcard makes, and the JSON of the public
table (`view.to_json()`, what a subprocess bot is sent): cards as canonical text, per-seat numbers
by name, the trick with an unknown seat or card as null. In `HOT_MODULES`: the compiled Хлюст view
takes its trump here for every decision."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tourney.rules.tricks.cards import CARD_TEXT


def trump_of(upcard: int) -> int:
    """The trump suit the upcard makes, -1 before any deal."""
    return upcard & 3 if upcard >= 0 else -1


def card_text(card: int) -> str | None:
    """A card's canonical text; null for no card (no upcard yet, a card played face down)."""
    return CARD_TEXT[card] if card >= 0 else None


def by_name(players: Sequence[str], counts: Sequence[int], seats: Iterable[int] | None = None) -> dict[str, int]:
    """`counts` (indexed by seat) by player name: every seat, or those of `seats` in that order."""
    if seats is None:
        return dict(zip(players, counts, strict=True))
    return {players[s]: counts[s] for s in seats}


def trick_json(players: Sequence[str], trick: Iterable[tuple[int, int]]) -> list[list[str | None]]:
    """The trick's (seat, card) pairs, lead first; seat -1 (Lou's dummy) and card -1 (Хлюст's card
    face down to another player) are null."""
    return [[players[s] if s >= 0 else None, card_text(c)] for s, c in trick]
