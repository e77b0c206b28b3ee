"""The Chlust game (RULES §2): worked examples CH-7 to CH-11 and the deal, betting and trick rules."""

from __future__ import annotations

import pytest
from chlust_support import act, last, table

from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.chlust import CALL, FOLD, KEEP, PLAY_BASE, RAISE, SWAP, ChlustState, action_id
from tourney.rules.chlust.deck import parse_id

CH7 = ({"D": "AS QD JC", "L": "KS TD AC", "R": "QS AD TH"}, "KH")
CH8 = ({"D": "AH KC JD", "L": "QH AC KD", "R": "JH QC AD"}, "KS")


def plays(*cards: str) -> list[int]:
    return [PLAY_BASE + parse_id(card) for card in cards]


def test_deal_three_cards_each_from_the_dealers_left_and_an_upcard() -> None:
    state = table([CH7])
    deal = state.events[1]
    assert deal["event"] == "deal" and deal["dealer"] == "D"
    assert list(deal["hands"]) == ["L", "R", "D"]
    assert deal["upcard"] == "KH" and deal["trump"] == "H"
    assert deal["antes"] == {"L": 1, "R": 1, "D": 1} and deal["pot"] == 3
    assert state.players[state.to_act] == "L", "betting starts at the dealer's left (§2.7)"


def test_ch7_trick_play_with_must_head_and_the_dealer_leads() -> None:
    state = table([CH7])
    act(state, "L CALL", "R CALL", "D CALL")
    assert last(state, "showdown")["winner"] is None
    assert state.players[state.to_act] == "D"
    act(state, "D PLAY:AS")
    with pytest.raises(IllegalActionError, match="follow suit"):
        state.apply(action_id("PLAY:AC"))  # L must follow spades
    act(state, "L PLAY:KS", "R PLAY:QS", "D PLAY:QD")
    assert state.legal_actions() == plays("TD")
    act(state, "L PLAY:TD")
    assert state.legal_actions() == plays("AD"), "R must head the trick"
    act(state, "R PLAY:AD", "R PLAY:TH", "D PLAY:JC", "L PLAY:AC")
    tricks = [e for e in state.events if e["event"] == "trick"]
    assert [t["winner"] for t in tricks] == ["D", "R", "R"]
    settle = last(state, "settle")
    assert settle["winner"] == "R" and settle["reason"] == "tricks"
    assert settle["tricks"] == {"L": 0, "R": 2, "D": 1}
    assert settle["deltas"] == {"L": -1, "R": 2, "D": -1} and settle["pot"] == 0


def play_ch8(state: ChlustState) -> None:
    act(state, "L CALL", "R CALL", "D CALL", "D PLAY:AH", "L PLAY:QH", "R PLAY:JH", "D PLAY:KC")
    assert state.legal_actions() == plays("AC"), "L must head the trick"
    act(state, "L PLAY:AC", "R PLAY:QC", "L PLAY:KD")
    assert state.legal_actions() == plays("AD"), "R must head the trick"
    act(state, "R PLAY:AD", "D PLAY:JD")


def test_ch8_a_tie_in_tricks_carries_the_pot_to_the_next_deal() -> None:
    state = table([CH8])
    play_ch8(state)
    settle = last(state, "settle")
    assert settle["reason"] == "tie" and settle["winner"] is None and settle["pot"] == 3
    assert settle["tricks"] == {"L": 1, "R": 1, "D": 1}
    deal = last(state, "deal")
    assert deal["deal"] == 2 and deal["dealer"] == "L" and deal["pot"] == 6


def test_trick_tie_split_and_first_trick_options() -> None:
    split = table([CH8], trick_tie="split", start_chips=20)
    play_ch8(split)
    settle = last(split, "settle")
    assert settle["pot"] == 0 and settle["deltas"] == {"L": 0, "R": 0, "D": 0}
    first = table([CH8], trick_tie="first_trick")
    play_ch8(first)
    settle = last(first, "settle")
    assert settle["winner"] == "D" and settle["deltas"] == {"L": -1, "R": -1, "D": 2}


def test_split_leftover_chips_go_to_the_tied_elder_hand() -> None:
    # Ante 3 each and one chip carried in: 10 chips over three tied players.
    state = table([CH8], trick_tie="split", ante=3)
    state.pot += 1  # a carried chip (the chip audit is not what this test checks)
    play_ch8(state)
    settle = last(state, "settle")
    # 4, 3, 3: the extra chip goes to L, the elder hand (the dealer's left).
    assert settle["deltas"] == {"L": 1, "R": 0, "D": 0} and settle["pot"] == 0


def test_ch9_swapping_the_ace_upcard() -> None:
    state = table([({"D": "AH QH JD", "L": "TS KS QD", "R": "JH KD AD"}, "AS")])
    assert state.players[state.to_act] == "L" and state.legal_actions() == [SWAP, KEEP]
    view = state.view(1).to_json()
    assert view["phase"] == "swap"
    act(state, "L SWAP")
    assert sorted(state.view(1).to_json()["hand"]) == ["AS", "KS", "QD"]
    assert last(state, "swap") == {"event": "swap", "deal": 1, "player": "L", "swap": True, "card": "TS"}
    assert state.view(0).to_json()["upcard"] == "TS"
    assert state.players[state.to_act] == "L" and state.legal_actions() == [FOLD, CALL, RAISE]


