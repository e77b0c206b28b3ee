"""The Polish Poker game played through `PolishPokerState` (RULES §1.3-§1.11, worked examples §5.1)."""

from __future__ import annotations

from typing import Any

import pytest

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.polish_poker import (
    ACTION_TEXT,
    CALL,
    CANONICAL,
    DECLARATIONS,
    PolishPokerOptions,
    PolishPokerState,
    cap_for,
    parse_declaration,
)

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]


def play(state: PolishPokerState, *actions: str) -> None:
    for action in actions:
        state.apply_text(action)


def snapshot(state: PolishPokerState) -> tuple[Any, ...]:
    return (state.round, state.to_act, state.last, state.last_seat, state.used, state.round_declarations,
            list(state.counts), state.terminal, len(state.history), len(state.events), state.legal_actions())


def assert_rejected(state: PolishPokerState, action: str) -> str:
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_text(action)
    assert snapshot(state) == before
    return str(info.value)


def last_event(state: PolishPokerState, kind: str) -> dict[str, Any]:
    return [e for e in state.events if e["event"] == kind][-1]


def counts_by_name(state: PolishPokerState) -> dict[str, int]:
    return {name: state.counts[seat] for seat, name in enumerate(state.players)}


# --- PP-1 -------------------------------------------------------------------------------------------

def test_pp1_joker_completes_a_straight(pp: Any) -> None:
    state, dealer = pp.prepared(ABC, {"A": 1, "B": 2, "C": 1}, "A", [({"A": "9S", "B": "JK KD", "C": "TH"}, "QC")])
    r = state.round
    assert state.to_act == 0
    assert [str(c) for c in state.hand(1)] == ["JK", "KD"]
    assert sorted(str(c) for c in state.cards_in_play()) == sorted(["9S", "JK", "KD", "TH", "QC"])
    play(state, "PAIR:K", "STRAIGHT:SMALL", "CALL")
    summary = state.history[-1]
    assert (summary.round, summary.exists, summary.loser, summary.caller, summary.auto_call) == (r, True, 2, 2, False)
    assert counts_by_name(state) == {"A": 1, "B": 2, "C": 2}
    assert last_event(state, "resolve") == {
        "event": "resolve", "round": r, "declarer": "B", "caller": "C", "declaration": "STRAIGHT:SMALL",
        "exists": True, "loser": "C", "cards": 2}
    # the next round deals the new counts, and the starter moves one seat from A (not to the loser)
    assert dealer.calls[-1] == (("A", "B", "C"), (1, 2, 2))
    assert state.players[state.starter] == "B" and state.round == r + 1


# --- PP-3 -------------------------------------------------------------------------------------------

PP3 = ({"A": "AS", "B": "9D", "C": "TC", "D": "KH"}, "AD")


def test_pp3_true_only_because_of_the_community_card(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [PP3])
    play(state, "PAIR:9", "PAIR:A", "CALL")
    assert state.history[-1].exists is True
    assert state.history[-1].loser == 2
    assert counts_by_name(state) == {"A": 1, "B": 1, "C": 2, "D": 1}


def test_pp3_variant_trips_aces_is_false(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [PP3])
    play(state, "PAIR:9", "PAIR:A", "TRIPS:A", "CALL")
    summary = state.history[-1]
    assert (summary.exists, summary.loser, summary.caller) == (False, 2, 3)
    assert counts_by_name(state) == {"A": 1, "B": 1, "C": 2, "D": 1}


# --- PP-4 and seed 7.3 --------------------------------------------------------------------------------

PP4 = ({"A": "9S 9H", "B": "9D JD", "C": "TS QS", "D": "9C AH"}, "KH")


