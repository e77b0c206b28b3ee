"""Polish Poker declarations: grammar, the 89 declarations on 80 levels, spoken forms (RULES §1.6, §1.7)."""

from __future__ import annotations

import pytest

from tourney.errors import InvalidActionError, InvalidInputError
from tourney.rules.polish_poker import (
    ACTION_TEXT,
    CALL,
    CANONICAL,
    DECLARATIONS,
    FIVE_ACES,
    N_ACTIONS,
    N_DECLARATIONS,
    Category,
    action_id,
    declaration,
    legal_raises,
    parse_declaration,
)

R = "9TJQKA"


def _rules_order() -> list[tuple[int, list[str]]]:
    """RULES §1.7 strength levels, typed in from the table: (level, declarations at that level)."""
    levels: list[list[str]] = []
    levels += [[f"HIGH:{r}"] for r in R]
    levels += [[f"PAIR:{r}"] for r in R]
    twopairs = "T/9 J/9 J/T Q/9 Q/T Q/J K/9 K/T K/J K/Q A/9 A/T A/J A/Q A/K"
    levels += [[f"TWOPAIR:{t}"] for t in twopairs.split()]
    levels += [["STRAIGHT:SMALL"], ["STRAIGHT:BIG"]]
    levels += [[f"TRIPS:{r}"] for r in R]
    fulls = ("9/T 9/J 9/Q 9/K 9/A T/9 T/J T/Q T/K T/A J/9 J/T J/Q J/K J/A "
             "Q/9 Q/T Q/J Q/K Q/A K/9 K/T K/J K/Q K/A A/9 A/T A/J A/Q A/K")
    levels += [[f"FULL:{t}"] for t in fulls.split()]
    levels += [[f"FLUSH:{s}" for s in "SHDC"]]
    levels += [[f"QUADS:{r}"] for r in R]
    levels += [[f"SFLUSH:{s}" for s in "SHDC"]]
    levels += [[f"ROYAL:{s}" for s in "SHDC"]]
    levels += [[f"FIVE:{r}"] for r in R]
    return list(enumerate(levels))


RULES_LEVELS = _rules_order()
RULES_LEVEL_OF = {name: level for level, names in RULES_LEVELS for name in names}


def test_89_declarations_on_80_levels() -> None:
    assert N_DECLARATIONS == 89 == len(DECLARATIONS) == len(CANONICAL)
    assert len(RULES_LEVEL_OF) == 89
    assert len(RULES_LEVELS) == 80
    assert {d.level for d in DECLARATIONS} == set(range(80))


def test_order_is_exactly_rules_1_7() -> None:
    # Weakest first; within a suit level any order of the four suits.
    assert sorted(RULES_LEVEL_OF) == sorted(CANONICAL)
    for d in DECLARATIONS:
        assert d.level == RULES_LEVEL_OF[str(d)], str(d)
    levels = [d.level for d in DECLARATIONS]
    assert levels == sorted(levels)
    assert CANONICAL[0] == "HIGH:9"
    assert CANONICAL[-1] == "FIVE:A" == CANONICAL[FIVE_ACES]


@pytest.mark.parametrize(
    ("name", "level"),
    [("HIGH:9", 0), ("HIGH:A", 5), ("PAIR:9", 6), ("PAIR:A", 11), ("TWOPAIR:T/9", 12), ("TWOPAIR:J/9", 13),
     ("TWOPAIR:A/K", 26), ("STRAIGHT:SMALL", 27), ("STRAIGHT:BIG", 28), ("TRIPS:9", 29), ("TRIPS:A", 34),
     ("FULL:9/T", 35), ("FULL:A/K", 64), ("FLUSH:S", 65), ("FLUSH:C", 65), ("QUADS:9", 66), ("QUADS:A", 71),
     ("SFLUSH:H", 72), ("ROYAL:D", 73), ("FIVE:9", 74), ("FIVE:A", 79)],
)
def test_levels_of_landmarks(name: str, level: int) -> None:
    assert declaration(name).level == level


def test_category_counts() -> None:
    expected = {Category.HIGH: 6, Category.PAIR: 6, Category.TWOPAIR: 15, Category.STRAIGHT: 2, Category.TRIPS: 6,
                Category.FULL: 30, Category.FLUSH: 4, Category.QUADS: 6, Category.SFLUSH: 4, Category.ROYAL: 4,
                Category.FIVE: 6}
    got: dict[Category, int] = {}
    for d in DECLARATIONS:
        got[d.category] = got.get(d.category, 0) + 1
    assert got == expected


def test_canonical_round_trip_and_index() -> None:
    for i, text in enumerate(CANONICAL):
        assert parse_declaration(text) == i
        assert parse_declaration(text.lower()) == i
        assert str(DECLARATIONS[i]) == text
        assert DECLARATIONS[i].index == i
        assert ACTION_TEXT[i] == text
        assert action_id(text) == i
    assert len(set(CANONICAL)) == 89


def test_spoken_form_round_trip() -> None:
    for d in DECLARATIONS:
        assert parse_declaration(d.spoken()) == d.index, d.spoken()


def test_call_action() -> None:
    assert CALL == 89 and N_ACTIONS == 90
    assert ACTION_TEXT[CALL] == "CALL"
    assert action_id("call") == CALL == action_id(" CALL ")


