"""Every worked Lou example of RULES §5.4 (LO-1 ... LO-10), played through the state machine."""

from __future__ import annotations

import pytest
from lou_kit import act, chips, deck, last, lou

from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.lou import PLAY_BASE, parse_action
from tourney.rules.tricks import ID_OF_TEXT

# Dealer A: cards go to B, C, D, E, A. Nobody holds a spade; the upcard 2S makes spades trump.
LO1 = deck(["AH AD 2C", "KH KD AC", "QH QD 3C", "8H 9H TH", "5H 6H 7H"], "2S")
# Dealer B: cards go to C, D, E, A, B.
LO2 = deck(["AH 2C 2D", "3H AC 3D", "4H 4C AD", "5H 6H 7H", "8H 9H TH"], "2S")


def test_lo1_one_player_looed_and_lo2_a_clean_deal_ends_the_game() -> None:
    state = lou([LO1, LO2, LO1])
    assert last(state, "ante")["pot"] == 15 and chips(state) == dict.fromkeys("ABCDE", 97)
    act(state, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AH", "PLAY:KH", "PLAY:QH", "PLAY:AD", "PLAY:KD", "PLAY:QD", "PLAY:2C", "PLAY:AC", "PLAY:3C")
    settle = last(state, "settle")
    assert settle["tricks"] == {"B": 2, "C": 1, "D": 0}
    assert settle["deltas"] == {"B": 10, "C": 5, "D": -15} and settle["looed"] == ["D"]
    assert settle["pot"] == 15 and settle["game_over"] is False
    deal = last(state, "deal")
    assert deal["dealer"] == "B" and deal["pot"] == 15 and deal["game_no"] == 1
    assert [e["event"] for e in state.events].count("ante") == 1        # no ante: the game goes on
    # LO-2: in C, D, E; one trick each.
    act(state, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AH", "PLAY:3H", "PLAY:4H", "PLAY:2C", "PLAY:AC", "PLAY:4C", "PLAY:3D", "PLAY:AD", "PLAY:2D")
    settle = last(state, "settle")
    assert settle["deltas"] == {"C": 5, "D": 5, "E": 5} and settle["pot"] == 0 and settle["game_over"] is True
    # The next game's antes (3 each) are already paid.
    net = {name: count + 3 - 100 for name, count in chips(state).items()}
    assert net == {"A": -3, "B": 7, "C": 7, "D": -13, "E": 2} and sum(net.values()) == 0
    # The next game: C deals and everyone antes again.
    assert last(state, "deal")["dealer"] == "C" and last(state, "deal")["game_no"] == 2
    assert last(state, "ante")["antes"] == dict.fromkeys("ABCDE", 3) and last(state, "ante")["pot"] == 15


def test_lo3_two_players_looed_double_the_pot() -> None:
    hands = deck(["2H 3H 4H", "5H 6H 7H", "8H 9H TH", "JH QH KH", "AS KS QS"], "2S")
    state = lou([hands, LO1], ante=6)
    assert state.pot == 30
    act(state, "IN IN OUT OUT IN", "DRAW:-", "DRAW:-", "DRAW:-")
    act(state, "PLAY:2H", "PLAY:5H", "PLAY:AS", "PLAY:KS", "PLAY:3H", "PLAY:6H", "PLAY:QS", "PLAY:4H", "PLAY:7H")
    settle = last(state, "settle")
    assert settle["deltas"] == {"B": -30, "C": -30, "A": 30} and settle["pot"] == 60
    assert last(state, "deal")["pot"] == 60                             # u = 20 next deal


def test_lo4_a_remainder_is_carried_into_the_next_game() -> None:
    with pytest.raises(InvalidInputError, match="multiple of 3"):
        lou([], players="ABCD", ante=5)
    first = deck(["AH AD 2C", "KH KD AC", "5H 6H 7H", "8H 9H TH"], "2S")
    state = lou([first, first], players="ABCD", ante=5, ante_multiple_of_3=False)
    assert state.pot == 20
    act(state, "IN IN OUT OUT", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AH", "PLAY:KH", "PLAY:AD", "PLAY:KD", "PLAY:2C", "PLAY:AC")
    settle = last(state, "settle")
    assert settle["deltas"] == {"B": 12, "C": 6} and settle["pot"] == 2 and settle["game_over"]
    assert last(state, "ante")["pot"] == 22 and last(state, "deal")["pot"] == 22   # u = 7, r = 1


def test_lo5_a_capped_loo_payment_busts_and_leaves_a_remainder() -> None:
    one = deck(["AS KS QS", "2H 3H 4H", "5H 6H 7H", "8H 9H TH", "JH QH KH"], "2S")
    two = deck(["AH AD 2C", "KH KD AC", "QH QD 3C", "JH QC KC"], "2S")   # dealer B: C, D, E, A... D is out
    state = lou([one, two], ante=6, start=False)
    state.match.chips[3] = 13                                          # D will hold 7 after the ante
    state._start_game()
    act(state, "IN OUT IN OUT OUT", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AS", "PLAY:5H", "PLAY:KS", "PLAY:6H", "PLAY:QS", "PLAY:7H")
    settle = last(state, "settle")
    assert settle["deltas"] == {"B": 30, "D": -7} and settle["busted"] == ["D"] and settle["pot"] == 7
    assert not state.match.seated[3]
    deal = last(state, "deal")
    assert deal["pot"] == 7 and "D" not in deal["hands"] and list(deal["hands"]) == ["C", "E", "A", "B"]
    act(state, "IN IN OUT OUT", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AH", "PLAY:KH", "PLAY:AD", "PLAY:KD", "PLAY:2C", "PLAY:AC")
    assert last(state, "settle")["deltas"] == {"C": 4, "E": 2} and last(state, "settle")["pot"] == 1  # u 2, r 1


def test_lo6_exactly_one_player_in_takes_the_pot() -> None:
    state = lou([LO1, LO2])
    act(state, "OUT IN OUT OUT OUT")
    settle = last(state, "settle")
    assert settle["result"] == "lone" and settle["deltas"] == {"C": 15} and settle["pot"] == 0
    assert settle["game_over"] and last(state, "ante")["game_no"] == 2


def test_lo7_nobody_in_is_a_misdeal_and_the_pot_stays() -> None:
    state = lou([LO1, LO2])
    act(state, "OUT OUT OUT OUT OUT")
    settle = last(state, "settle")
    assert settle["result"] == "misdeal" and settle["pot"] == 15 and not settle["game_over"]
    deal = last(state, "deal")
    assert deal["dealer"] == "B" and deal["pot"] == 15 and deal["game_no"] == 1
    assert [e["event"] for e in state.events].count("ante") == 1


def test_lo8_majority_payout() -> None:
    hands = deck(["2H 3H AD", "5H 6H 7H", "8H 9H TH", "JH QH KH", "AS KS 2D"], "2S")
    state = lou([hands, LO1], ante=6, payout="majority")
    act(state, "IN IN OUT OUT IN", "DRAW:-", "DRAW:-", "DRAW:-")
    # B leads; A takes two tricks, B the last: 2/1/0 as A/B/C.
    act(state, "PLAY:2H", "PLAY:5H", "PLAY:AS", "PLAY:KS", "PLAY:3H", "PLAY:6H", "PLAY:2D", "PLAY:AD", "PLAY:7H")
    settle = last(state, "settle")
    assert settle["tricks"] == {"B": 1, "C": 0, "A": 2}
    assert settle["deltas"] == {"B": -30, "C": -30, "A": 30} and settle["pot"] == 60
    # 1/1/1: nobody takes the pot, each pays it.
    even = deck(["AH 2C 2D", "3H AC 3D", "4H 4C AD", "5H 6H 7H", "8H 9H TH"], "2S")
    state = lou([even, LO1], ante=6, payout="majority")
    act(state, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    act(state, "PLAY:AH", "PLAY:3H", "PLAY:4H", "PLAY:2C", "PLAY:AC", "PLAY:4C", "PLAY:3D", "PLAY:AD", "PLAY:2D")
    settle = last(state, "settle")
    assert settle["deltas"] == {"B": -30, "C": -30, "D": -30} and settle["pot"] == 120 and not settle["game_over"]


def test_lo9_trumping_is_optional_for_a_player_void_in_the_led_suit() -> None:
    # Trump S; B leads 5H; C[KD 2S ..] may play KD or 2S; D[AH 3S ..] must play AH; C 2S, then E 9S wins.
    hands = deck(["5H 6D 7D", "KD 2S 4C", "AH 3S 5C", "9S 8C 6C", "JC QC KC"], "TS")
    state = lou([hands, LO1])
    act(state, "IN IN IN IN OUT", "DRAW:-", "DRAW:-", "DRAW:-", "DRAW:-", "PLAY:5H")
    assert {PLAY_BASE + ID_OF_TEXT[c] for c in ("KD", "2S", "4C")} == set(state.legal_actions())
    act(state, "PLAY:2S")
    assert state.legal_actions() == [PLAY_BASE + ID_OF_TEXT["AH"]]
    with pytest.raises(IllegalActionError, match="follow suit"):
        state.apply(parse_action("PLAY:3S"))
    act(state, "PLAY:AH", "PLAY:9S")
    assert last(state, "trick")["winner"] == "E"


@pytest.mark.parametrize(("upcard", "leader"), [("4H", "B"), ("8H", "D"), ("6H", "E"), ("KH", "B"), ("AH", "B")])
def test_lo10_the_count_lead_variant(upcard: str, leader: str) -> None:
    hands = deck(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC", "2D 3D 4D"], upcard)
    state = lou([hands], lead="upcard_count")
    act(state, "IN OUT IN IN OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    assert state.players[state.to_act] == leader
    default = lou([hands])
    act(default, "IN OUT IN IN OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    assert default.players[default.to_act] == "B"