def test_pp4_suit_over_suit_flush_chain(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 2), "A", [PP4], start_cards=2)
    play(state, "FULL:9/T", "FLUSH:S", "FLUSH:D", "FLUSH:H", "FLUSH:C")
    assert state.to_act == 1
    assert state.used == 0b1111
    for attempt in ("FLUSH:S", "FLUSH:H", "FULL:A/K", "FLUSH:D", "FLUSH:C", "FULL:9/T", "HIGH:9"):
        message = assert_rejected(state, attempt)
        assert "§1.7" in message
    raises = [a for a in state.legal_actions() if a != CALL]
    lowest = min(raises, key=lambda a: DECLARATIONS[a].level)
    assert CANONICAL[lowest] == "QUADS:9"
    assert {CANONICAL[a] for a in raises} == {d for d in CANONICAL if DECLARATIONS[parse_declaration(d)].level >= 66}
    play(state, "QUADS:9", "CALL")
    summary = state.history[-1]
    assert (summary.exists, summary.loser) == (True, 2)
    assert counts_by_name(state) == {"A": 2, "B": 2, "C": 3, "D": 2}
    declared = [CANONICAL[d] for _, d in summary.declarations]
    assert declared == ["FULL:9/T", "FLUSH:S", "FLUSH:D", "FLUSH:H", "FLUSH:C", "QUADS:9"]
    assert [seat for seat, _ in summary.declarations] == [0, 1, 2, 3, 0, 1]


def test_pp4_same_suit_right_after_is_rejected(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 2), "A", [PP4], start_cards=2)
    play(state, "FULL:9/T", "FLUSH:S")
    message = assert_rejected(state, "FLUSH:S")
    assert "FLUSH:S" in message
    play(state, "FLUSH:D")  # an unused suit still goes


def test_seed_7_3_in_spoken_form(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 2), "A", [PP4], start_cards=2)
    play(state, "Full House, 9s over 10s", "Flush Spades", "Flush Diamonds", "Flush Hearts", "Flush Clubs")
    assert_rejected(state, "Flush Spades")
    play(state, "Four of a Kind, 9s", "CALL")
    assert last_event(state, "resolve") == {
        "event": "resolve", "round": 1, "declarer": "B", "caller": "C", "declaration": "QUADS:9", "exists": True,
        "loser": "C", "cards": 3}


# --- PP-5 -------------------------------------------------------------------------------------------

def pp5_state(pp: Any, b_hand: str) -> PolishPokerState:
    script = ({"A": "AS AH 9C", "B": b_hand, "C": "KS QS"}, "AC")
    state, _ = pp.prepared(ABC, {"A": 3, "B": 2, "C": 2}, "B", [script], start_cards=2)
    return state


def test_pp5_five_aces_calls_automatically(pp: Any) -> None:
    state = pp5_state(pp, "AD JK")
    r = state.round
    play(state, "TRIPS:A", "QUADS:A")
    assert state.to_act == 0
    play(state, "FIVE:A")
    # resolved at once: B never acts in this round
    assert state.round == r + 1
    summary = state.history[-1]
    assert (summary.caller, summary.auto_call, summary.exists, summary.loser) == (1, True, True, 1)
    assert counts_by_name(state) == {"A": 3, "B": 3, "C": 2}
    round_events = [e for e in state.events if e.get("round") == r]
    assert [e["event"] for e in round_events] == ["deal", "declare", "declare", "declare", "call", "resolve"]
    assert round_events[4] == {"event": "call", "round": r, "player": "B", "auto": True}
    assert round_events[5]["declarer"] == "A" and round_events[5]["caller"] == "B"
    assert state.last == -1 and state.round_declarations == ()


def test_pp5_variant_five_aces_false(pp: Any) -> None:
    state = pp5_state(pp, "AD KH")
    play(state, "TRIPS:A", "QUADS:A", "FIVE:A")
    summary = state.history[-1]
    assert (summary.caller, summary.auto_call, summary.exists, summary.loser) == (1, True, False, 0)
    assert counts_by_name(state) == {"A": 4, "B": 2, "C": 2}


def test_five_aces_as_the_opening_declaration(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "C", [({"A": "AS", "B": "AH", "C": "9S"}, "JK")])
    play(state, "FIVE:A")
    summary = state.history[-1]
    assert (summary.caller, summary.auto_call, summary.exists, summary.loser) == (0, True, False, 2)
    assert last_event(state, "call") == {"event": "call", "round": 1, "player": "A", "auto": True}


