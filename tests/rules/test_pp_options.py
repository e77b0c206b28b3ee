"""Polish Poker options: start_cards, suit_order, next_starter, until (RULES §1.3, §1.7, §1.10, §1.12, §1.13)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.polish_poker import PolishPokerOptions, PolishPokerState, parse_declaration

ABCD = ["A", "B", "C", "D"]


def test_defaults_are_the_rules() -> None:
    options = PolishPokerOptions()
    assert (options.start_cards, options.suit_order, options.next_starter, options.until) == (1, "equal", "rotate", 1)
    assert options.to_dict() == {"start_cards": 1, "suit_order": "equal", "next_starter": "rotate", "until": 1}


def test_options_round_trip_and_bad_dicts() -> None:
    options = PolishPokerOptions(start_cards=2, suit_order="ranked", next_starter="caller", until=2)
    assert PolishPokerOptions.from_dict(options.to_dict()) == options
    for bad in ({"colour": "red"}, {"start_cards": "2"}, {"until": True}, {"suit_order": 1}):
        with pytest.raises(InvalidInputError):
            PolishPokerOptions.from_dict(bad)


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5])
def test_start_cards_deals_that_many(pp: Any, start: int) -> None:
    dealer = pp.ScriptedDealer([])
    state = PolishPokerState(ABCD, dealer, first_starter=0, options=PolishPokerOptions(start_cards=start))
    assert dealer.calls == [(tuple(ABCD), (start,) * 4)]
    assert all(len(state.hand(seat)) == start for seat in range(4))
    random_state = PolishPokerState.new(ABCD, random.Random(start), options=PolishPokerOptions(start_cards=start))
    assert [len(random_state.hand(seat)) for seat in range(4)] == [start] * 4
    assert len(random_state.cards_in_play()) == 4 * start + 1


@pytest.mark.parametrize(
    ("n", "options"),
    [(4, PolishPokerOptions(start_cards=0)), (4, PolishPokerOptions(start_cards=6)),
     (6, PolishPokerOptions(start_cards=4)), (5, PolishPokerOptions(start_cards=5)),
     (4, PolishPokerOptions(until=4)), (4, PolishPokerOptions(until=0)), (2, PolishPokerOptions(until=2)),
     (4, PolishPokerOptions(suit_order="alphabetical")), (4, PolishPokerOptions(next_starter="winner"))],
)
def test_invalid_options(pp: Any, n: int, options: PolishPokerOptions) -> None:
    with pytest.raises(InvalidInputError):
        options.validate(n)
    with pytest.raises(InvalidInputError):
        PolishPokerState(ABCD + ["E", "F"][: n - 4] if n > 4 else ABCD[:n], pp.ScriptedDealer([]), first_starter=0,
                         options=options)


# --- suit_order ---------------------------------------------------------------------------------------

def ranked_state(pp: Any) -> PolishPokerState:
    return PolishPokerState(ABCD, pp.ScriptedDealer([]), first_starter=0,
                            options=PolishPokerOptions(suit_order="ranked"))


def test_ranked_clubs_then_spades_is_legal(pp: Any) -> None:
    state = ranked_state(pp)
    state.apply_text("FLUSH:C")
    state.apply_text("FLUSH:S")
    assert state.last == parse_declaration("FLUSH:S")


def test_ranked_spades_then_clubs_is_illegal(pp: Any) -> None:
    state = ranked_state(pp)
    state.apply_text("FLUSH:S")
    for lower in ("FLUSH:C", "FLUSH:D", "FLUSH:H", "FLUSH:S"):
        assert not state.is_legal(parse_declaration(lower))
        with pytest.raises(IllegalActionError):
            state.apply_text(lower)
    state.apply_text("QUADS:9")


def test_ranked_chain_order(pp: Any) -> None:
    state = ranked_state(pp)
    for text in ("SFLUSH:C", "SFLUSH:D", "SFLUSH:H", "SFLUSH:S", "ROYAL:C", "ROYAL:H"):
        state.apply_text(text)
    with pytest.raises(IllegalActionError):
        state.apply_text("ROYAL:D")
    assert {parse_declaration(t) for t in ("ROYAL:S", "FIVE:9")} <= set(state.legal_actions())


def test_equal_order_spades_then_clubs_is_legal(pp: Any) -> None:
    state = PolishPokerState(ABCD, pp.ScriptedDealer([]), first_starter=0)
    state.apply_text("FLUSH:S")
    state.apply_text("FLUSH:C")
    assert state.used == 0b1001


# --- next_starter -------------------------------------------------------------------------------------

def test_next_starter_loser(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [], options=PolishPokerOptions(next_starter="loser"))
    pp.lose_round(state, 2)
    assert state.players[state.starter] == "C"
    pp.lose_round(state, 2)
    assert state.players[state.starter] == "C"
    pp.lose_round(state, 0)
    assert state.players[state.starter] == "A"


def test_next_starter_loser_eliminated(pp: Any) -> None:
    options = PolishPokerOptions(start_cards=5, next_starter="loser")
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 5), "A", [], start_cards=5, options=options)
    pp.lose_round(state, 3)  # D out: the next player from D's seat is A
    assert state.players[state.starter] == "A"
    pp.lose_round(state, 1)  # B out: C
    assert state.players[state.starter] == "C"


def test_next_starter_caller(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [], options=PolishPokerOptions(next_starter="caller"))
    # A declares a false PAIR:9, B calls and is right: B starts
    pp.lose_round(state, 0)
    assert state.history[-1].caller == 1
    assert state.players[state.starter] == "B"
    # B declares HIGH:9, C declares PAIR:9 (false), D calls and is right: D starts
    pp.lose_round(state, 2)
    assert state.history[-1].caller == 3
    assert state.players[state.starter] == "D"
    # D opens HIGH:T (true: TS is always dealt by the filler), A calls and loses: not A
    state.apply_text("HIGH:T")
    state.apply_text("CALL")
    assert state.history[-1].loser == 0
    assert state.players[state.starter] != "A"


def test_rotate_is_the_default(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "B", [])
    pp.lose_round(state, 3)
    assert state.players[state.starter] == "C"


# --- until ------------------------------------------------------------------------------------------

def test_until_two_stops_with_two_players_in_seat_order(pp: Any) -> None:
    options = PolishPokerOptions(start_cards=5, until=2)
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 5), "A", [], start_cards=5, options=options)
    pp.lose_round(state, 2)
    assert not state.terminal
    pp.lose_round(state, 0)
    assert state.terminal
    assert state.advancing == ["B", "D"]
    assert state.standings == ["B", "D", "A", "C"]
    assert state.events[-1] == {"event": "end", "rounds": 2, "standings": ["B", "D", "A", "C"],
                                "advancing": ["B", "D"]}
    assert state.legal_actions() == []


def test_until_three_of_five(pp: Any) -> None:
    names = ["A", "B", "C", "D", "E"]
    options = PolishPokerOptions(start_cards=4, until=3)
    state, _ = pp.prepared(names, dict.fromkeys(names, 4), "E", [], start_cards=4, options=options)
    pp.lose_round(state, 4)  # E holds 4 = cap for 5: out
    assert state.cap == 5 and not state.terminal
    pp.lose_round(state, 1)  # B 4 -> 5
    pp.lose_round(state, 1)  # B out, three remain
    assert state.terminal
    assert state.advancing == ["A", "C", "D"]
    assert state.standings == ["A", "C", "D", "B", "E"]
