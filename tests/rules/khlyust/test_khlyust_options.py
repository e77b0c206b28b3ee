"""Each Хлюст option changes what RULES §3 says it changes (the gap table §3.12)."""

from __future__ import annotations

from typing import Any

import pytest
from khlyust_kit import act, deck, last, table
from test_khlyust_examples import KH3, KH6, KH7, KH8

from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.khlyust import DECLARE, EXCHANGE_BASE, PASS, PLAY, KhlyustOptions, exchange_cards, settle


def exchanges(state_legal: list[int]) -> list[tuple[int, ...]]:
    return [c for a in state_legal if a >= EXCHANGE_BASE and (c := exchange_cards(a)) is not None]


def play_kh3(**options: Any) -> dict[str, object]:
    state = table([KH3], **options)
    act(state, "DECLARE", "DECLARE", "PLAY", "PLAY", "PLAY")
    act(state, "PLAY:KD", "PLAY:QC", "PLAY:7S", "PLAY:AS", "PLAY:JS", "PLAY:8D", "PLAY:AH", "PLAY:9S", "PLAY:TD")
    return last(state, "settle")


def test_podruchny_side_left_makes_the_dealers_left_obliged_and_the_leader() -> None:
    state = table([deck(["7S 9D JH", "8D TH KS", "AS AH QC"], "8C")], podruchny_side="left")
    assert last(state, "deal")["podruchny"] == "Z"
    assert PASS not in state.legal_actions()                         # Z must play
    act(state, "PLAY")
    assert PASS in state.legal_actions()                             # the dealer's right may pass
    act(state, "PLAY", "PLAY")
    assert state.players[state.to_act] == "Z"                        # and Z leads


def test_declared_settlement_proportional_has_no_penalty() -> None:
    settled = play_kh3(declared_settlement="proportional")
    assert settled["deltas"] == {"Z": -3, "P": -3, "D": 6} and settled["pot"] == 0


def test_declared_settlement_three_takes_all() -> None:
    settled = play_kh3(declared_settlement="three_takes_all")
    assert settled["deltas"] == {"Z": -3, "P": -3, "D": 6} and settled["pot"] == 0 and settled["winner"] == "D"
    # KH-8's hands: the хлюстовщик's 2 tricks take no kassa, but 2 chips from the others.
    state = table([KH8], declared_settlement="three_takes_all", two_trick_share=2)
    act(state, "DECLARE", "PLAY", "PLAY", "PLAY", "PLAY")
    act(state, "PLAY:AH", "PLAY:9S", "PLAY:8H", "PLAY:KH", "PLAY:TS", "PLAY:9H", "PLAY:7H", "PLAY:JD", "PLAY:TC")
    settled = last(state, "settle")
    assert settled["deltas"] == {"Z": -3 + 4, "P": -5, "D": -5} and settled["pot"] == 9


def test_concealment_base_doubled_pays_the_others_from_2k() -> None:
    hands = deck(["7D 9D AD", "KC AC 8D", "7C 8H 9H"], "7S")
    results = {}
    for base in ("original", "doubled"):
        state = table([hands], concealment_base=base)
        act(state, "PLAY", "PLAY", "PLAY")
        act(state, "PLAY:AC", "PLAY:7C", "PLAY:7D", "PLAY:KC", "PLAY:8H", "PLAY:9D", "PLAY:8D", "PLAY:9H", "PLAY:AD")
        results[base] = last(state, "settle")
    assert results["original"]["tricks"] == {"Z": 1, "P": 2, "D": 0}
    assert results["original"]["deltas"] == {"Z": -12, "P": 6 - 3, "D": -3} and results["original"]["pot"] == 12
    assert results["doubled"]["deltas"] == {"Z": -12, "P": 12 - 3, "D": -3} and results["doubled"]["pot"] == 6


def test_settle_is_a_pure_function_of_the_kassa_and_tricks() -> None:
    assert settle(9, {"Z": 0, "P": 0, "D": 3}, "P").carry == 9
    assert settle(10, {"Z": 2, "P": 1, "D": 0}).receipts == {"Z": 6, "P": 3}
    assert settle(9, {"Z": 3, "P": 0, "D": 0}, concealers={"Z"}).carry == 18
    assert settle(10, {"Z": 2, "D": 1, "P": 0}, "Z").receipts == {"Z": 10}


def test_allow_concealment_false_forces_the_declaration() -> None:
    state = table([KH6], allow_concealment=False)
    assert PLAY not in state.legal_actions() and DECLARE in state.legal_actions()
    with pytest.raises(IllegalActionError, match="must be declared"):
        act(state, "PLAY")


def test_instant_khlyust_wins_at_once_with_the_card_points() -> None:
    state = table([KH7], instant_khlyust=True)
    act(state, "DECLARE")                                            # 7S 9S JS: 7 + 9 + 2 points
    settled = last(state, "settle")
    assert settled["result"] == "instant" and settled["winner"] == "Z"
    assert settled["deltas"] == {"Z": 6 + 36, "P": -21, "D": -21} and settled["pot"] == 0