# --- PP-6 -------------------------------------------------------------------------------------------

def test_pp6_five_of_a_kind_needs_the_joker(pp: Any) -> None:
    script = ({"A": "9S 9H TH", "B": "9D 9C"}, "KS")
    state, _ = pp.prepared(["A", "B"], {"A": 3, "B": 2}, "A", [script], start_cards=2)
    r = state.round
    play(state, "QUADS:9", "FIVE:9")
    # FIVE:9 does not call automatically
    assert state.round == r and state.to_act == 0
    assert CALL in state.legal_actions()
    play(state, "CALL")
    summary = state.history[-1]
    assert (summary.exists, summary.loser, summary.auto_call) == (False, 1, False)
    assert counts_by_name(state) == {"A": 3, "B": 3}


# --- PP-9 -------------------------------------------------------------------------------------------

def pp9_state(pp: Any) -> PolishPokerState:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [])
    play(state, "TWOPAIR:J/9")
    return state


def test_pp9_exactly_75_legal_raises(pp: Any) -> None:
    state = pp9_state(pp)
    legal = state.legal_actions()
    raises = [a for a in legal if a != CALL]
    assert CALL in legal
    assert len(raises) == 75 == len(set(raises))
    weaker = {f"HIGH:{r}" for r in "9TJQKA"} | {f"PAIR:{r}" for r in "9TJQKA"} | {"TWOPAIR:T/9", "TWOPAIR:J/9"}
    assert {CANONICAL[a] for a in raises} == set(CANONICAL) - weaker
    for name in ("TWOPAIR:J/T", "TWOPAIR:Q/9", "TWOPAIR:A/K", "STRAIGHT:SMALL"):
        assert parse_declaration(name) in raises


def test_pp9_every_listed_raise_is_accepted_and_no_other(pp: Any) -> None:
    legal = set(pp9_state(pp).legal_actions())
    for action in range(89):
        state = pp9_state(pp)
        assert state.is_legal(action) is (action in legal)
        if action in legal:
            state.apply(action)
            if CANONICAL[action] == "FIVE:A":  # resolves at once (§1.9): B declared it, C is the caller
                assert state.history[-1].caller == 2 and state.round == 2
            else:
                assert state.last == action and state.to_act == 2
        else:
            with pytest.raises(IllegalActionError):
                state.apply(action)


@pytest.mark.parametrize("attempt", ["TWOPAIR:T/9", "two pairs, 9s and jacks", "TWOPAIR:9/J", "PAIR:A", "TWOPAIR:J/9"])
def test_pp9_illegal_raises(pp: Any, attempt: str) -> None:
    assert_rejected(pp9_state(pp), attempt)


# --- PP-10, PP-11: caps and elimination --------------------------------------------------------------

def test_pp10_caps_and_elimination_with_five_players(pp: Any) -> None:
    names = ["A", "B", "C", "D", "E"]
    state, dealer = pp.prepared(names, {"A": 4, "B": 1, "C": 2, "D": 1, "E": 3}, "A", [])
    assert state.cap == 4 == cap_for(5)
    pp.lose_round(state, 0)
    assert not state.alive[0] and state.players_in == 4
    assert last_event(state, "eliminate") == {"event": "eliminate", "round": state.round - 1, "player": "A",
                                              "place": 5}
    assert "cards" not in last_event(state, "resolve")
    assert state.cap == 5 == cap_for(4)
    assert dealer.calls[-1] == (("B", "C", "D", "E"), (1, 2, 1, 3))
    assert len(state.cards_in_play()) == 1 + 2 + 1 + 3 + 1
    deal = last_event(state, "deal")
    assert deal["cap"] == 5 and set(deal["hands"]) == {"B", "C", "D", "E"}
    pp.lose_round(state, 4)
    assert state.counts[4] == 4
    pp.lose_round(state, 4)
    assert state.counts[4] == 5 and state.alive[4]
    assert last_event(state, "resolve")["cards"] == 5


