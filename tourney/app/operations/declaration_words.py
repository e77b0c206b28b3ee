"""A Polish Poker declaration read aloud as a sentence of the catalog (`Declaration.spoken` in words):
`str()` of it is the English reading exactly ("Full house, 9s over 10s"); `Translator.words` says it
in Polish or Russian ("Full: trójka dziewiątek i para dziesiątek"), whose nouns take another case
after "pair of" than alone, hence the two contexts of a rank's plural."""

from __future__ import annotations

from tourney.errors import Worded, worded, worded_p
from tourney.rules.cards import Rank, Suit
from tourney.rules.polish_poker.declarations import SMALL, Category, Declaration

# A rank alone ("High card, Jack"), its plural ("Two pairs, Jacks and 9s") and its plural after a
# count or "of" ("Pair of Jacks", "Three Jacks"): one English word, a case of its own in pl and ru.
_ONE: dict[Rank, Worded] = {
    Rank.NINE: worded_p("a card's word: a rank", "9"), Rank.TEN: worded_p("a card's word: a rank", "10"),
    Rank.JACK: worded_p("a card's word: a rank", "Jack"), Rank.QUEEN: worded_p("a card's word: a rank", "Queen"),
    Rank.KING: worded_p("a card's word: a rank", "King"), Rank.ACE: worded_p("a card's word: a rank", "Ace"),
}
_MANY: dict[Rank, Worded] = {
    Rank.NINE: worded_p("a card's word: ranks", "9s"), Rank.TEN: worded_p("a card's word: ranks", "10s"),
    Rank.JACK: worded_p("a card's word: ranks", "Jacks"), Rank.QUEEN: worded_p("a card's word: ranks", "Queens"),
    Rank.KING: worded_p("a card's word: ranks", "Kings"), Rank.ACE: worded_p("a card's word: ranks", "Aces"),
}
_OF_MANY: dict[Rank, Worded] = {
    Rank.NINE: worded_p("a card's word: of ranks", "9s"), Rank.TEN: worded_p("a card's word: of ranks", "10s"),
    Rank.JACK: worded_p("a card's word: of ranks", "Jacks"),
    Rank.QUEEN: worded_p("a card's word: of ranks", "Queens"),
    Rank.KING: worded_p("a card's word: of ranks", "Kings"), Rank.ACE: worded_p("a card's word: of ranks", "Aces"),
}
_SUIT: dict[Suit, Worded] = {
    Suit.SPADES: worded_p("a card's word: a suit", "Spades"), Suit.HEARTS: worded_p("a card's word: a suit", "Hearts"),
    Suit.DIAMONDS: worded_p("a card's word: a suit", "Diamonds"),
    Suit.CLUBS: worded_p("a card's word: a suit", "Clubs"),
}


def declaration_words(declaration: Declaration) -> Worded:
    """`declaration.spoken()` as a sentence of the catalog (`str()` is that text)."""
    ranks = declaration.ranks
    match declaration.category:
        case Category.HIGH:
            return worded("High card, %(rank)s", rank=_ONE[ranks[0]])
        case Category.PAIR:
            return worded("Pair of %(rank)s", rank=_OF_MANY[ranks[0]])
        case Category.TWOPAIR:
            return worded("Two pairs, %(high)s and %(low)s", high=_MANY[ranks[0]], low=_MANY[ranks[1]])
        case Category.STRAIGHT:
            return worded("Small straight") if declaration.straight == SMALL else worded("Big straight")
        case Category.TRIPS:
            return worded("Three %(rank)s", rank=_OF_MANY[ranks[0]])
        case Category.FULL:
            return worded("Full house, %(three)s over %(two)s", three=_OF_MANY[ranks[0]], two=_OF_MANY[ranks[1]])
        case Category.QUADS:
            return worded("Four of a kind, %(rank)s", rank=_OF_MANY[ranks[0]])
        case Category.FIVE:
            return worded("Five %(rank)s", rank=_OF_MANY[ranks[0]])
    assert declaration.suit is not None
    suit = _SUIT[declaration.suit]
    if declaration.category == Category.FLUSH:
        return worded("Flush %(suit)s", suit=suit)
    if declaration.category == Category.SFLUSH:
        return worded("Straight flush %(suit)s", suit=suit)
    return worded("Royal flush %(suit)s", suit=suit)


def reading_words(canonical: str) -> Worded:
    """The reading of the declaration written `canonical` ("FULL:9/T"), as `declaration_words`."""
    from tourney.rules.polish_poker import CANONICAL, DECLARATIONS

    return declaration_words(DECLARATIONS[CANONICAL.index(canonical)])