def test_max_exchange_and_obliged_may_exchange() -> None:
    hands = deck(["7S 9D JH", "8D TH KS", "AS AH QC"], "8C")
    assert len(exchanges(table([hands]).legal_actions())) == 7
    assert [len(c) for c in exchanges(table([hands], max_exchange=1).legal_actions())] == [1, 1, 1]
    assert exchanges(table([hands], max_exchange=0).legal_actions()) == []
    state = table([hands], obliged_may_exchange=False)
    assert exchanges(state.legal_actions())                          # Z is free
    act(state, "PASS")
    assert exchanges(state.legal_actions()) == []                    # P is obliged
    with pytest.raises(IllegalActionError, match="obliged_may_exchange"):
        act(state, "EXCHANGE:8D")


def test_listy_by_exchange_false_makes_it_just_a_hand() -> None:
    state = table([deck(["7S 7H KD", "AS AH 8D", "9C TC JH"], "8H", stock="7C AD")], listy_by_exchange=False)
    act(state, "EXCHANGE:KD")
    assert "listy" not in [e["event"] for e in state.events]
    assert state.players[state.to_act] == "P"
    act(state, "EXCHANGE:8D")                                        # three aces: no Листы either
    assert last(state, "exchange")["cards"] == ["AD"] and state.players[state.to_act] == "D"


def test_a_khlyust_made_by_exchange_is_declared_at_once() -> None:
    state = table([deck(["7S 9S KD", "AC AH 8D", "9C TC JH"], "8H", stock="JS")])
    act(state, "EXCHANGE:KD")
    exchange = last(state, "exchange")
    assert exchange["declares"] == "plain" and state.declarer == 1


def test_must_head_makes_a_follower_beat_the_trick() -> None:
    hands = deck(["8C TC AH", "9C 8D TD", "KH JH AD"], "8S")
    for must_head, playable in ((False, {"8C", "TC"}), (True, {"TC"})):
        state = table([hands], must_head=must_head)
        act(state, "PLAY", "PLAY", "PLAY", "PLAY:9C", "PLAY:KH")
        assert {a.split(":")[1] for a in map(_text, state.legal_actions())} == playable


def _text(action: int) -> str:
    from tourney.rules.khlyust import action_text
    return action_text(action)


def test_rotations_and_start_chips_and_ante_and_allow_debt() -> None:
    state = table([], rotations=1, start_chips=50, ante=5)
    assert last(state, "ante")["pot"] == 15
    state = table([KH3], start_chips=4, ante=3)
    act(state, "DECLARE", "DECLARE", "PLAY", "PLAY", "PLAY")
    act(state, "PLAY:KD", "PLAY:QC", "PLAY:7S", "PLAY:AS", "PLAY:JS", "PLAY:8D", "PLAY:AH", "PLAY:9S", "PLAY:TD")
    settled = last(state, "settle")
    assert settled["busted"] == ["P"] and settled["deltas"]["P"] == -4    # short of the penalty: pays all
    debt = table([KH3], start_chips=4, ante=3, allow_debt=True)
    act(debt, "DECLARE", "DECLARE", "PLAY", "PLAY", "PLAY")
    act(debt, "PLAY:KD", "PLAY:QC", "PLAY:7S", "PLAY:AS", "PLAY:JS", "PLAY:8D", "PLAY:AH", "PLAY:9S", "PLAY:TD")
    assert last(debt, "settle")["deltas"]["P"] == -12 and debt.match.chips[2] < 0


@pytest.mark.parametrize(("options", "message"), [
    ({"ante": 0}, "ante"), ({"max_exchange": 4}, "max_exchange"), ({"podruchny_side": "up"}, "podruchny_side"),
    ({"declared_settlement": "x"}, "declared_settlement"), ({"rotations": 0}, "rotations"),
    ({"ante": "3"}, "must be int"), ({"nope": 1}, "no option"),
])
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        KhlyustOptions.from_mapping(options)


def test_a_player_left_with_no_chips_after_a_deal_is_out_and_the_deal_skips_him() -> None:
    """Issue 17's one treatment (README): Z passes with his last chips in the kassa, so he ends deal 1
    with none and is out at its settlement; the deal passes from D to P, not to Z (before, Z stayed
    seated, dealt deal 2 and only went out at its ante)."""
    state = table([deck(["7S 7D TC", "AS AD 8C", "KS KD 9C"], "7H")], start_chips=3)
    act(state, "PASS", "PLAY", "PLAY", "PLAY:AS", "PLAY:KS", "PLAY:AD", "PLAY:KD", "PLAY:8C", "PLAY:9C")
    settle = last(state, "settle")
    assert settle["deltas"] == {"Z": -3, "P": 3, "D": 0} and settle["busted"] == ["Z"]
    assert last(state, "ante")["antes"] == {"D": 3, "P": 3} and last(state, "deal")["dealer"] == "P"
