"""The arbiter's questions, answered from the rules core: does a declared Polish Poker hand exist,
the declarations in order, a Chlust or Хлюст showdown, a Lou deal's settlement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.input.numbers import whole_number
from tourney.errors import InvalidInputError, worded

if TYPE_CHECKING:
    from tourney.rules.chlust.arbiter import ShowdownReport
    from tourney.rules.khlyust.arbiter import KhlyustShowdown


# Twice the longest a director types ("full house, 9s over 10s", "small straight of hearts").
MAX_DECLARATION_CHARS = 100


@dataclass(frozen=True, slots=True)
class DeclarationCheck:
    """Whether a declaration exists among the revealed cards (RULES §1.8)."""

    declaration: str  # canonical
    exists: bool
    deficit: int  # cards missing (the joker fills one)
    joker: bool  # a joker is among the cards

    def to_json(self) -> dict[str, Any]:
        return {"declaration": self.declaration, "exists": self.exists, "deficit": self.deficit}


def check_declaration(declaration: str, cards: str) -> DeclarationCheck:
    """Does `declaration` (canonical or spoken) exist among `cards` (every revealed card)?

    Examples:
        >>> check_declaration("full house, kings over nines", "KS KH KD 9C TH JK")
        DeclarationCheck(declaration='FULL:K/9', exists=True, deficit=1, joker=True)
    """
    from tourney.errors import InvalidCardError
    from tourney.rules.cards import POLISH_POKER_DECK, parse_cards
    from tourney.rules.polish_poker import CANONICAL, deficit, mask_of_cards, parse_declaration

    if len(declaration) > MAX_DECLARATION_CHARS:  # refused before its text is echoed in an error line
        raise InvalidInputError.in_words(
            "unknown declaration %(start)s... (%(length)s characters; a declaration has at most %(most)s)",
            start=repr(declaration[:40]), length=len(declaration), most=MAX_DECLARATION_CHARS)
    index = parse_declaration(declaration)
    in_play = parse_cards(cards, POLISH_POKER_DECK)
    if not in_play:
        raise InvalidCardError.in_words("no cards given: list every revealed card with --cards")
    missing = deficit(index, mask_of_cards(in_play))
    joker = any(card.is_joker for card in in_play)
    return DeclarationCheck(CANONICAL[index], missing <= (1 if joker else 0), missing, joker)


@dataclass(frozen=True, slots=True)
class DeclarationRow:
    declaration: str
    level: int
    spoken: str


def declarations(suit_order: str = "equal") -> list[DeclarationRow]:
    """All 89 declarations, weakest first, with their level (`ranked`: clubs < diamonds < hearts < spades).

    Examples:
        >>> rows = declarations()
        >>> len(rows), rows[0], rows[-1].declaration
        (89, DeclarationRow(declaration='HIGH:9', level=0, spoken='High card, 9'), 'FIVE:A')
    """
    from tourney.rules.polish_poker import DECLARATIONS

    if suit_order not in ("equal", "ranked"):
        raise InvalidInputError.in_words("--suit-order must be 'equal' or 'ranked', not %(typed)s",
                                         typed=repr(suit_order))
    ranked = suit_order == "ranked"
    ordered = sorted(DECLARATIONS, key=lambda d: (d.ranked_level if ranked else d.level, d.index))
    return [DeclarationRow(str(d), d.ranked_level if ranked else d.level, d.spoken()) for d in ordered]


def showdown(game: str, hands: Sequence[str], upcard: str,
             options: Sequence[str] = ()) -> ShowdownReport | KhlyustShowdown:
    """Rank the hands of a Chlust showdown and name the winner (RULES §2.6, §2.8); for Хлюст, name
    Листы and Хлюст in each hand and who takes the kassa before play (RULES §3.5, §3.6)."""
    from tourney.rules.games import find_game, parse_option_assignments, resolve_options

    descriptor = find_game(game)
    if descriptor.name not in ("chlust", "khlyust"):
        raise InvalidInputError.in_words("showdown judges Chlust and Хлюст hands, not %(game)s",
                                         game=worded(descriptor.title))
    chosen = resolve_options(descriptor, parse_option_assignments(descriptor, list(options)))
    if descriptor.name == "khlyust":
        from tourney.rules.khlyust.arbiter import judge as judge_khlyust

        return judge_khlyust(upcard, list(hands), chosen)
    from tourney.rules.chlust.arbiter import judge

    return judge(upcard, list(hands), chosen)


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled Lou deal: each player's chips, their tricks, who was looed, and the next pot."""

    chips: dict[str, int]
    tricks: dict[str, int]
    looed: frozenset[str]
    next_pot: int
    kept: int  # of the next pot, what stays from this one
    game_over: bool

    def to_json(self) -> dict[str, Any]:
        return {"chips": self.chips, "next_pot": self.next_pot}


def settle(game: str, pot: str, tricks: str, payout: str = "per_trick") -> Settlement:
    """Settle a played Lou deal (RULES §4.8, §0.3): `pot` at the start of the deal, `tricks` as
    A=2,B=1,C=0 for each player who was in.

    Examples:
        >>> deal = settle("lou", "15", "A=2,B=1,C=0")
        >>> deal.chips, sorted(deal.looed), deal.next_pot
        ({'A': 10, 'B': 5, 'C': -15}, ['C'], 15)
    """
    from tourney.rules.games import find_game
    from tourney.rules.lou import LOU, parse_tricks
    from tourney.rules.lou import settle as settle_deal

    descriptor = find_game(game)
    if descriptor is not LOU:
        raise InvalidInputError.in_words("settle settles Lou deals, not %(game)s", game=worded(descriptor.title))
    chosen = str(descriptor.option("payout").parse(payout))
    size = whole_number(pot, what="--pot")
    counts = parse_tricks(tricks)
    result = settle_deal(size, counts, chosen)
    chips = {name: result.receipts.get(name, 0) - result.owed.get(name, 0) for name in counts}
    return Settlement(chips, dict(counts), frozenset(result.owed), result.next_pot(), result.kept, result.game_over)