def test_pp11_six_players_three_stages(pp: Any) -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    state, _ = pp.prepared(names, dict.fromkeys(names, 3), "A", [], start_cards=3)
    assert state.cap == 3
    pp.lose_round(state, 2)  # C holds 3 = cap: out
    assert not state.alive[2] and state.cap == 4
    pp.lose_round(state, 3)  # D 3 -> 4
    assert state.alive[3] and state.counts[3] == 4
    pp.lose_round(state, 3)  # D holds 4 = cap: out
    assert not state.alive[3] and state.cap == 5 and state.players_in == 4
    pp.lose_round(state, 4)
    assert state.counts[4] == 4 and state.alive[4]
    assert [e["cap"] for e in state.events if e["event"] == "deal"] == [3, 4, 4, 5, 5]
    assert [(e["player"], e["place"]) for e in state.events if e["event"] == "eliminate"] == [("C", 6), ("D", 5)]


@pytest.mark.parametrize(("m", "cap", "worst"), [(2, 5, 11), (3, 5, 16), (4, 5, 21), (5, 4, 21), (6, 3, 19)])
def test_caps_table_and_worst_case(m: int, cap: int, worst: int) -> None:
    assert cap_for(m) == cap
    assert m * cap_for(m) + 1 == worst <= 25


@pytest.mark.parametrize("m", [0, 1, 7])
def test_cap_for_bad_table_size(m: int) -> None:
    with pytest.raises(InvalidInputError):
        cap_for(m)


# --- PP-12: the next starter ------------------------------------------------------------------------

def pp12_state(pp: Any) -> PolishPokerState:
    # Round 7 is started by B; A 4 cards, B 5, C 5, D 4 (start 3; six lost filler rounds, cap 5).
    state, _ = pp.prepared(ABCD, {"A": 4, "B": 5, "C": 5, "D": 4}, "B", [], start_cards=3)
    assert state.round == 7 and state.starter == 1
    return state


@pytest.mark.parametrize(
    ("loser", "next_starter", "eliminated"),
    [(0, "C", False), (2, "D", True), (1, "C", True)],
    ids=["A loses, stays", "C eliminated", "starter B eliminated"],
)
def test_pp12_next_starter_with_eliminations(pp: Any, loser: int, next_starter: str, eliminated: bool) -> None:
    state = pp12_state(pp)
    pp.lose_round(state, loser)
    assert state.round == 8
    assert state.alive[loser] is not eliminated
    assert state.players[state.starter] == next_starter
    assert state.players[state.to_act] == next_starter
    assert last_event(state, "deal")["starter"] == next_starter


def test_starter_rotates_regardless_of_who_lost(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "C", [])
    starters = []
    for loser in (2, 0, 0, 3, 1):
        starters.append(state.players[state.starter])
        pp.lose_round(state, loser)
    starters.append(state.players[state.starter])
    assert starters == ["C", "D", "A", "B", "C", "D"]


# --- PP-13 ------------------------------------------------------------------------------------------

