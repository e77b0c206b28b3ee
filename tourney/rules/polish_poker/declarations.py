"""The 89 Polish Poker declarations, their order and their text forms (RULES §1.6, §1.7).

Declarations are indices into one precomputed table, weakest first in the default
(`equal`) suit order; within a suit level the suits are listed S, H, D, C. An index is also
the declaration's action id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from tourney.errors import InvalidActionError
from tourney.rules.cards import Rank, Suit

PP_RANKS: tuple[Rank, ...] = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
PP_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANK_INDEX: dict[Rank, int] = {r: i for i, r in enumerate(PP_RANKS)}
SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(PP_SUITS)}
# `ranked` suit order (RULES §1.7 option, as Blef): clubs < diamonds < hearts < spades.
RANKED_SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Category(IntEnum):
    """Declaration categories, weakest first."""

    HIGH = 0
    PAIR = 1
    TWOPAIR = 2
    STRAIGHT = 3
    TRIPS = 4
    FULL = 5
    FLUSH = 6
    QUADS = 7
    SFLUSH = 8
    ROYAL = 9
    FIVE = 10


SUIT_CATEGORIES = frozenset({Category.FLUSH, Category.SFLUSH, Category.ROYAL})
SMALL, BIG = "SMALL", "BIG"


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declarable hand. `ranks` holds the named ranks in canonical order."""

    index: int
    category: Category
    ranks: tuple[Rank, ...] = ()
    suit: Suit | None = None
    straight: str | None = None
    level: int = 0
    ranked_level: int = 0

    @property
    def is_suit_category(self) -> bool:
        return self.category in SUIT_CATEGORIES

    def __str__(self) -> str:
        return CANONICAL[self.index]

    def spoken(self) -> str:
        """A human reading, e.g. 'Full house, 9s over 10s'."""
        names = [_RANK_PLURAL[r] for r in self.ranks]
        match self.category:
            case Category.HIGH:
                return f"High card, {_RANK_SINGULAR[self.ranks[0]]}"
            case Category.PAIR:
                return f"Pair of {names[0]}"
            case Category.TWOPAIR:
                return f"Two pairs, {names[0]} and {names[1]}"
            case Category.STRAIGHT:
                return "Small straight" if self.straight == SMALL else "Big straight"
            case Category.TRIPS:
                return f"Three {names[0]}"
            case Category.FULL:
                return f"Full house, {names[0]} over {names[1]}"
            case Category.QUADS:
                return f"Four of a kind, {names[0]}"
            case Category.FIVE:
                return f"Five {names[0]}"
        assert self.suit is not None
        label = {Category.FLUSH: "Flush", Category.SFLUSH: "Straight flush", Category.ROYAL: "Royal flush"}
        return f"{label[self.category]} {_SUIT_NAME[self.suit]}"


_RANK_SINGULAR = {Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "Jack", Rank.QUEEN: "Queen",
                  Rank.KING: "King", Rank.ACE: "Ace"}
_RANK_PLURAL = {Rank.NINE: "9s", Rank.TEN: "10s", Rank.JACK: "Jacks", Rank.QUEEN: "Queens",
                Rank.KING: "Kings", Rank.ACE: "Aces"}
_SUIT_NAME = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds", Suit.CLUBS: "Clubs"}


def _build() -> tuple[Declaration, ...]:
    specs: list[tuple[Category, tuple[Rank, ...], Suit | None, str | None]] = []
    specs += [(Category.HIGH, (r,), None, None) for r in PP_RANKS]
    specs += [(Category.PAIR, (r,), None, None) for r in PP_RANKS]
    specs += [(Category.TWOPAIR, (hi, lo), None, None)
              for i, hi in enumerate(PP_RANKS) for lo in PP_RANKS[:i]]
    specs += [(Category.STRAIGHT, (), None, SMALL), (Category.STRAIGHT, (), None, BIG)]
    specs += [(Category.TRIPS, (r,), None, None) for r in PP_RANKS]
    specs += [(Category.FULL, (x, y), None, None) for x in PP_RANKS for y in PP_RANKS if x != y]
    specs += [(Category.FLUSH, (), s, None) for s in PP_SUITS]
    specs += [(Category.QUADS, (r,), None, None) for r in PP_RANKS]
    specs += [(Category.SFLUSH, (), s, None) for s in PP_SUITS]
    specs += [(Category.ROYAL, (), s, None) for s in PP_SUITS]
    specs += [(Category.FIVE, (r,), None, None) for r in PP_RANKS]

    # Equal suits: the four suits of a suit category share one level.
    levels: list[int] = []
    level = -1
    previous: Category | None = None
    for cat, _, _suit, _ in specs:
        if not (cat in SUIT_CATEGORIES and cat == previous):
            level += 1
        levels.append(level)
        previous = cat
    # Ranked suits: every declaration its own level, clubs lowest within a suit category.
    order = sorted(range(len(specs)), key=lambda i: (
        levels[i], RANKED_SUIT_ORDER.index(specs[i][2]) if specs[i][2] is not None else 0))
    ranked = [0] * len(specs)
    for position, i in enumerate(order):
        ranked[i] = position
    return tuple(
        Declaration(i, cat, ranks, suit, straight, levels[i], ranked[i])
        for i, (cat, ranks, suit, straight) in enumerate(specs)
    )


