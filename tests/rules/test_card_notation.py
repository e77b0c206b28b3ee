"""Cards and decks (RULES §0.1; deck sizes §1.1, §2.1, §3.1, §3.11, §4.1)."""

from __future__ import annotations

import pytest

from tourney.errors import InvalidCardError, InvalidInputError
from tourney.rules.cards import (
    CHLUST_DECK,
    DECKS,
    JOKER,
    LOU_DECK,
    POLISH_POKER_DECK,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)

ALL_RANKS = "23456789TJQKA"


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("TC", "TC"), ("tc", "TC"), ("Tc", "TC"), ("10C", "TC"), ("10c", "TC"), ("10♣", "TC"),
        ("AS", "AS"), ("a♠", "AS"), ("K♥", "KH"), ("Q♦", "QD"), ("j♣", "JC"), ("9h", "9H"),
        ("A♤", "AS"), ("A♡", "AH"), ("A♢", "AD"), ("A♧", "AC"), ("2d", "2D"),
        ("JK", "JK"), ("jk", "JK"), ("joker", "JK"), ("JOKER", "JK"), ("Joker", "JK"),
        ("  qs ", "QS"),
    ],
)
def test_lenient_input_canonical_output(token: str, canonical: str) -> None:
    card = Card.parse(token)
    assert str(card) == canonical
    assert Card.parse(canonical) == card


def test_joker_is_the_only_rankless_card() -> None:
    assert Card.parse("joker") is JOKER
    assert JOKER.is_joker and JOKER.rank is None and JOKER.suit is None
    assert not Card.parse("JS").is_joker
    assert Card.parse("JS") == Card(Rank.JACK, Suit.SPADES)


@pytest.mark.parametrize("token", ["ZZ", "1S", "9X", "10", "S9", "11H", "AAS", "JKR", "K", "♠A", "T♥♥"])
def test_unknown_card_names_the_token(token: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, InvalidInputError)


def test_parse_cards_separators_spaces_and_commas() -> None:
    cards = parse_cards("as, 10♥ joker,kd  ,  9c", POLISH_POKER_DECK)
    assert format_cards(cards) == "AS TH JK KD 9C"
    assert parse_cards("AS,KD,QH") == parse_cards("AS KD QH")
    assert parse_cards("") == ()


def test_parse_cards_error_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(InvalidCardError, match="'QX'"):
        parse_cards("AS KD QX QH", POLISH_POKER_DECK)


@pytest.mark.parametrize(
    ("name", "size", "ranks", "joker"),
    [
        ("polish-poker", 25, "9TJQKA", True),
        ("chlust", 20, "TJQKA", False),
        ("chlust-24", 24, "9TJQKA", False),
        ("khlyust", 32, "789TJQKA", False),
        ("khlyust-36", 36, "6789TJQKA", False),
        ("lou", 52, ALL_RANKS, False),
    ],
)
def test_each_deck(name: str, size: int, ranks: str, joker: bool) -> None:
    deck = DECKS[name]
    assert deck.name == name
    assert len(deck) == size
    cards = deck.cards
    assert len(cards) == size
    assert len(set(cards)) == size
    texts = {str(c) for c in cards}
    expected = {r + s for r in ranks for s in "SHDC"} | ({"JK"} if joker else set())
    assert texts == expected
    for card in cards:
        assert card in deck
    assert (JOKER in deck) is joker
    for rank in ALL_RANKS:
        assert (Card.parse(rank + "S") in deck) is (rank in ranks)
    # rank order, weakest first
    assert [deck.rank_value(Rank(r)) for r in ranks] == list(range(len(ranks)))
    assert "not a card" not in deck  # type: ignore[operator]


def test_deck_names() -> None:
    assert set(DECKS) == {"polish-poker", "chlust", "chlust-24", "khlyust", "khlyust-36", "lou"}


@pytest.mark.parametrize(
    ("text", "deck", "bad"),
    [("AS 2C", POLISH_POKER_DECK, "2C"), ("9S", CHLUST_DECK, "9S"), ("JK", LOU_DECK, "JK"),
     ("TC joker", CHLUST_DECK, "JK"), ("8h", POLISH_POKER_DECK, "8H")],
)
def test_card_not_in_the_deck(text: str, deck: object, bad: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(text, deck)  # type: ignore[arg-type]
    message = str(info.value)
    assert repr(bad) in message
    assert deck.name in message  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "twice"), [("AS KD as", "AS"), ("JK joker", "JK"), ("10h TH", "TH")])
def test_duplicate_card(text: str, twice: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(text, POLISH_POKER_DECK)
    assert repr(twice) in str(info.value)
    assert "twice" in str(info.value)
    assert len(parse_cards(text, POLISH_POKER_DECK, allow_duplicates=True)) == len(text.split())


def test_format_is_canonical_round_trip_for_every_lou_card() -> None:
    text = format_cards(LOU_DECK.cards)
    assert parse_cards(text.lower(), LOU_DECK) == LOU_DECK.cards
    assert text.split() == [r + s for r in ALL_RANKS for s in "SHDC"]
