"""Chlust combinations and the showdown (RULES §2.6, §2.8), as pure functions.

A combination is three cards of one rank or of one suit; the wild card W (see `deck.wild_card`)
may stand for any card it is not. Kinds, best first: three jacks, three of a suit, three of a rank.
Equal kinds are compared by the keys of `tiebreak_order` (trump suit, pure over impure, higher
cards), then by the elder hand (the hand listed first: hands are given in seat order from the
dealer's left). A hand that reads several ways gets its best reading under those same keys, so a
natural W (♣T in three clubs or three tens) counts as pure, yet under `trump,cards,pure,elder` a
wild reading with higher cards can be better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tourney.rules.chlust.deck import CARD_TEXT, JACK, RANKS, SUIT_NAMES, rank_of, suit_of

RANK_KIND: Final = 1
SUIT_KIND: Final = 2
JACKS_KIND: Final = 3
KIND_NAMES: Final = {JACKS_KIND: "three jacks", SUIT_KIND: "three of a suit", RANK_KIND: "three of a rank"}
NO_KIND: Final = "none"

DEFAULT_ORDER: Final = "trump,pure,cards,elder"
TIEBREAK_ORDERS: Final[dict[str, tuple[str, ...]]] = {
    DEFAULT_ORDER: ("trump", "pure", "cards"),
    "trump,cards,pure,elder": ("trump", "cards", "pure"),
}


@dataclass(frozen=True, slots=True)
class Combination:
    """One reading of a hand. `reading` is the three cards it stands for (W replaced by
    `wild_as` when W is used wild); `ranks` the card key (highest first; the rank of a three of a
    rank; empty for three jacks); `trump` only for a three of a suit in trumps."""

    kind: int
    trump: bool
    pure: bool
    ranks: tuple[int, ...]
    reading: tuple[int, ...]
    wild_as: int | None = None

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    def key(self, order: str = DEFAULT_ORDER) -> tuple[object, ...]:
        """Sort key, larger is better (elder hand not included)."""
        parts: list[object] = [self.kind]
        for name in TIEBREAK_ORDERS[order]:
            if name == "trump":
                parts.append(int(self.trump))
            elif name == "pure":
                parts.append(int(self.pure))
            else:
                parts.append(self.ranks)
        return tuple(parts)

    def describe(self) -> str:
        """'three of a suit (hearts), impure, W as QH' and the like."""
        if self.kind == SUIT_KIND:
            text = f"three of a suit ({SUIT_NAMES[suit_of(self.reading[0])]}{', trumps' if self.trump else ''})"
        elif self.kind == RANK_KIND:
            text = f"three of a rank ({RANKS[self.ranks[0]]}s)"
        else:
            text = "three jacks"
        text += ", pure" if self.pure else ", impure"
        if self.wild_as is not None:
            text += f", W as {CARD_TEXT[self.wild_as]}"
        return text


def _reading(cards: tuple[int, int, int], trump: int, pure: bool, wild_as: int | None) -> Combination | None:
    a, b, c = cards
    rank = rank_of(a)
    if rank == rank_of(b) == rank_of(c):
        if rank == JACK:
            return Combination(JACKS_KIND, False, pure, (), cards, wild_as)
        return Combination(RANK_KIND, False, pure, (rank,), cards, wild_as)
    suit = suit_of(a)
    if suit == suit_of(b) == suit_of(c):
        ranks = tuple(sorted((rank, rank_of(b), rank_of(c)), reverse=True))
        return Combination(SUIT_KIND, suit == trump, pure, ranks, cards, wild_as)
    return None


def best_combination(hand: Sequence[int], trump: int, wild: int, deck: Sequence[int],
                     order: str = DEFAULT_ORDER) -> Combination | None:
    """The best reading of a 3-card `hand` (None: no combination). `deck` lists the cards W may
    stand for (the game's deck); `trump` is the trump suit."""
    a, b, c = hand
    best = _reading((a, b, c), trump, True, None)
    if wild not in (a, b, c):
        return best
    others = tuple(card for card in (a, b, c) if card != wild)
    x, y = others
    same_rank, same_suit = rank_of(x) == rank_of(y), suit_of(x) == suit_of(y)
    if not (same_rank or same_suit):
        return best
    for stand_in in deck:
        if stand_in in (x, y, wild):
            continue
        if (same_rank and rank_of(stand_in) == rank_of(x)) or (same_suit and suit_of(stand_in) == suit_of(x)):
            reading = _reading((x, y, stand_in), trump, False, stand_in)
            if reading is not None and (best is None or reading.key(order) > best.key(order)):
                best = reading
    return best


@dataclass(frozen=True, slots=True)
class Showdown:
    """The judged hands (in the order given), the winner's index (None: nobody has a
    combination) and the key that put the winner above the runner-up: `only` (the only
    combination), `kind`, `trump`, `pure`, `cards` or `elder`."""

    combinations: tuple[Combination | None, ...]
    winner: int | None
    decided_by: str | None
    places: tuple[int | None, ...]


def showdown(hands: Sequence[Sequence[int]], trump: int, wild: int, deck: Sequence[int],
             order: str = DEFAULT_ORDER) -> Showdown:
    """Judge `hands`, listed elder hand first (RULES §2.8)."""
    combos = tuple(best_combination(hand, trump, wild, deck, order) for hand in hands)
    ranked = sorted((i for i, combo in enumerate(combos) if combo is not None),
                    key=lambda i: _key(combos[i], order), reverse=True)
    # Equal keys keep the listed order (sorted is stable), so the elder hand comes first.
    places: list[int | None] = [None] * len(hands)
    for place, index in enumerate(ranked, start=1):
        places[index] = place
    if not ranked:
        return Showdown(combos, None, None, tuple(places))
    winner = ranked[0]
    if len(ranked) == 1:
        return Showdown(combos, winner, "only", tuple(places))
    first, second = _key(combos[winner], order), _key(combos[ranked[1]], order)
    names = ("kind", *TIEBREAK_ORDERS[order])
    decided = next((name for name, x, y in zip(names, first, second, strict=True) if x != y), "elder")
    return Showdown(combos, winner, decided, tuple(places))


def _key(combo: Combination | None, order: str) -> tuple[object, ...]:
    assert combo is not None
    return combo.key(order)
