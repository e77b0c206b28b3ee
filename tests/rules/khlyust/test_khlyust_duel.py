"""The two-player Хлюст (RULES §3.11): 36 cards, no combinations, no exchange, no pass, the
non-dealer leads, 2 tricks take the pot; option three_aces. KH-10 of §5.3."""

from __future__ import annotations

import random

from khlyust_kit import act, deck, last, table

from tourney.rules.khlyust import CARD_BASE, KhlyustOptions, KhlyustState
from tourney.rules.khlyust.combos import DECK_36

KH10 = deck(["AS 6S KD", "QS 7H AD"], "6H", full=DECK_36)      # dealt to N first, then the dealer


def test_kh10_the_duel_the_non_dealer_leads_and_two_tricks_take_the_pot() -> None:
    state = table([KH10], players="DN", ante=5)
    assert state.events[0]["duel"] is True
    deal = last(state, "deal")
    assert deal["pot"] == 10 and deal["hands"] == {"N": ["AS", "6S", "KD"], "D": ["QS", "7H", "AD"]}
    assert deal["zaruchny"] is None and deal["podruchny"] is None
    assert state.players[state.to_act] == "N"
    assert all(a >= CARD_BASE for a in state.legal_actions())        # no pass, no exchange, no declaring
    act(state, "PLAY:AS", "PLAY:QS", "PLAY:KD", "PLAY:AD", "PLAY:7H")
    assert state.legal_actions() == [CARD_BASE + 16]                 # 6S: void in hearts, no trump
    act(state, "PLAY:6S")
    assert [t["winner"] for t in state.events if t["event"] == "trick"] == ["N", "D", "D"]
    settle = last(state, "settle")
    assert settle["winner"] == "D" and settle["deltas"] == {"N": -5, "D": 5} and settle["pot"] == 0
    assert last(state, "deal")["dealer"] == "N"                     # the deal alternates


def test_the_duel_has_no_combinations() -> None:
    hands = deck(["7S 8S 9S", "6D 6H 6C"], "AS", full=DECK_36)
    state = table([hands], players="DN")
    assert "listy" not in [e["event"] for e in state.events] and state.phase == 2   # straight to tricks


def test_three_aces_win_at_once_only_with_the_option() -> None:
    hands = deck(["AS AH AD", "6D 7H 8C"], "KS", full=DECK_36)
    assert last(table([hands], players="DN"), "deal")["deal"] == 1              # plain: tricks decide
    state = table([hands], players="DN", three_aces=True)
    settle = last(state, "settle")
    assert settle["result"] == "three_aces" and settle["winner"] == "N" and settle["deltas"] == {"N": 3, "D": -3}


def test_a_seeded_duel_ends_with_chips_conserved() -> None:
    state = KhlyustState.new(["a", "b"], random.Random(4), KhlyustOptions(start_chips=9, rotations=3), 4)
    rng = random.Random(5)
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
    end = last(state, "end")
    assert sum(end["chips"].values()) == 18 and end["deals"] >= 2
    assert all(e["result"] in ("played", "three_aces") for e in state.events if e["event"] == "settle")