def test_ch9_the_swap_is_optional_and_needs_the_lowest_trump_in_a_hand() -> None:
    kept = table([({"D": "AH QH JD", "L": "TS KS QD", "R": "JH KD AD"}, "AS")])
    act(kept, "L KEEP")
    assert last(kept, "swap")["swap"] is False and kept.view(0).to_json()["upcard"] == "AS"
    stock = table([({"D": "AH QH JD", "L": "JS KS QD", "R": "JH KD AD"}, "AS")])
    assert stock.legal_actions() == [FOLD, CALL, RAISE], "TS is in the stock: nobody may swap"
    nines = table([({"D": "AH QH JD", "L": "9S KS QD", "R": "TS KD AD"}, "AS")], with_nines=True)
    assert nines.players[nines.to_act] == "L" and nines.legal_actions() == [SWAP, KEEP]
    act(nines, "L SWAP")
    assert last(nines, "swap")["card"] == "9S"


def test_ace_swap_lowest_held_option() -> None:
    deal = ({"D": "AH QH JD", "L": "JS KS QD", "R": "QS KD AD"}, "AS")
    assert table([deal]).legal_actions() == [FOLD, CALL, RAISE]
    held = table([deal], ace_swap="lowest_held")
    assert held.players[held.to_act] == "L" and held.legal_actions() == [SWAP, KEEP]
    act(held, "L SWAP")
    assert last(held, "swap")["card"] == "JS"


def test_ch10_everyone_else_folds() -> None:
    state = table([CH7])
    act(state, "L RAISE", "R FOLD", "D FOLD")
    settle = last(state, "settle")
    assert settle["winner"] == "L" and settle["reason"] == "fold"
    assert settle["deltas"] == {"L": 2, "R": -1, "D": -1} and settle["pot"] == 0
    assert not any(e["event"] == "showdown" for e in state.events), "no show"


def test_ch11_the_club_ten_is_an_ordinary_ten_in_tricks() -> None:
    state = table([({"D": "KC JS AS", "L": "TC AH QS"}, "QD")], players=("D", "L"))
    act(state, "L CALL", "D CALL")
    assert last(state, "showdown")["winner"] is None
    act(state, "D PLAY:KC")
    assert state.legal_actions() == plays("TC")
    act(state, "L PLAY:TC")
    assert last(state, "trick")["winner"] == "D"


def test_a_combination_takes_the_pot_at_the_showdown() -> None:
    state = table([({"D": "AS QD JC", "L": "KS TD AC", "R": "AH QH TC"}, "KD")])
    act(state, "L CALL", "R RAISE", "D CALL", "L CALL")
    show = last(state, "showdown")
    assert show["winner"] == "R" and show["combinations"]["R"]["kind"] == "three of a suit"
    assert show["none"] == ["L", "D"] and show["wild"] == "TC"
    assert last(state, "settle")["deltas"] == {"L": -2, "R": 4, "D": -2}


def test_the_dealer_folded_so_the_first_player_in_from_his_left_leads() -> None:
    state = table([CH7])
    act(state, "L CALL", "R CALL", "D FOLD")
    assert state.players[state.to_act] == "L"


def test_betting_round_rules_raise_reopens_and_max_raises() -> None:
    state = table([CH7])
    act(state, "L RAISE", "R RAISE", "D RAISE")
    assert state.legal_actions() == [FOLD, CALL], "three raises already (§2.7)"
    with pytest.raises(IllegalActionError, match="3 raises"):
        state.apply(RAISE)
    act(state, "L CALL", "R CALL")
    assert last(state, "showdown")["deal"] == 1
    assert state.pot == 3 + 3 * 3


def test_raise_unit_and_max_raises_options() -> None:
    state = table([CH7], raise_unit=3, max_raises=1)
    act(state, "L RAISE")
    assert last(state, "bet") == {"event": "bet", "deal": 1, "player": "L", "action": "RAISE", "amount": 3,
                                  "level": 3}
    assert state.legal_actions() == [FOLD, CALL]
    act(state, "R CALL")
    assert last(state, "bet")["amount"] == 3


def test_the_table_stakes_cap_is_the_smallest_stack_when_betting_began() -> None:
    state = table([CH7], start_chips=3)  # 2 chips left after the ante
    act(state, "L RAISE", "R RAISE")
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalActionError, match="table-stakes cap 2"):
        state.apply(RAISE)


def test_last_may_fold_carries_the_pot_when_everyone_folds() -> None:
    plain = table([CH7])
    act(plain, "L FOLD", "R FOLD")
    assert last(plain, "settle")["winner"] == "D"
    allowed = table([CH7], last_may_fold=True)
    act(allowed, "L FOLD", "R FOLD")
    assert allowed.legal_actions() == [FOLD, CALL]
    act(allowed, "D FOLD")
    settle = last(allowed, "settle")
    assert settle["reason"] == "all_fold" and settle["pot"] == 3 and settle["winner"] is None
    assert last(allowed, "deal")["pot"] == 6


def test_ante_option() -> None:
    state = table([CH7], ante=3)
    assert state.events[1]["antes"] == {"L": 3, "R": 3, "D": 3} and state.pot == 9


def test_actions_as_text_and_bad_actions() -> None:
    assert action_id("fold") == FOLD and action_id("PLAY:10c") == PLAY_BASE + parse_id("TC")
    with pytest.raises(InvalidActionError):
        action_id("PASS")
    state = table([CH7])
    with pytest.raises(IllegalActionError, match="not a betting action"):
        state.apply(SWAP)
    with pytest.raises(IllegalActionError):
        state.apply(PLAY_BASE + parse_id("AS"))
    with pytest.raises(InvalidActionError):
        state.apply(10_000)
