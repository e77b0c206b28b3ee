"""Chips in whole numbers and thirds (RULES §0.3) and the match at one table (§0.5, §0.6)."""

from __future__ import annotations

from tourney.rules.tricks import Match, split_evenly, thirds


def test_thirds_carry_the_remainder() -> None:
    assert thirds(15) == (5, 0)
    assert thirds(20) == (6, 2)   # LO-4
    assert thirds(22) == (7, 1)
    assert thirds(7) == (2, 1)    # LO-5
    assert thirds(0) == (0, 0)


def test_split_evenly_gives_odd_chips_in_the_order_given() -> None:
    assert split_evenly(7, [2, 0, 1]) == {2: 3, 0: 2, 1: 2}
    assert split_evenly(6, [1, 2]) == {1: 3, 2: 3}
    assert split_evenly(5, []) == {}


def test_a_short_stack_pays_everything_and_is_busted() -> None:
    match = Match(4, [10, 7, 10, 10], first_dealer=0, rotations=1)
    assert match.pay(1, 30, deal=3) == 7            # LO-5: D holds 7, owes 30
    assert match.chips[1] == 0 and not match.seated[1] and match.bust_order == [1]
    assert match.pay(2, 10, deal=3) == 10 and match.seated[2]   # owing exactly what one holds is no bust
    debt = Match(2, [5, 5], 0, 1, allow_debt=True)
    assert debt.pay(0, 8, deal=1) == 8 and debt.chips[0] == -3 and debt.seated[0]


def test_the_deal_passes_left_skipping_busted_players_and_counts_rotations() -> None:
    match = Match(4, [5] * 4, first_dealer=2, rotations=2)
    dealers = []
    for _ in range(4):
        match.pass_deal()
        dealers.append(match.dealer)
    assert dealers == [3, 0, 1, 2] and match.rotations_done == 1 and not match.finished
    match.bust(3, deal=4)
    match.pass_deal()
    assert match.dealer == 0                       # 3 is skipped
    assert match.seated_from_left_of(0) == [1, 2, 0]
    match.bust(2, deal=5)
    match.pass_deal()
    match.pass_deal()                              # 0 -> 1 -> 0: passes seat 2, the first dealer's
    assert match.rotations_done == 2 and match.finished


def test_the_match_ends_when_one_seated_player_has_chips() -> None:
    match = Match(3, [5, 5, 5], 0, rotations=99)
    match.pay(0, 9, deal=1)
    assert not match.finished
    match.pay(1, 5, deal=2)                         # 0 chips, still seated, but no chips left
    assert match.finished


def test_the_final_pot_is_split_clockwise_from_the_last_dealers_left() -> None:
    match = Match(4, [10, 10, 10, 10], first_dealer=2, rotations=1)
    match.bust(0, deal=1)
    assert match.split_pot(5) == {3: 2, 1: 2, 2: 1}
    assert match.chips == [10, 12, 11, 12]


def test_finishing_order_by_chips_then_busted_players_last_busted_first() -> None:
    match = Match(5, [10, 20, 20, 5, 5], 0, 1)
    match.bust(3, deal=2)
    match.bust(4, deal=7)
    match.bust(0, deal=7)
    order, places = match.finishing_order()
    assert order == [1, 2, 0, 4, 3]
    assert places == [1, 1, 3, 3, 5]


def test_when_everyone_busts_in_the_last_deal_those_players_share_the_pot() -> None:
    """Found by the Lou invariants (8 players, every survivor looed in one deal): the pot had no
    seated player to go to and vanished. The players who went out in that deal take it."""
    match = Match(4, [5, 5, 5, 5], first_dealer=0, rotations=3)
    for seat in (1, 3):
        match.pay(seat, 10, deal=1)
    for seat in (0, 2):
        match.pay(seat, 10, deal=2)
    assert not any(match.seated)
    shares = match.split_pot(21)
    assert sum(shares.values()) == 21 and set(shares) == {0, 2}
    order, places = match.finishing_order()
    assert order[:2] == sorted((0, 2), key=lambda s: -match.chips[s]) and places[:2] == [1, 2]
    assert sorted(order[2:]) == [1, 3] and places[2:] == [3, 3]
    assert sum(match.chips) == 21


def test_the_odd_chips_start_at_the_left_of_the_last_dealer_not_of_the_next_one() -> None:
    """Issue 17: when the match ends the deal has already passed on; the odd chips of the final split
    start at the left of the player who dealt the last deal (§0.5), here seat 1, not seat 2."""
    match = Match(4, [10] * 4, first_dealer=0, rotations=1)
    match.pass_deal()
    assert match.last_dealer == 0 and match.dealer == 1
    assert match.split_pot(1) == {1: 1, 2: 0, 3: 0, 0: 0}
    assert match.copy().last_dealer == 0


def test_a_player_left_with_no_chips_at_the_end_of_a_deal_is_out_and_the_deal_skips_him() -> None:
    """Issue 17: one treatment in all three games (README, "A player left with no chips")."""
    match = Match(3, [5, 5, 5], first_dealer=0, rotations=9)
    assert match.pay(1, 5, deal=1) == 5 and match.seated[1]       # paid in full: he plays this deal out
    assert match.bust_empty(deal=1) == [1]
    assert not match.seated[1] and match.bust_deal[1] == 1 and match.bust_empty(deal=1) == []
    match.pass_deal()
    assert match.dealer == 2
    debt = Match(2, [5, 5], 0, 1, allow_debt=True)
    debt.pay(0, 5, deal=1)
    assert debt.bust_empty(deal=1) == [] and debt.seated[0]


def test_the_antes_are_collected_in_turn_and_a_short_player_pays_what_he_has() -> None:
    match = Match(3, [5, 2, 3], first_dealer=0, rotations=1)
    paid, out = match.collect([1, 2, 0], 3, deal=4)
    assert list(paid.items()) == [(1, 2), (2, 3), (0, 3)] and out == [1]
    assert match.chips == [2, 0, 0] and match.bust_deal == [-1, 4, -1] and match.seated == [True, False, True]
