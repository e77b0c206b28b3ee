"""What Хлюст and Lou share (RULES §3.4, §3.7, §4.4, §4.6): the deal, the stock, the discard sets
and their action codes, and the view's JSON helpers."""

from __future__ import annotations

import random

import pytest

from tourney.errors import InvalidActionError
from tourney.rules.tricks.actions import DISCARD_CODES, action_id, discard_code, discarded
from tourney.rules.tricks.cards import ID_OF_TEXT, N_IDS
from tourney.rules.tricks.deal import RandomDealer, deal_hands, discard_sets, draw, round_from
from tourney.rules.tricks.views import by_name, card_text, trick_json, trump_of


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[t] for t in text.split()]


def test_every_discard_set_of_up_to_three_cards_has_one_code() -> None:
    seen: set[int] = set()
    hand = ids("2S 7H KD AC")
    for cards in discard_sets(hand, 3):
        code = discard_code(cards)
        assert code not in seen and 0 <= code < DISCARD_CODES
        seen.add(code)
        assert discarded(code) == tuple(sorted(cards))
        assert discard_code(list(reversed(cards))) == code
    assert len(seen) == 1 + 4 + 6 + 4 and discard_code([]) == 0 and discarded(0) == ()
    assert discarded(-1) is None and discarded(DISCARD_CODES) is None
    assert discarded(2 + 53 * 1) is None            # not ascending: 2H (1), then 2S (0)
    assert discarded(53 * 5) is None                # a gap: no first card, then a second


def test_action_ids_are_ints_in_range() -> None:
    assert action_id(7, 10) == 7
    for bad in (True, 7.0, "7", None):
        with pytest.raises(InvalidActionError, match="integer id"):
            action_id(bad, 10)
    with pytest.raises(InvalidActionError, match="unknown action id 10"):
        action_id(10, 10)


def test_three_cards_each_one_at_a_time_then_the_upcard_and_the_stock() -> None:
    deck = list(range(20))
    hands, upcard, stock = deal_hands(deck, [2, 0], 3)
    assert hands == [[1, 3, 5], [], [0, 2, 4]] and upcard == 6 and stock == list(range(7, 20))
    hand, drawn = draw(hands[0], [3], stock, 2)
    assert drawn == [9] and hand == [1, 5, 9]
    assert round_from([4, 1, 3], 1) == [1, 3, 4]
    assert len(discard_sets([1, 2, 3], 2)) == 7 and discard_sets([1, 2], 0) == [[]]


def test_a_random_dealer_shuffles_the_same_on_every_machine_and_its_clone_deals_the_same() -> None:
    dealer = RandomDealer(random.Random(5))
    twin = dealer.clone()
    first = dealer(["a", "b"])
    assert sorted(first) == list(range(N_IDS)) and twin(["a", "b"]) == first
    small = RandomDealer(random.Random(5))(["a"], (3, 8, 12))
    assert sorted(small) == [3, 8, 12]
    assert RandomDealer(random.Random(5))(["a"]) == first


def test_the_view_json_helpers() -> None:
    assert trump_of(-1) == -1 and trump_of(ID_OF_TEXT["KH"]) == 1
    assert card_text(-1) is None and card_text(ID_OF_TEXT["TC"]) == "TC"
    players = ("ann", "bob", "cy")
    assert by_name(players, (5, 6, 7)) == {"ann": 5, "bob": 6, "cy": 7}
    assert by_name(players, (5, 6, 7), [2, 0]) == {"cy": 7, "ann": 5}
    assert trick_json(players, [(1, ID_OF_TEXT["AS"]), (-1, ID_OF_TEXT["2S"]), (0, -1)]) == [
        ["bob", "AS"], [None, "2S"], ["ann", None]]