@pytest.mark.parametrize(
    ("spoken", "canonical"),
    [
        # RULES §1.6
        ("Pair of Jacks", "PAIR:J"), ("pair of jacks", "PAIR:J"), ("Full House, 9s over 10s", "FULL:9/T"),
        ("Flush Spades", "FLUSH:S"), ("Five Aces", "FIVE:A"), ("two pairs 9 and J", "TWOPAIR:J/9"),
        # seed §7
        ("Pair of 9s", "PAIR:9"), ("Three Kings", "TRIPS:K"), ("three kings", "TRIPS:K"), ("Pair of Kings", "PAIR:K"),
        ("Three Jacks", "TRIPS:J"), ("Flush Diamonds", "FLUSH:D"), ("Flush Hearts", "FLUSH:H"),
        ("Flush Clubs", "FLUSH:C"), ("Four of a Kind, 9s", "QUADS:9"),
        # issue 2 and README
        ("small straight", "STRAIGHT:SMALL"), ("big straight", "STRAIGHT:BIG"),
        ("full house, kings over nines", "FULL:K/9"), ("Two pairs, Jacks and 9s", "TWOPAIR:J/9"),
        # more readings
        ("a pair of jacks", "PAIR:J"), ("High card, Ace", "HIGH:A"), ("royal flush hearts", "ROYAL:H"),
        ("Straight flush, clubs", "SFLUSH:C"), ("five 9s", "FIVE:9"), ("pair of tens", "PAIR:T"),
        ("two pair, aces and kings", "TWOPAIR:A/K"), ("three of a kind, queens", "TRIPS:Q"),
        ("Full house, 10s over 9s", "FULL:T/9"),
        # canonical-like input, lenient
        ("pair:j", "PAIR:J"), ("PAIR:10", "PAIR:T"), ("twopair:9/j", "TWOPAIR:J/9"), ("FLUSH:♠", "FLUSH:S"),
        ("straight:small", "STRAIGHT:SMALL"), (" FULL:9/T ", "FULL:9/T"),
    ],
)
def test_spoken_and_lenient_forms(spoken: str, canonical: str) -> None:
    assert CANONICAL[parse_declaration(spoken)] == canonical
    assert str(declaration(spoken)) == canonical


def test_two_pairs_lower_first_is_canonicalised() -> None:
    for i, hi in enumerate(R):
        for lo in R[:i]:
            assert CANONICAL[parse_declaration(f"TWOPAIR:{lo}/{hi}")] == f"TWOPAIR:{hi}/{lo}"


@pytest.mark.parametrize(
    "bad",
    ["FULL:9/9", "TWOPAIR:9/9", "Full House, 9s over 9s", "two pairs 9 and 9", "", "   ", "pear of jacks",
     "PAIR:X", "PAIR:", "PAIR:J/Q", "HIGH:A/K", "FULL:9", "FLUSH:X", "FLUSH:S/H", "STRAIGHT:MEDIUM", "FOO:J",
     "flush", "straight", "pair", "pair of bananas", "queens", "royal flush", "FIVE:2", "PAIR:8", "hello",
     "pair of jacks and queens"],
)
def test_bad_declarations_raise_invalid_action(bad: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_declaration(bad)
    assert isinstance(info.value, InvalidInputError)
    assert str(info.value)  # a message, on one line
    assert "\n" not in str(info.value)


def test_full_house_same_rank_message_names_it() -> None:
    with pytest.raises(InvalidActionError, match="FULL:9/9"):
        parse_declaration("FULL:9/9")
    with pytest.raises(InvalidActionError, match="TWOPAIR:9/9"):
        parse_declaration("TWOPAIR:9/9")


def test_ranked_suit_order_levels() -> None:
    # RULES §1.7 option ranked: every declaration its own level, clubs < diamonds < hearts < spades.
    ranked = {str(d): d.ranked_level for d in DECLARATIONS}
    assert sorted(ranked.values()) == list(range(89))
    for cat in ("FLUSH", "SFLUSH", "ROYAL"):
        assert ranked[f"{cat}:C"] < ranked[f"{cat}:D"] < ranked[f"{cat}:H"] < ranked[f"{cat}:S"]
    assert ranked["FULL:A/K"] < ranked["FLUSH:C"] and ranked["FLUSH:S"] < ranked["QUADS:9"]
    assert ranked["SFLUSH:S"] < ranked["ROYAL:C"]
    # the ranked order refines the equal order
    by_ranked = sorted(DECLARATIONS, key=lambda d: d.ranked_level)
    assert [d.level for d in by_ranked] == sorted(d.level for d in DECLARATIONS)
    assert ranked["FIVE:A"] == 88 and ranked["HIGH:9"] == 0


def test_legal_raises_suit_over_suit_table() -> None:
    flush_s = parse_declaration("FLUSH:S")
    s, h = 1, 2  # used bits as documented on View.used: S=1, H=2, D=4, C=8
    names = [CANONICAL[i] for i in legal_raises(flush_s, s, False)]
    assert names[:3] == ["FLUSH:H", "FLUSH:D", "FLUSH:C"]
    assert names[3] == "QUADS:9" and len(names) == 3 + 6 + 4 + 4 + 6
    names = [CANONICAL[i] for i in legal_raises(flush_s, 15, False)]
    assert names[0] == "QUADS:9" and len(names) == 20
    assert "FLUSH:D" in [CANONICAL[i] for i in legal_raises(flush_s, s | h, False)]
    # ranked: over FLUSH:S nothing at the flush level is left
    assert next(CANONICAL[i] for i in legal_raises(flush_s, 0, True)) == "QUADS:9"
    over_clubs = {CANONICAL[i] for i in legal_raises(parse_declaration("FLUSH:C"), 0, True)}
    assert {"FLUSH:D", "FLUSH:H", "FLUSH:S"} <= over_clubs and "FLUSH:C" not in over_clubs
    assert len(over_clubs) == 3 + 20
    over_hearts = {CANONICAL[i] for i in legal_raises(parse_declaration("FLUSH:H"), 0, True)}
    assert "FLUSH:S" in over_hearts and not {"FLUSH:C", "FLUSH:D"} & over_hearts