def _canonical(d: Declaration) -> str:
    if d.category == Category.STRAIGHT:
        return f"STRAIGHT:{d.straight}"
    if d.suit is not None:
        return f"{d.category.name}:{d.suit.value}"
    return f"{d.category.name}:{'/'.join(r.value for r in d.ranks)}"


DECLARATIONS: tuple[Declaration, ...] = _build()
CANONICAL: Final[tuple[str, ...]] = tuple(_canonical(d) for d in DECLARATIONS)
BY_CANONICAL: dict[str, int] = {text: i for i, text in enumerate(CANONICAL)}
N_DECLARATIONS: Final = 89
FIVE_ACES: Final = 88
assert len(DECLARATIONS) == N_DECLARATIONS and CANONICAL[FIVE_ACES] == "FIVE:A" and DECLARATIONS[-1].level == 79


def declaration(text: str) -> Declaration:
    """Parse a declaration in canonical or spoken form; raise `InvalidActionError` otherwise."""
    return DECLARATIONS[parse_declaration(text)]


def parse_declaration(text: str) -> int:
    """Return the index of the declaration `text` names (canonical or spoken form)."""
    raw = text.strip()
    if not raw:
        raise InvalidActionError("empty declaration")
    upper = raw.upper().replace(" ", "")
    if upper in BY_CANONICAL:
        return BY_CANONICAL[upper]
    if ":" in upper:
        return _parse_canonical_like(raw, upper)
    return _parse_spoken(raw)


def _parse_canonical_like(raw: str, upper: str) -> int:
    head, _, tail = upper.partition(":")
    try:
        category = Category[head]
    except KeyError:
        raise InvalidActionError(f"unknown declaration {raw!r}: no category {head!r}") from None
    parts = [p for p in tail.split("/") if p]
    if category in SUIT_CATEGORIES:
        suits = [_SUIT_WORDS.get(p.lower()) for p in parts]
        if len(suits) != 1 or suits[0] is None:
            raise InvalidActionError(f"unknown declaration {raw!r}: {head} names one suit (S, H, D, C)")
        return _find(raw, category, (), suits[0], None)
    if category == Category.STRAIGHT:
        kind = _STRAIGHT_WORDS.get(tail.lower())
        if kind is None:
            raise InvalidActionError(f"unknown declaration {raw!r}: STRAIGHT is SMALL or BIG")
        return _find(raw, category, (), None, kind)
    ranks = []
    for p in parts:
        rank = _RANK_WORDS.get(p.lower())
        if rank is None:
            raise InvalidActionError(f"unknown declaration {raw!r}: {p!r} is not a rank 9, T, J, Q, K or A")
        ranks.append(rank)
    return _from_ranks(raw, category, ranks)


def _from_ranks(raw: str, category: Category, ranks: list[Rank]) -> int:
    need = 2 if category in (Category.TWOPAIR, Category.FULL) else 1
    if len(ranks) != need:
        raise InvalidActionError(
            f"unknown declaration {raw!r}: {category.name} names {need} rank{'s' if need > 1 else ''}")
    if need == 2 and ranks[0] == ranks[1]:
        what = "two pairs" if category == Category.TWOPAIR else "a full house"
        raise InvalidActionError(f"invalid declaration {raw!r}: {what} needs two different ranks")
    if category == Category.TWOPAIR:
        ranks.sort(key=RANK_INDEX.__getitem__, reverse=True)
    return _find(raw, category, tuple(ranks), None, None)


