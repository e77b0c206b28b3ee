"""Every worked Хлюст example of RULES §5.3 (KH-1 ... KH-9; KH-10 is in the duel's tests), played
through the state machine. Seats D, Z, P clockwise; D deals, so Z is his left, P his right; ante 3."""

from __future__ import annotations

import pytest
from khlyust_kit import act, chips, deck, kinds, last, table

from tourney.errors import IllegalActionError
from tourney.rules.khlyust import CARD_BASE, DECLARE, PASS, PLAY
from tourney.rules.tricks import FOLLOW_TRUMP, ID_OF_TEXT, SUITS, legal_plays


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[t] for t in text.split()]


def test_seat_roles_and_the_announcement_order() -> None:
    state = table([deck(["7S 9D JH", "8D TH KS", "AS AH QC"], "8C")])
    deal = last(state, "deal")
    assert deal["dealer"] == "D" and deal["zaruchny"] == "Z" and deal["podruchny"] == "P"
    assert list(deal["hands"]) == ["Z", "P", "D"] and deal["pot"] == 9 and deal["trump"] == "C"
    assert state.players[state.to_act] == "Z" and PASS in state.legal_actions()
    act(state, "PLAY")
    assert state.players[state.to_act] == "P" and PASS not in state.legal_actions()   # obliged
    act(state, "PLAY")
    assert PASS not in state.legal_actions()                                           # the dealer too
    act(state, "PLAY")
    assert state.players[state.to_act] == "P"                                          # P leads, no Хлюст


def test_kh1_listy_against_higher_listy() -> None:
    state = table([deck(["9S 9H 9D", "QS QH QC", "7S KH AD"], "8C")])
    assert [e["player"] for e in state.events if e["event"] == "listy"] == ["Z", "P"]
    settle = last(state, "settle")
    assert settle["result"] == "listy" and settle["winner"] == "P" and settle["pot"] == 0
    assert settle["deltas"] == {"Z": -3, "P": 6, "D": -3}
    assert chips(state) == {"D": 97 - 3, "Z": 97 - 3, "P": 106 - 3}     # the next deal's antes are paid
    assert last(state, "deal")["dealer"] == "Z"


def test_kh2_listy_made_by_exchange_takes_the_kassa_and_no_answering_exchange() -> None:
    state = table([deck(["7S 7H KD", "AS AH 8D", "9C TC JH"], "8H", stock="7C AD")])
    assert "listy" not in kinds(state)
    act(state, "EXCHANGE:KD")
    exchange = last(state, "exchange")
    assert exchange["cards"] == ["7C"] and exchange["discards"] == ["KD"]
    listy = last(state, "listy")
    assert listy["player"] == "Z" and listy["exchange"] is True and listy["cards"] == ["7S", "7H", "7C"]
    settle = last(state, "settle")
    assert settle["winner"] == "Z" and settle["deltas"] == {"Z": 6, "P": -3, "D": -3} and settle["pot"] == 0
    # The deal is over: P never acts in it (he cannot exchange for the aces).
    assert not any(e.get("player") == "P" and e["deal"] == 1 for e in state.events if e["event"] == "exchange")
    assert last(state, "deal")["deal"] == 2


KH3 = deck(["7S 9S JS", "8D TD KD", "AS AH QC"], "8C")


def test_kh3_a_later_khlyust_overrides_and_its_declarer_leads() -> None:
    state = table([KH3])
    act(state, "DECLARE")
    assert last(state, "declare") == {"event": "declare", "deal": 1, "player": "Z", "khlyust": "plain"}
    act(state, "DECLARE", "PLAY")
    assert state.declarer == 2
    assert [state.players[state.to_act]] == ["D"] and state.legal_actions() == [PLAY, PASS]   # answers from D
    act(state, "PLAY", "PLAY")
    assert state.players[state.to_act] == "P"                       # the хлюстовщик leads
    act(state, "PLAY:KD")
    assert state.legal_actions() == [CARD_BASE + ID_OF_TEXT["QC"]]    # D is void in ♦: forced trump
    act(state, "PLAY:QC", "PLAY:7S")
    act(state, "PLAY:AS")
    assert set(state.legal_actions()) == {CARD_BASE + c for c in ids("9S JS")}    # any spade is allowed
    act(state, "PLAY:JS", "PLAY:8D", "PLAY:AH", "PLAY:9S", "PLAY:TD")
    assert [t["winner"] for t in state.events if t["event"] == "trick"] == ["D", "D", "D"]
    settle = last(state, "settle")
    assert settle["khlyustovshchik"] == "P" and settle["tricks"] == {"Z": 0, "P": 0, "D": 3}
    assert settle["deltas"] == {"Z": -3, "P": -12, "D": 6} and settle["pot"] == 9
    assert last(state, "ante")["pot"] == 18 and last(state, "deal")["pot"] == 18


KH4 = deck(["8H 9H TH", "QH KH AH", "7S 8S 9S"], "7H")


def test_kh4_a_trump_khlyust_cannot_be_overridden() -> None:
    state = table([KH4])
    act(state, "DECLARE")
    assert last(state, "declare")["khlyust"] == "trump" and state.locked
    assert DECLARE not in state.legal_actions()                      # P holds a trump Хлюст too
    with pytest.raises(IllegalActionError, match="Козырный Хлюст was declared"):
        act(state, "DECLARE")
    act(state, "PLAY")
    assert last(state, "play")["conceals"] is False                  # not penalised for it
    assert DECLARE not in state.legal_actions()
    act(state, "PLAY")
    assert last(state, "play")["conceals"] is False
    act(state, "PLAY", "PASS")                                       # answers: P plays, D concedes
    act(state, "PLAY:8H", "PLAY:QH", "PLAY:AH", "PLAY:9H", "PLAY:KH", "PLAY:TH")
    settle = last(state, "settle")
    assert settle["tricks"] == {"Z": 0, "P": 3} and settle["concealers"] == []
    assert settle["deltas"] == {"Z": -12, "P": 6, "D": -3} and settle["pot"] == 9