def test_pp13_straight_flush_and_royal_chains(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    steps = [("SFLUSH:S", True), ("SFLUSH:H", True), ("ROYAL:S", True), ("SFLUSH:C", False), ("ROYAL:H", True),
             ("ROYAL:S", False), ("FIVE:9", True)]
    for declaration, legal in steps:
        if legal:
            seat = state.to_act
            state.apply_text(declaration)
            assert state.round_declarations[-1] == (seat, parse_declaration(declaration))
        else:
            assert not state.is_legal(parse_declaration(declaration))
            assert_rejected(state, declaration)
    assert [CANONICAL[d] for _, d in state.round_declarations] == [
        "SFLUSH:S", "SFLUSH:H", "ROYAL:S", "ROYAL:H", "FIVE:9"]


def test_suit_used_in_a_lower_category_does_not_block(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    play(state, "FLUSH:S", "FLUSH:H", "FLUSH:D", "FLUSH:C", "SFLUSH:S", "SFLUSH:H", "SFLUSH:D", "SFLUSH:C",
         "ROYAL:S", "ROYAL:H", "ROYAL:D", "ROYAL:C")
    legal = state.legal_actions()
    assert {ACTION_TEXT[a] for a in legal} == {f"FIVE:{r}" for r in "9TJQKA"} | {"CALL"}


def test_a_fifth_flush_is_illegal(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    play(state, "FLUSH:S", "FLUSH:D", "FLUSH:H", "FLUSH:C")
    for suit in "SHDC":
        assert_rejected(state, f"FLUSH:{suit}")
    play(state, "QUADS:9")


# --- PP-15: the seed's examples 7.1 and 7.2 -----------------------------------------------------------

def test_seed_7_1_correct_call(pp: Any) -> None:
    script = ({"A": "KS", "B": "KH", "C": "9D", "D": "TC"}, "KD")
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [script])
    play(state, "Pair of 9s", "Pair of Jacks", "Three Kings", "CALL")
    summary = state.history[-1]
    assert (summary.exists, summary.loser, summary.caller) == (True, 3, 3)
    assert [CANONICAL[d] for _, d in summary.declarations] == ["PAIR:9", "PAIR:J", "TRIPS:K"]
    assert counts_by_name(state) == {"A": 1, "B": 1, "C": 1, "D": 2}


def test_seed_7_2_bluff_caught(pp: Any) -> None:
    script = ({"A": "KS", "B": "JH", "C": "9D"}, "KD")
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [script])
    play(state, "Pair of Kings", "Three Jacks", "CALL")
    summary = state.history[-1]
    assert (summary.exists, summary.loser, summary.caller) == (False, 1, 2)
    assert counts_by_name(state) == {"A": 1, "B": 2, "C": 1}


# --- other rules of the round ------------------------------------------------------------------------

def test_no_call_before_a_declaration(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    assert CALL not in state.legal_actions()
    assert len(state.legal_actions()) == 89
    message = assert_rejected(state, "CALL")
    assert "§1.5" in message


@pytest.mark.parametrize("bad", [-1, 90, 1000])
def test_action_ids_outside_the_range(pp: Any, bad: int) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        state.apply(bad)
    play(state, "PAIR:9")
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        state.apply(bad)
    assert snapshot(state) == before
    assert not state.is_legal(bad)


def test_unparseable_text_action(pp: Any) -> None:
    state, _ = pp.prepared(ABC, dict.fromkeys(ABC, 1), "A", [])
    before = snapshot(state)
    for bad in ("FULL:9/9", "raise", ""):
        with pytest.raises(InvalidActionError):
            state.apply_text(bad)
    assert snapshot(state) == before


def test_whole_game_and_record_exactly_as_appendix_a1(pp: Any) -> None:
    script = ({"ann": "9S TS JS QS KS", "bob": "9H TH JH QH KH"}, "JK")
    dealer = pp.ScriptedDealer([script])
    state = PolishPokerState(["ann", "bob"], dealer, first_starter=0, options=PolishPokerOptions(start_cards=5),
                             seed=11)
    play(state, "SFLUSH:S", "CALL")
    assert state.terminal
    assert state.standings == ["ann", "bob"] == list(state.outcome().standings)
    assert state.outcome().places == (1, 2) and state.outcome().rounds == ("bob",)
    assert state.advancing == ["ann"]
    assert state.legal_actions() == []
    assert state.events == [
        {"event": "game", "game": "polish-poker", "seed": 11, "players": ["ann", "bob"],
         "options": {"start_cards": 5, "suit_order": "equal", "next_starter": "rotate", "until": 1}},
        {"event": "deal", "round": 1, "starter": "ann", "cap": 5,
         "hands": {"ann": ["9S", "TS", "JS", "QS", "KS"], "bob": ["9H", "TH", "JH", "QH", "KH"]}, "community": "JK"},
        {"event": "declare", "round": 1, "player": "ann", "declaration": "SFLUSH:S"},
        {"event": "call", "round": 1, "player": "bob", "auto": False},
        {"event": "resolve", "round": 1, "declarer": "ann", "caller": "bob", "declaration": "SFLUSH:S",
         "exists": True, "loser": "bob"},
        {"event": "eliminate", "round": 1, "player": "bob", "place": 2},
        {"event": "end", "rounds": 1, "standings": ["ann", "bob"], "advancing": ["ann"]},
    ]
    for action in (0, CALL):
        with pytest.raises(IllegalActionError):
            state.apply(action)


def test_standings_are_reverse_order_of_elimination(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 5), "A", [], start_cards=5)
    for loser in (2, 0, 3):
        pp.lose_round(state, loser)
    assert state.terminal
    assert state.standings == ["B", "D", "A", "C"]
    assert [(e["player"], e["place"]) for e in state.events if e["event"] == "eliminate"] == [
        ("C", 4), ("A", 3), ("D", 2)]
    assert state.events[-1] == {"event": "end", "rounds": 3, "standings": ["B", "D", "A", "C"], "advancing": ["B"]}


def test_eliminated_players_get_no_cards_and_are_skipped(pp: Any) -> None:
    state, dealer = pp.prepared(ABCD, dict.fromkeys(ABCD, 5), "A", [], start_cards=5)
    pp.lose_round(state, 1)  # B out
    assert dealer.calls[-1][0] == ("A", "C", "D")
    assert state.hands[1] == () and state.counts[1] == 0
    assert state.players[state.starter] == "C"  # A started; B is skipped
    play(state, "HIGH:T")
    assert state.players[state.to_act] == "D"
    play(state, "PAIR:9")
    assert state.players[state.to_act] == "A"
    play(state, "CALL")  # D declared PAIR:9 (false), so D is out
    assert not state.alive[3]
    assert state.players[state.starter] == "A"  # from C's seat, D is skipped


# --- views ------------------------------------------------------------------------------------------

def test_view_holds_only_what_the_seat_may_know(pp: Any) -> None:
    state, _ = pp.prepared(ABCD, dict.fromkeys(ABCD, 1), "A", [PP3, ({"A": "QH", "B": "JK", "C": "9S 9H",
                                                                          "D": "TD"}, "AC")])
    play(state, "PAIR:9")
    view = state.view(1)
    assert [str(c) for c in view.hand] == ["9D"]
    assert view.seat == 1 and view.players == ("A", "B", "C", "D")
    assert view.counts == (1, 1, 1, 1) and view.cap == 5
    assert str(view.community) == "AD"
    assert view.declarations == ((0, parse_declaration("PAIR:9")),)
    assert view.last == parse_declaration("PAIR:9")
    assert view.legal_actions() == state.legal_actions()
    assert view.history == ()
    assert "AS" not in {str(c) for c in view.hand}
    play(state, "PAIR:A", "CALL")
    view = state.view(2)
    assert [str(c) for c in view.hand] == ["9S", "9H"]
    assert view.counts == (1, 1, 2, 1)
    assert view.last == -1 and view.declarations == ()
    assert len(view.legal_actions()) == 89
    (summary,) = view.history
    assert [[str(c) for c in hand] for hand in summary.hands] == [["AS"], ["9D"], ["TC"], ["KH"]]
    assert str(summary.community) == "AD"
    assert (summary.exists, summary.loser, summary.eliminated) == (True, 2, False)


# --- construction -----------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [["A"], ["A", "B", "C", "D", "E", "F", "G"], ["A", "A"], ["A", " "], []])
def test_bad_tables(pp: Any, names: list[str]) -> None:
    with pytest.raises(InvalidInputError):
        PolishPokerState(names, pp.ScriptedDealer([]), first_starter=0)


@pytest.mark.parametrize("seat", [-1, 3])
def test_bad_first_starter(pp: Any, seat: int) -> None:
    with pytest.raises(InvalidInputError):
        PolishPokerState(ABC, pp.ScriptedDealer([]), first_starter=seat)
