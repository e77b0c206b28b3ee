"""Does a declared hand exist? The joker rule (RULES §1.8, worked examples PP-1, PP-2, PP-7, PP-8, PP-14)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.errors import InvalidCardError
from tourney.rules.cards import Card, parse_cards
from tourney.rules.polish_poker import CANONICAL, deficit, exists, mask_of_cards, parse_declaration

RANKS = "9TJQKA"
SUITS = "SHDC"
NATURALS = [r + s for r in RANKS for s in SUITS]
ALL_CARDS = [*NATURALS, "JK"]


def mask(text: str) -> int:
    return mask_of_cards(parse_cards(text))


def check(name: str, cards: str) -> tuple[bool, int]:
    index = parse_declaration(name)
    m = mask(cards)
    return exists(index, m), deficit(index, m)


# --- the worked examples -----------------------------------------------------------------------

PP_TABLES = {
    # PP-1: A[9S] B[JK KD] C[TH] + community QC
    "PP-1": ("9S JK KD TH QC", [("STRAIGHT:SMALL", True, 1), ("STRAIGHT:BIG", False, 2), ("PAIR:K", True, 1)]),
    # PP-2: A[AH 9H] B[JK JH] C[KH] + community QS
    "PP-2": ("AH 9H JK JH KH QS", [("FLUSH:H", True, 1), ("FLUSH:S", False, 4), ("SFLUSH:H", False, 2),
                                   ("ROYAL:H", False, 2)]),
    "PP-7": ("KS KH KD 9C TH JK", [("FULL:K/9", True, 1), ("FULL:9/K", False, 2), ("QUADS:K", True, 1),
                                   ("TWOPAIR:K/9", True, 1), ("FULL:K/T", True, 1), ("FULL:K/Q", False, 2),
                                   ("TRIPS:K", True, 0)]),
    "PP-8": ("9S TS JK", [("HIGH:A", True, 1), ("PAIR:A", False, 2), ("PAIR:9", True, 1),
                          ("STRAIGHT:SMALL", False, 3)]),
    "PP-14": ("QS QH TC JK", [("TWOPAIR:Q/T", True, 1), ("TWOPAIR:Q/9", False, 2), ("TRIPS:Q", True, 1),
                              ("FULL:Q/T", False, 2)]),
}


@pytest.mark.parametrize(
    ("cards", "name", "expected_exists", "expected_deficit"),
    [(cards, name, ok, d) for cards, rows in PP_TABLES.values() for name, ok, d in rows],
    ids=[f"{ex}-{name}" for ex, (_, rows) in PP_TABLES.items() for name, _, _ in rows],
)
def test_worked_example_tables(cards: str, name: str, expected_exists: bool, expected_deficit: int) -> None:
    assert check(name, cards) == (expected_exists, expected_deficit)


def test_pp3_pair_made_by_the_community_card() -> None:
    # A[AS] B[9D] C[TC] D[KH] + community AD
    assert check("PAIR:A", "AS 9D TC KH AD") == (True, 0)
    assert check("TRIPS:A", "AS 9D TC KH AD") == (False, 1)
    assert check("PAIR:A", "AS 9D TC KH") == (False, 1)  # without the community card


def test_pp4_four_nines() -> None:
    assert check("QUADS:9", "9S 9H 9D JD TS QS 9C AH KH") == (True, 0)


def test_pp5_five_aces() -> None:
    assert check("FIVE:A", "AS AH 9C AD JK KS QS AC") == (True, 1)
    assert check("FIVE:A", "AS AH 9C AD KH KS QS AC") == (False, 1)


def test_pp6_five_of_a_kind_needs_the_joker() -> None:
    assert check("FIVE:9", "9S 9H TH 9D 9C KS") == (False, 1)
    assert check("QUADS:9", "9S 9H TH 9D 9C KS") == (True, 0)


@pytest.mark.parametrize("rank", list(RANKS))
def test_five_of_a_kind_for_every_rank(rank: str) -> None:
    four = " ".join(rank + s for s in SUITS)
    three = " ".join(rank + s for s in SUITS[:3])
    assert check(f"FIVE:{rank}", four + " JK") == (True, 1)
    assert check(f"FIVE:{rank}", four)[0] is False
    assert check(f"FIVE:{rank}", three + " JK") == (False, 2)
    assert check(f"QUADS:{rank}", three + " JK") == (True, 1)


def test_a_lone_joker_makes_every_high_card() -> None:
    for rank in RANKS:
        assert check(f"HIGH:{rank}", "JK") == (True, 1)
        assert check(f"PAIR:{rank}", "JK") == (False, 2)


def test_no_cards_nothing_exists() -> None:
    for i in range(len(CANONICAL)):
        assert not exists(i, 0)


def test_everything_but_five_exists_in_the_full_deck() -> None:
    m = mask(" ".join(ALL_CARDS))
    for i, name in enumerate(CANONICAL):
        assert exists(i, m), name
        assert deficit(i, m) == (1 if name.startswith("FIVE:") else 0), name


def test_straight_flushes_are_fixed_ranks() -> None:
    assert check("SFLUSH:S", "9S TS JS QS KS") == (True, 0)
    assert check("SFLUSH:S", "TS JS QS KS AS") == (False, 1)
    assert check("ROYAL:S", "TS JS QS KS AS") == (True, 0)
    assert check("ROYAL:S", "TS JS QS KS JK") == (True, 1)
    assert check("ROYAL:H", "TS JS QS KS AS") == (False, 5)
    assert check("FLUSH:S", "TS JS QS KS AS") == (True, 0)


@pytest.mark.parametrize(("cards", "bad"), [("AS 2C", "2C"), ("AS AS", "AS"), ("JK 9H JK", "JK"), ("8D", "8D")])
def test_mask_of_cards_rejects_foreign_and_repeated(cards: str, bad: str) -> None:
    with pytest.raises(InvalidCardError, match=repr(bad)):
        mask_of_cards(parse_cards(cards, allow_duplicates=True))


def test_mask_is_one_bit_per_card() -> None:
    masks = [mask_of_cards([Card.parse(c)]) for c in ALL_CARDS]
    assert all(m and m & (m - 1) == 0 for m in masks)
    assert len(set(masks)) == 25
    assert mask(" ".join(ALL_CARDS)) == sum(masks)


# --- an independent reference --------------------------------------------------------------------

def _natural_exists(name: str, cards: list[tuple[str, str]]) -> bool:
    """Does `name` exist among natural (rank, suit) cards (a multiset)? Straight from RULES §1.6."""
    ranks = [r for r, _ in cards]
    have = set(cards)
    cat, _, arg = name.partition(":")
    if cat == "STRAIGHT":
        need = "9TJQK" if arg == "SMALL" else "TJQKA"
        return all(r in ranks for r in need)
    if cat in ("FLUSH", "SFLUSH", "ROYAL"):
        if cat == "FLUSH":
            return sum(1 for _, s in cards if s == arg) >= 5
        need = "9TJQK" if cat == "SFLUSH" else "TJQKA"
        return all((r, arg) in have for r in need)
    named = arg.split("/")
    if cat in ("TWOPAIR", "FULL"):
        first = 2 if cat == "TWOPAIR" else 3
        return ranks.count(named[0]) >= first and ranks.count(named[1]) >= 2
    need_count = {"HIGH": 1, "PAIR": 2, "TRIPS": 3, "QUADS": 4, "FIVE": 5}[cat]
    return ranks.count(named[0]) >= need_count


def reference_exists(name: str, cards: list[str]) -> bool:
    """Brute force: the joker may stand for any natural card (even a copy, for five of a kind)."""
    natural = [(c[0], c[1]) for c in cards if c != "JK"]
    if "JK" not in cards:
        return _natural_exists(name, natural)
    return any(_natural_exists(name, [*natural, (c[0], c[1])]) for c in NATURALS)


def _targets(name: str) -> list[frozenset[str]]:
    """Every minimal set of natural cards that makes `name` (not FIVE)."""
    cat, _, arg = name.partition(":")
    of_rank = {r: [r + s for s in SUITS] for r in RANKS}
    if cat == "STRAIGHT":
        need = "9TJQK" if arg == "SMALL" else "TJQKA"
        return [frozenset(p) for p in itertools.product(*(of_rank[r] for r in need))]
    if cat == "FLUSH":
        return [frozenset(c) for c in itertools.combinations([r + arg for r in RANKS], 5)]
    if cat in ("SFLUSH", "ROYAL"):
        need = "9TJQK" if cat == "SFLUSH" else "TJQKA"
        return [frozenset(r + arg for r in need)]
    named = arg.split("/")
    if cat in ("TWOPAIR", "FULL"):
        first = 2 if cat == "TWOPAIR" else 3
        return [frozenset(a) | frozenset(b) for a in itertools.combinations(of_rank[named[0]], first)
                for b in itertools.combinations(of_rank[named[1]], 2)]
    k = {"HIGH": 1, "PAIR": 2, "TRIPS": 3, "QUADS": 4}[cat]
    return [frozenset(c) for c in itertools.combinations(of_rank[named[0]], k)]


TARGETS = {name: _targets(name) for name in CANONICAL if not name.startswith("FIVE:")}


def reference_deficit(name: str, cards: list[str]) -> int:
    if name.startswith("FIVE:"):
        rank = name[-1]
        return 5 - sum(1 for c in cards if c[0] == rank and c != "JK")
    have = set(cards)
    return min(len(t - have) for t in TARGETS[name])


def _compare_with_reference(cards: list[str]) -> None:
    m = mask(" ".join(cards))
    joker = "JK" in cards
    for i, name in enumerate(CANONICAL):
        ref = reference_exists(name, cards)
        assert exists(i, m) is ref, (name, cards)
        d = reference_deficit(name, cards)
        assert deficit(i, m) == d, (name, cards)
        if not name.startswith("FIVE:"):
            assert ref is (d <= (1 if joker else 0)), (name, cards)


def test_reference_agrees_on_every_set_of_up_to_two_cards() -> None:
    for size in range(3):
        for combo in itertools.combinations(ALL_CARDS, size):
            _compare_with_reference(list(combo))


def test_reference_agrees_on_the_worked_examples() -> None:
    for cards, _ in PP_TABLES.values():
        _compare_with_reference(cards.split())


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), unique=True, min_size=3, max_size=21))
def test_reference_agrees_on_random_card_sets(cards: list[str]) -> None:
    _compare_with_reference(cards)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(NATURALS), unique=True, min_size=3, max_size=20))
def test_joker_fills_exactly_one_gap(naturals: list[str]) -> None:
    """Adding the joker makes exactly the declarations with deficit 1 true (five of a kind: n == 4)."""
    without = mask(" ".join(naturals))
    with_joker = mask(" ".join([*naturals, "JK"]))
    for i, _name in enumerate(CANONICAL):
        d = deficit(i, without)
        assert deficit(i, with_joker) == d
        assert exists(i, without) is (d == 0)
        assert exists(i, with_joker) is (d <= 1)
