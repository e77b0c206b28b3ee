"""What the states of the trick games share beyond the deal (RULES §0.5, §3.2, §4.2): the checks of
a new table, the first dealer by lot, the dealer a clone deals from, the names and tricks of the
record, and the end of a match."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tourney.errors import InvalidInputError
from tourney.rules.tricks.cards import ID_OF_TEXT
from tourney.rules.tricks.deal import RandomDealer, copy_dealer, first_dealer_by_lot
from tourney.rules.tricks.match import Match, check_seating
from tourney.rules.tricks.record import end_of_match, seat_name, trick_cards


@pytest.mark.parametrize(("players", "first_dealer", "message"), [
    (["ann"], 0, "a Lou game seats 2-8 players, not 1 (§4.2)"),
    ([f"p{seat}" for seat in range(9)], 0, "a Lou game seats 2-8 players, not 9 (§4.2)"),
    (["ann", "bob", "ann"], 0, "player names must be distinct"),
    (["ann", "bob"], 2, "first dealer seat 2 is not a seat of 2 players"),
    (["ann", "bob"], -1, "first dealer seat -1 is not a seat of 2 players"),
])
def test_a_table_that_cannot_start_is_refused(players: list[str], first_dealer: int, message: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        check_seating(players, first_dealer, "Lou", 2, 8, "§4.2")
    assert str(refused.value) == message


def test_a_table_that_can_start_keeps_its_players_in_order() -> None:
    assert check_seating(["cy", "ann", "bob"], 2, "Хлюст", 2, 4, "§3.2") == ("cy", "ann", "bob")


def test_the_first_dealer_is_the_generators_first_number_scaled_to_the_table() -> None:
    # The replayers check a record's first dealer against this draw, so it must not change.
    assert [first_dealer_by_lot(random.Random(seed), 4) for seed in range(6)] == [3, 0, 3, 0, 0, 2]
    lot, one_number = random.Random(1), random.Random(1)
    first_dealer_by_lot(lot, 4)
    one_number.random()
    assert lot.getstate() == one_number.getstate(), "the lot draws one number, then the deals begin"


def test_a_copied_random_dealer_deals_what_the_original_will_deal_and_stays_apart() -> None:
    dealer = RandomDealer(random.Random(7))
    dealer(["ann", "bob"])
    copied = copy_dealer(dealer)
    assert copied is not dealer
    assert copied(["ann", "bob"]) == dealer(["ann", "bob"])
    copied(["ann", "bob"])  # the copy moves on alone
    assert copied(["ann", "bob"]) != dealer(["ann", "bob"])


class ScriptedDealer:
    """A replay's dealer: the recorded decks, one per deal."""

    def __init__(self, decks: list[list[int]]) -> None:
        self.decks = decks

    def __call__(self, names: Sequence[str]) -> list[int]:
        return self.decks.pop(0)


def test_any_other_dealer_is_copied_whole() -> None:
    dealer = ScriptedDealer([[1, 2, 3], [4, 5, 6]])
    copied = copy_dealer(dealer)
    assert copied(["ann"]) == [1, 2, 3]
    assert dealer.decks == [[1, 2, 3], [4, 5, 6]]


def test_the_record_names_seats_and_tricks_with_the_dummy_as_null() -> None:
    players = ("ann", "bob", "cy")
    assert seat_name(players, 1) == "bob" and seat_name(players, -1) is None
    cards = [ID_OF_TEXT["AS"], ID_OF_TEXT["TH"], ID_OF_TEXT["2C"]]
    assert trick_cards(players, [2, -1, 0], cards) == [["cy", "AS"], [None, "TH"], ["ann", "2C"]]


def test_the_end_of_a_match_pays_the_split_and_ranks_everyone() -> None:
    match = Match(3, [10, 4, 4], first_dealer=0, rotations=1)
    match.pass_deal()  # ann dealt last: the odd chips go to bob and cy, from her left
    split, chips, standings, places = end_of_match(("ann", "bob", "cy"), match, 5)
    assert list(split.items()) == [("bob", 2), ("cy", 2), ("ann", 1)]
    assert chips == {"ann": 11, "bob": 6, "cy": 6} == dict(zip(("ann", "bob", "cy"), match.chips, strict=True))
    assert standings == ["ann", "bob", "cy"] and places == [1, 2, 2]
