"""Each Lou option changes what RULES §4 says it changes, and nothing is paid that is not owed."""

from __future__ import annotations

import pytest
from lou_kit import act, chips, deck, last, lou

from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError
from tourney.rules.lou import LOU, PLAY_BASE, LouOptions, action_text, parse_action, settle
from tourney.rules.tricks import ID_OF_TEXT

PLAIN = deck(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC", "2D 3D 4D"], "5H")


def test_options_are_listed_with_their_rules_sections() -> None:
    names = [spec.name for spec in LOU.options]
    assert names == ["start_chips", "ante", "ante_multiple_of_3", "ante_by", "rotations", "lone_player",
                     "strict_loo", "lead", "payout", "allow_debt"]
    assert all(spec.section for spec in LOU.options)
    assert LOU.seats == (2, 8) and LOU.max_table == 8 and LOU.live_result == "chips" and LOU.playable
    with pytest.raises(InvalidInputError, match="no option"):
        LouOptions.from_mapping({"nope": 1})
    with pytest.raises(InvalidInputError, match="one of"):
        LouOptions(payout="all").validate()


def test_action_texts_round_trip() -> None:
    for text in ("IN", "OUT", "PLAY:QS", "DRAW:-", "DRAW:2H", "DRAW:7C 2H", "DRAW:AS 2C KD"):
        action = parse_action(text)
        assert parse_action(action_text(action)) == action
    assert action_text(parse_action("draw: 7c, 2h")) == "DRAW:2H 7C"
    assert parse_action("DRAW") == parse_action("DRAW:-") == parse_action("draw:0")
    for bad in ("PLAY:QS QH", "DRAW:2H 3H 4H 5H", "PLAY:JK", "FOLD", "IN:2"):
        with pytest.raises(InvalidActionError):
            parse_action(bad)


def test_strict_loo_forces_the_trump_ace_lead_and_heading() -> None:
    hands = deck(["AS 2H 9D", "KH 3H 4D", "5H TD 6C", "7C 8C 9C", "JC QC KC"], "2S")
    state = lou([hands], strict_loo=True)
    act(state, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    assert state.legal_actions() == [PLAY_BASE + ID_OF_TEXT["AS"]]
    with pytest.raises(IllegalActionError, match="strict_loo"):
        state.apply(parse_action("PLAY:2H"))
    act(state, "PLAY:AS")
    act(state, "PLAY:3H")      # C is void in spades, holds no trump: any card
    act(state, "PLAY:5H")
    act(state, "PLAY:9D")      # B leads 9D
    # C must head 9D with... C holds KH 4D: 4D cannot head, so any diamond.
    assert state.legal_actions() == [PLAY_BASE + ID_OF_TEXT["4D"]]
    act(state, "PLAY:4D")
    assert state.legal_actions() == [PLAY_BASE + ID_OF_TEXT["TD"]]  # D must head 9D with TD
    # The default (FOLLOW_ONLY, any lead):
    free = lou([hands])
    act(free, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    assert len(free.legal_actions()) == 3
    # With the ace as upcard, the king of trumps is led.
    kinged = lou([deck(["KS 2H 9D", "KH 3H 4D", "5H TD 6C", "7C 8C 9C", "JC QC KC"], "AS")], strict_loo=True)
    act(kinged, "IN IN IN OUT OUT", "DRAW:-", "DRAW:-", "DRAW:-")
    assert kinged.legal_actions() == [PLAY_BASE + ID_OF_TEXT["KS"]]


def test_lone_player_plays_a_dummy_of_the_top_three_stock_cards() -> None:
    # C alone; the dummy is the top of the stock: 2D 3D 4D (no trumps, low); C draws after it.
    hands = deck(["2C 3C 4C", "AH KH QH", "8C 9C TC", "JC QC KC", "5C 6C 7C"], "2S", stock="2D 3D 4D 9H")
    state = lou([hands, PLAIN], lone_player="plays_dummy")
    act(state, "OUT IN OUT OUT OUT")
    assert last(state, "dummy")["hand"] == ["2D", "3D", "4D"]
    act(state, "DRAW:QH")
    assert last(state, "draw")["cards"] == ["9H"]
    act(state, "PLAY:AH", "PLAY:KH", "PLAY:9H")   # the dummy follows by itself; C takes all three
    settle_line = last(state, "settle")
    assert settle_line["tricks"] == {"C": 3} and settle_line["dummy_tricks"] == 0
    assert settle_line["deltas"] == {"C": 15} and settle_line["game_over"]
    plays = [e for e in state.events if e["event"] == "play" and e.get("dummy")]
    assert len(plays) == 3 and all(p["player"] is None for p in plays)


def test_a_lone_player_beaten_by_the_dummy_pays_the_pot_and_its_shares_stay() -> None:
    hands = deck(["2C 3C 4C", "5H 6H 7H", "8C 9C TC", "JC QC KC", "5C 6C 7C"], "2S", stock="AS KS QS")
    state = lou([hands, PLAIN], lone_player="plays_dummy")
    act(state, "OUT IN OUT OUT OUT", "DRAW:-", "PLAY:5H", "PLAY:6H", "PLAY:7H")
    settle_line = last(state, "settle")
    assert settle_line["dummy_tricks"] == 3 and settle_line["deltas"] == {"C": -15}
    assert settle_line["pot"] == 30 and not settle_line["game_over"]   # 15 stays (the dummy's) + 15 paid


def test_ante_by_dealer_only_the_dealer_antes() -> None:
    state = lou([PLAIN], ante_by="dealer")
    assert last(state, "ante")["antes"] == {"A": 3} and state.pot == 3


def test_allow_debt_keeps_negative_balances() -> None:
    hands = deck(["AS KS QS", "2H 3H 4H", "5H 6H 7H", "8H 9H TH", "JH QH KH"], "2S")
    state = lou([hands, PLAIN], start=False, start_chips=10, ante=6, allow_debt=True)
    state._start_game()
    act(state, "IN IN OUT OUT OUT", "DRAW:-", "DRAW:-", "PLAY:AS", "PLAY:2H", "PLAY:KS", "PLAY:3H", "PLAY:QS",
        "PLAY:4H")
    assert last(state, "settle")["deltas"] == {"B": 30, "C": -30} and chips(state)["C"] == -26
    assert state.match.seated[2]
    capped = lou([hands, PLAIN], start=False, start_chips=10, ante=6)
    capped._start_game()
    act(capped, "IN IN OUT OUT OUT", "DRAW:-", "DRAW:-", "PLAY:AS", "PLAY:2H", "PLAY:KS", "PLAY:3H", "PLAY:QS",
        "PLAY:4H")
    assert last(capped, "settle")["deltas"] == {"B": 30, "C": -4} and last(capped, "settle")["busted"] == ["C"]


def test_the_match_ends_after_its_rotations_at_the_end_of_a_game() -> None:
    state = lou([], players="AB", rotations=1)
    act(state, "IN OUT")                 # B alone takes the pot: the game ends; the deal passes to B
    assert not state.terminal
    act(state, "OUT IN")                 # A alone; the deal passes back to A: one rotation, a game just ended
    end = last(state, "end")
    assert state.terminal and end["deals"] == 2 and end["pot"] == 0
    assert sum(end["chips"].values()) == 200
    assert state.outcome().standings[0] in ("A", "B")


def test_the_pot_left_when_the_match_ends_is_split() -> None:
    # Two players, rotations reached mid-game do not end it; a bust does, and the pot goes to the survivor.
    hands = deck(["AS KS QS", "2H 3H 4H"], "2S")
    state = lou([hands], players="AB", start=False, start_chips=6, ante=3)
    state._start_game()
    act(state, "IN IN", "DRAW:-", "DRAW:-", "PLAY:AS", "PLAY:2H", "PLAY:KS", "PLAY:3H", "PLAY:QS", "PLAY:4H")
    end = last(state, "end")
    assert state.terminal and end["chips"] == {"A": 0, "B": 12} and end["split"] == {"B": 3}
    assert state.outcome().standings == ("B", "A") and state.outcome().places == (1, 2)


def test_settle_function_matches_the_examples() -> None:
    result = settle(15, {"A": 2, "B": 1, "C": 0})
    assert result.receipts == {"A": 10, "B": 5} and result.owed == {"C": 15} and result.next_pot() == 15
    assert settle(20, {"A": 2, "B": 1}).next_pot() == 2 and settle(20, {"A": 2, "B": 1}).game_over
    assert settle(30, {"A": 1, "B": 1, "C": 1}, "majority").next_pot() == 120


def test_a_player_left_with_no_chips_after_a_deal_is_out_and_not_dealt_in_again() -> None:
    """Issue 17's one treatment (README): D's ante takes his last chips, so he plays deal 1 (he paid
    in full), goes out and ends it with none: he is out at its settlement, and the loo game goes on
    without him (he was dealt in with nothing at stake before)."""
    first = deck(["AS KS QS", "2H 3H 4H", "5D 6D 7D", "8C 9C TC"], "2S")
    state = lou([first, PLAIN], players="ABCD", start=False, start_chips=30)
    state.match.chips[3] = 3
    state._start_game()
    assert state.match.chips[3] == 0 and state.match.seated[3] and "D" in last(state, "deal")["hands"]
    act(state, "IN IN OUT OUT", "DRAW:-", "DRAW:-", "PLAY:AS", "PLAY:2H", "PLAY:KS", "PLAY:3H", "PLAY:QS",
        "PLAY:4H")
    settle = last(state, "settle")
    assert settle["looed"] == ["C"] and settle["busted"] == ["D"] and not settle["game_over"]
    assert not state.match.seated[3]
    deal = last(state, "deal")
    assert deal["deal"] == 2 and list(deal["hands"]) == ["C", "A", "B"]


def test_every_match_ends_within_its_deal_limit() -> None:
    """Issue 17: payout=majority with allow_debt never ended (nobody busts, every deal pays); a Lou
    match now ends after 10 x rotations x players deals, a loo pending or not (README)."""
    state = lou([], players="AB", payout="majority", allow_debt=True, rotations=1)
    assert state.deal_limit == 20
    while not state.terminal:
        legal = state.legal_actions()
        state.apply(legal[-1])              # always IN, then the last legal draw and card
    end = last(state, "end")
    assert end["deals"] == 20 and not last(state, "settle")["game_over"]
    assert sum(end["chips"].values()) == 200 and end["pot"] == 0


def test_debts_bound_the_rotations_so_every_record_stays_writable() -> None:
    LouOptions(allow_debt=True, rotations=20).validate()
    LouOptions(allow_debt=False, rotations=200).validate()  # without debts the chips in play bound the pot
    with pytest.raises(InvalidInputError, match="at most 20"):
        LouOptions(allow_debt=True, rotations=21).validate()
    for name in ("ante", "start_chips"):
        with pytest.raises(InvalidInputError, match="1,000,000"):
            LouOptions(**{name: 1_000_003}).validate()  # type: ignore[arg-type]