def test_kh5_proportional_split_with_a_remainder() -> None:
    state = table([deck(["AH AD 8C", "AC KH 9D", "TH TD 7C"], "7S")], start=False)
    state.pot = 1                                                   # carried from a deal before
    state._start_deal()
    assert last(state, "deal")["pot"] == 10
    act(state, "PLAY", "PLAY", "PLAY")
    act(state, "PLAY:AC", "PLAY:7C", "PLAY:8C", "PLAY:KH", "PLAY:TH", "PLAY:AH", "PLAY:AD", "PLAY:9D", "PLAY:TD")
    settle = last(state, "settle")
    assert settle["tricks"] == {"Z": 2, "P": 1, "D": 0} and settle["winner"] is None
    assert settle["deltas"] == {"Z": 6 - 3, "P": 3 - 3, "D": -3} and settle["pot"] == 1
    assert last(state, "deal")["pot"] == 10


KH6 = deck(["7D 9D AD", "8D KH KC", "9H JC QC"], "7S")


def test_kh6_a_concealed_khlyust_pays_the_kassa_and_loses_its_shares() -> None:
    state = table([KH6])
    assert DECLARE in state.legal_actions()
    act(state, "PLAY")
    assert last(state, "play")["conceals"] is True
    act(state, "PLAY", "PLAY")
    act(state, "PLAY:8D", "PLAY:9H", "PLAY:AD", "PLAY:9D", "PLAY:KH", "PLAY:JC", "PLAY:7D", "PLAY:KC", "PLAY:QC")
    settle = last(state, "settle")
    assert settle["tricks"] == {"Z": 3, "P": 0, "D": 0} and settle["concealers"] == ["Z"]
    assert settle["deltas"] == {"Z": -12, "P": -3, "D": -3} and settle["pot"] == 18
    assert last(state, "deal")["pot"] == 27


KH7 = deck(["7S 9S JS", "8D TD KH", "AS AH QC"], "8C")


def test_kh7_everyone_concedes_to_a_khlyust() -> None:
    state = table([KH7])
    act(state, "DECLARE", "PLAY", "PLAY", "PASS", "PASS")
    settle = last(state, "settle")
    assert settle["result"] == "conceded" and settle["winner"] == "Z"
    assert settle["deltas"] == {"Z": 6, "P": -3, "D": -3} and settle["pot"] == 0
    assert [e["answer"] for e in state.events if e["event"] == "answer"] == ["pass", "pass"]


KH8 = deck(["AH KH 7H", "9S TS JD", "8H 9H TC"], "8C")


def test_kh8_a_khlyustovshchik_with_two_tricks_takes_everything() -> None:
    state = table([KH8], start=False)
    state.pot = 1
    state._start_deal()
    act(state, "DECLARE", "PLAY", "PLAY", "PLAY", "PLAY")
    act(state, "PLAY:AH", "PLAY:9S", "PLAY:8H", "PLAY:KH", "PLAY:TS", "PLAY:9H", "PLAY:7H", "PLAY:JD", "PLAY:TC")
    settle = last(state, "settle")
    assert settle["tricks"] == {"Z": 2, "P": 0, "D": 1} and settle["winner"] == "Z"
    assert settle["deltas"] == {"Z": 10 - 3, "P": -3, "D": -3} and settle["pot"] == 0


KH9 = deck(["QH AH JD", "9C 8C TD", "KH 7S AD"], "8S")


def test_kh9_following_rules_and_okhlupku() -> None:
    spades = SUITS.index("S")
    assert legal_plays(ids("KH 7S AD"), ids("9C"), spades, FOLLOW_TRUMP) == ids("7S")
    assert legal_plays(ids("QH AD"), ids("9C"), spades, FOLLOW_TRUMP) == ids("QH AD")
    assert legal_plays(ids("8C 7S"), ids("9C"), spades, FOLLOW_TRUMP) == ids("8C")
    state = table([KH9], okhlupku=True)
    act(state, "PLAY", "PLAY", "PLAY", "PLAY:9C")
    with pytest.raises(IllegalActionError, match=r"a trump \(S\) must be played"):
        act(state, "PLAY:AD")
    act(state, "PLAY:7S")
    assert len(state.legal_actions()) == 3                           # Z: void in ♣ and ♠, any card
    act(state, "PLAY:AH")
    assert last(state, "card") == {"event": "card", "deal": 1, "trick": 1, "player": "Z", "card": "AH",
                                   "face_down": True}
    assert last(state, "trick")["winner"] == "D"
    assert "AH" in state.hidden_cards(2) and "AH" not in state.hidden_cards(1)
    # Trick 2: D leads; the face-down card showed to nobody but Z.
    act(state, "PLAY:KH")
    assert state.view(2).to_json()["trick"] == [["D", "KH"]]


def test_a_face_down_card_is_masked_in_the_others_view() -> None:
    state = table([deck(["KH 7S AD", "9C 8C TD", "QH AH JD"], "8S")], okhlupku=True)
    act(state, "PLAY", "PLAY", "PLAY", "PLAY:9C", "PLAY:AH")         # D, void in ♣ and ♠: face down
    assert state.view(1).to_json()["trick"] == [["P", "9C"], ["D", None]]
    assert state.view(0).to_json()["trick"] == [["P", "9C"], ["D", "AH"]]
    assert "AH" in state.hidden_cards(1) and "AH" not in state.hidden_cards(0)
    act(state, "PLAY:7S")
    assert last(state, "trick")["winner"] == "Z"
