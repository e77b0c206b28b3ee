"""Chlust combinations and the showdown (RULES §2.6, §2.8): worked examples CH-1 to CH-6."""

from __future__ import annotations

import pytest

from tourney.rules.chlust.combos import JACKS_KIND, RANK_KIND, SUIT_KIND, Combination, best_combination, showdown
from tourney.rules.chlust.deck import DECK_20, DECK_24, parse_id, parse_ids, suit_of, wild_card

ALT = "trump,cards,pure,elder"
DEFAULT = "trump,pure,cards,elder"


def judge(upcard: str, *hands: str, order: str = "trump,pure,cards,elder", rule: str = "clubs_trump",
          nines: bool = False) -> tuple[int | None, str | None]:
    up = parse_id(upcard, nines)
    result = showdown([parse_ids(h, nines) for h in hands], suit_of(up), wild_card(up, rule),
                      DECK_24 if nines else DECK_20, order)
    return result.winner, result.decided_by


def combo(upcard: str, hand: str, order: str = DEFAULT, rule: str = "clubs_trump") -> Combination | None:
    up = parse_id(upcard)
    return best_combination(parse_ids(hand), suit_of(up), wild_card(up, rule), DECK_20, order)


def test_the_wild_card_is_the_club_ten_or_the_spade_ten_when_clubs_are_trumps() -> None:
    assert wild_card(parse_id("KD")) == parse_id("TC")
    assert wild_card(parse_id("KC")) == parse_id("TS")
    assert wild_card(parse_id("TC")) == parse_id("TS")
    assert wild_card(parse_id("KC"), "club_ten_upcard") == parse_id("TC")
    assert wild_card(parse_id("TC"), "club_ten_upcard") == parse_id("TS")
    assert wild_card(parse_id("KD"), "club_ten_upcard") == parse_id("TC")


def test_ch1_purity_decides_between_equal_kinds_and_the_order_option_flips_it() -> None:
    a = combo("KD", "AH KH TC")
    assert a is not None and a.kind == SUIT_KIND and not a.pure and a.reading == parse_ids("AH KH QH")
    assert judge("KD", "AH KH TC", "KS QS JS") == (1, "pure")
    assert judge("KD", "AH KH TC", "KS QS JS", order=ALT) == (0, "cards")


def test_ch2_clubs_trump_make_the_spade_ten_wild_and_the_club_ten_plain() -> None:
    assert combo("KC", "KH QH TC") is None
    a = combo("KC", "AD QD TS")
    assert a is not None and a.kind == SUIT_KIND and not a.pure
    c = combo("KC", "AC QC JC")
    assert c is not None and c.trump and c.pure
    assert judge("KC", "AD QD TS", "KH QH TC", "AC QC JC") == (2, "trump")
    # The Polish article's rule: the upcard is not TC, so W = TC.
    assert combo("KC", "AD QD TS", rule="club_ten_upcard") is None
    b = combo("KC", "KH QH TC", rule="club_ten_upcard")
    assert b is not None and b.kind == SUIT_KIND and not b.pure
    assert judge("KC", "AD QD TS", "KH QH TC", "AC QC JC", rule="club_ten_upcard") == (2, "trump")


def test_ch3_three_jacks_beat_a_pure_trump_three_of_a_suit() -> None:
    a = combo("TH", "JS JD TC")
    assert a is not None and a.kind == JACKS_KIND and not a.pure
    assert judge("TH", "JS JD TC", "AH KH QH") == (0, "kind")
    assert judge("TH", "AH KH QH", "JS JD TC") == (1, "kind")


def test_ch4_the_trump_suit_beats_higher_cards() -> None:
    assert judge("QS", "KS JS TS", "AH KH QH") == (0, "trump")
    assert judge("QS", "KS JS TS", "AH KH QH", order=ALT) == (0, "trump")


def test_ch5_a_pure_low_three_of_a_rank_beats_an_impure_high_one_by_default() -> None:
    a = combo("KD", "AS AH TC")
    assert a is not None and a.kind == RANK_KIND and not a.pure
    assert judge("KD", "AS AH TC", "TS TH TD") == (1, "pure")
    assert judge("KD", "AS AH TC", "TS TH TD", order=ALT) == (0, "cards")


def test_ch6_the_club_ten_in_its_natural_place_is_pure() -> None:
    a = combo("QD", "TS TH TC")
    assert a is not None and a.kind == RANK_KIND and a.pure and a.wild_as is None
    b = combo("QD", "AC KC QC")
    assert b is not None and b.pure
    assert judge("QD", "TS TH TC", "AC KC QC") == (1, "kind")


def test_the_best_reading_depends_on_the_tiebreak_order() -> None:
    # TC KC QC: natural (pure K-Q-T) or W as AC (impure A-K-Q).
    natural = combo("KD", "TC KC QC")
    assert natural is not None and natural.pure and natural.ranks == (11, 10, 8)
    wild = combo("KD", "TC KC QC", order=ALT)
    assert wild is not None and not wild.pure and wild.wild_as == parse_id("AC")


def test_equal_combinations_go_to_the_elder_hand() -> None:
    # Two impure three-of-a-suit hands cannot tie in one deal, but elder is the last key: A K Q of
    # hearts pure vs A K Q of spades pure (neither trump).
    assert judge("JD", "AH KH QH", "AS KS QS") == (0, "elder")
    assert judge("JD", "AS KS QS", "AH KH QH") == (0, "elder")


def test_nobody_with_a_combination_and_the_only_combination() -> None:
    assert judge("KD", "AS QD JC", "KS TD AC") == (None, None)
    assert judge("KD", "AS QD JC", "KS QS TS") == (1, "only")


def test_with_nines_the_wild_card_may_read_as_a_nine_and_nines_make_threes() -> None:
    assert judge("KD", "9S 9H 9D", "AS QD JC", nines=True) == (0, "only")
    assert judge("KD", "9S 9H TC", "AS QD JC", nines=True) == (0, "only")


def test_a_hand_without_two_matching_cards_has_no_combination_even_with_the_wild_card() -> None:
    assert combo("KD", "AS KH TC") is None


@pytest.mark.parametrize("hand", ["TS TH TC", "AC KC TC", "JS JH JC"])
def test_natural_combinations_are_pure(hand: str) -> None:
    found = combo("KD", hand)
    assert found is not None and found.pure