def _find(raw: str, category: Category, ranks: tuple[Rank, ...], suit: Suit | None, straight: str | None) -> int:
    for d in DECLARATIONS:
        if d.category == category and d.ranks == ranks and d.suit == suit and d.straight == straight:
            return d.index
    raise InvalidActionError(f"unknown declaration {raw!r}")  # pragma: no cover - table is complete


_RANK_WORDS: dict[str, Rank] = {}
for _rank, _words in {
    Rank.NINE: "9 9s 9's nine nines",
    Rank.TEN: "t 10 10s 10's ts ten tens",
    Rank.JACK: "j js jack jacks",
    Rank.QUEEN: "q qs queen queens",
    Rank.KING: "k ks king kings",
    Rank.ACE: "a as ace aces",
}.items():
    for _w in _words.split():
        _RANK_WORDS[_w] = _rank
_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in {
    Suit.SPADES: "s spade spades ♠ ♤", Suit.HEARTS: "h heart hearts ♥ ♡",
    Suit.DIAMONDS: "d diamond diamonds ♦ ♢", Suit.CLUBS: "c club clubs ♣ ♧",
}.items():
    for _w in _words.split():
        _SUIT_WORDS[_w] = _suit
_STRAIGHT_WORDS = {"small": SMALL, "low": SMALL, "big": BIG, "high": BIG, "large": BIG}

# Longest phrases first, so that "straight flush" wins over "straight" and "flush".
_CATEGORY_PHRASES: tuple[tuple[str, Category], ...] = (
    ("royal flush", Category.ROYAL), ("royal", Category.ROYAL),
    ("straight flush", Category.SFLUSH), ("sflush", Category.SFLUSH),
    ("five of a kind", Category.FIVE), ("four of a kind", Category.QUADS),
    ("three of a kind", Category.TRIPS), ("full house", Category.FULL),
    ("two pairs", Category.TWOPAIR), ("two pair", Category.TWOPAIR), ("twopair", Category.TWOPAIR),
    ("high card", Category.HIGH), ("flush", Category.FLUSH), ("straight", Category.STRAIGHT),
    ("quads", Category.QUADS), ("trips", Category.TRIPS), ("full", Category.FULL),
    ("five", Category.FIVE), ("four", Category.QUADS), ("three", Category.TRIPS),
    ("pair", Category.PAIR), ("high", Category.HIGH),
)
_FILLER = frozenset({"of", "over", "and", "in", "the", "card", "cards"})


def _parse_spoken(raw: str) -> int:
    text = " " + re.sub(r"[,.:;/()\-]+", " ", raw.lower()) + " "
    text = re.sub(r"\s+", " ", text)
    if text.startswith(" a ") or text.startswith(" an "):  # the article in "a pair of jacks"
        text = " " + text.split(" ", 2)[2]
    category: Category | None = None
    for phrase, cat in _CATEGORY_PHRASES:
        if f" {phrase} " in text:
            category = cat
            text = text.replace(f" {phrase} ", " ", 1)
            break
    tokens = text.split()
    if category is None:
        raise InvalidActionError(f"unknown declaration {raw!r} (try e.g. 'PAIR:J' or 'pair of jacks')")
    if category == Category.STRAIGHT:
        kinds = {_STRAIGHT_WORDS[t] for t in tokens if t in _STRAIGHT_WORDS}
        if len(kinds) != 1 or any(t not in _STRAIGHT_WORDS and t not in _FILLER for t in tokens):
            raise InvalidActionError(f"unknown declaration {raw!r}: say 'small straight' or 'big straight'")
        return _find(raw, category, (), None, kinds.pop())
    if category in SUIT_CATEGORIES:
        suits = [_SUIT_WORDS[t] for t in tokens if t in _SUIT_WORDS]
        others = [t for t in tokens if t not in _SUIT_WORDS and t not in _FILLER]
        if len(suits) != 1 or others:
            raise InvalidActionError(f"unknown declaration {raw!r}: name exactly one suit")
        return _find(raw, category, (), suits[0], None)
    ranks: list[Rank] = []
    for t in tokens:
        if t in _RANK_WORDS:
            ranks.append(_RANK_WORDS[t])
        elif t not in _FILLER:
            raise InvalidActionError(f"unknown declaration {raw!r}: {t!r} is not a rank")
    return _from_ranks(raw, category, ranks)
