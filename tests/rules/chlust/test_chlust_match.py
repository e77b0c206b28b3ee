"""A Chlust match (RULES §0.5, §0.6, Appendix A.2): rotations, busting, the end, the chip audit,
and Hypothesis invariants over random seeded matches."""

from __future__ import annotations

import json
import random

import pytest
from chlust_support import act, last, table
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record
from tourney.errors import IllegalActionError, InvalidActionError, InvalidInputError, RecordError
from tourney.rules.chlust import CHLUST, ChlustState
from tourney.rules.chlust.deck import DECK_20, DECK_24, parse_id
from tourney.rules.games import resolve_options

NAMES = ("ann", "bob", "cy", "dee")


def random_match(players: int, seed: int, **options: object) -> ChlustState:
    state = ChlustState.new(NAMES[:players], random.Random(seed), resolve_options(CHLUST, options), seed)
    rng = random.Random(seed + 1)
    while not state.terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def check_invariants(state: ChlustState, with_nines: bool = False) -> None:
    """Replays the chips of the record (the audit of issue 9) and checks cards and tricks."""
    events = state.events
    start = events[0]["chips"]
    chips = dict(start)
    pot = 0
    deck = set(DECK_24 if with_nines else DECK_20)
    paid: dict[str, int] = {}
    tricks, in_play = 0, set()
    for event in events[1:]:
        kind = event["event"]
        if kind == "deal":
            paid = dict(event["antes"])
            for name, ante in paid.items():
                chips[name] -= ante
            pot += sum(paid.values())
            assert pot == event["pot"]
            if event["upcard"] is None:
                # The antes left one player with chips: the match ends undealt (§0.5, §0.6).
                assert event["hands"] == {} and event["trump"] is None and event["busted"]
                assert events[-1]["deals"] == event["deal"] and events[-2] is event
                continue
            cards = [parse_id(c, True) for hand in event["hands"].values() for c in hand]
            cards.append(parse_id(event["upcard"], True))
            assert all(len(hand) == 3 for hand in event["hands"].values())
            assert len(set(cards)) == len(cards) and set(cards) <= deck, "cards conserved (§2.1, §2.4)"
            tricks, in_play = 0, set(event["hands"])
        elif kind == "bet":
            chips[event["player"]] -= event["amount"]
            paid[event["player"]] += event["amount"]
            pot += event["amount"]
        elif kind == "fold":
            in_play.discard(event["player"])
        elif kind == "trick":
            tricks += 1
            assert [name for name, _ in event["cards"]] and len(event["cards"]) == len(in_play)
        elif kind == "settle":
            assert tricks in (0, 3), "three tricks a deal (§0.4)"
            assert set(event["deltas"]) == set(paid)
            for name, delta in event["deltas"].items():
                received = delta + paid[name]
                assert received >= 0
                chips[name] += received
                pot -= received
            assert pot == event["pot"], "the deltas balance the change of the pot"
        elif kind == "end":
            for name, share in event["split"].items():
                chips[name] += share
                pot -= share
            assert pot == 0 == event["pot"]
            assert chips == event["chips"], "starting chips = final chips + pot"
    end = events[-1]
    holding = [name for name, count in end["chips"].items() if count - end["split"].get(name, 0) > 0]
    assert state.match.rotations_done >= state.match.rotations or len(holding) <= 1, \
        "the match ends after its rotations or when one player holds chips (§0.5)"
    outcome = state.outcome()
    assert sorted(outcome.standings) == sorted(state.players)
    assert outcome.chips is not None and sum(outcome.chips) == sum(start.values())
    assert outcome.chip_counts() == events[-1]["chips"]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), start=st.integers(2, 12),
       ante=st.integers(1, 2), nines=st.booleans(), tie=st.sampled_from(["carry", "split", "first_trick"]),
       last_may_fold=st.booleans())
def test_random_matches_conserve_chips_and_cards_and_replay(players: int, seed: int, start: int, ante: int,
                                                           nines: bool, tie: str, last_may_fold: bool) -> None:
    state = random_match(players, seed, start_chips=start, ante=ante, with_nines=nines, trick_tie=tie,
                         last_may_fold=last_may_fold)
    check_invariants(state, nines)
    lines = write_record(state.events).splitlines()
    again = replay(lines, check_seed=True)
    assert again.events == state.events and again.outcome() == state.outcome()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_every_action_that_is_not_legal_raises_and_changes_nothing(seed: int, players: int) -> None:
    state = ChlustState.new(NAMES[:players], random.Random(seed), resolve_options(CHLUST), seed)
    rng = random.Random(seed)
    while not state.terminal:
        legal = state.legal_actions()
        before = state.events
        for action in range(-1, 60):
            if action not in legal:
                with pytest.raises((IllegalActionError, InvalidActionError)):
                    state.apply(action)
        assert state.events == before
        state.apply(rng.choice(legal))


def test_the_match_ends_after_its_rotations_when_nobody_busts() -> None:
    state = random_match(3, 4, start_chips=1000, rotations=2)
    end = state.events[-1]
    assert end["deals"] == 6
    dealers = [e["dealer"] for e in state.events if e["event"] == "deal"]
    assert dealers[:3] == dealers[3:] and len(set(dealers)) == 3, "the deal passes left; every seat deals twice"


def test_a_player_out_of_chips_is_busted_and_ranked_after_the_seated() -> None:
    for seed in range(40):
        state = random_match(3, seed, start_chips=2, rotations=20)
        busted = [name for e in state.events if e["event"] == "deal" for name in e["busted"]]
        outcome = state.outcome()
        if busted or 0 in (outcome.chips or ()):
            assert outcome.chips is not None
            assert outcome.chips[-1] == 0
            check_invariants(state)
            return
    raise AssertionError("no seed busted a player")


def test_short_players_pay_what_they_have_and_the_match_ends_when_one_player_holds_chips() -> None:
    """Issue 17: this match stopped at bob 14, cy 1 because only bob could pay the full ante of 2;
    by §0.6 cy pays his last chip and is out, and by §0.5 the match ends with bob holding all."""
    options = {"ante": 2, "start_chips": 5}
    state = play_match(CHLUST, seat_names(CHLUST, 3), make_bots(CHLUST, ["random"], 3, 2), seed=2, options=options)
    end = state.events[-1]
    assert end["chips"] == {"ann": 0, "bob": 15, "cy": 0} and end["standings"] == ["bob", "cy", "ann"]
    undealt = state.events[-2]
    assert undealt == {"event": "deal", "deal": 5, "dealer": "bob", "antes": {"cy": 1, "bob": 2}, "busted": ["cy"],
                       "hands": {}, "upcard": None, "trump": None, "pot": 3}
    assert end["split"] == {"bob": 3}
    check_invariants(state)
    again = replay(write_record(state.events).splitlines(), check_seed=True)
    assert again.events == state.events
    assert "not dealt" in "\n".join(CHLUST.summary_lines(state.events))  # type: ignore[misc]


def test_a_player_left_with_no_chips_after_a_deal_is_out_and_the_deal_skips_him() -> None:
    """Issue 17's one treatment (README): L ends deal 1 with no chips, so he is out at its settlement;
    the deal passes from D straight to R and L is not dealt in again (he would have dealt next)."""
    state = table([({"D": "QS TD KD", "L": "AS KC JD", "R": "AH KH QH"}, "JS")], start_chips=2)
    act(state, "L RAISE", "R CALL", "D FOLD")
    settle = last(state, "settle")
    assert settle["winner"] == "R" and settle["deltas"] == {"L": -2, "R": 3, "D": -1}
    assert not state.match.seated[1] and state.match.bust_deal[1] == 1
    deal = last(state, "deal")
    assert deal["deal"] == 2 and deal["dealer"] == "R" and list(deal["hands"]) == ["D", "R"]
    assert "L" not in deal["antes"]


def test_allow_debt_keeps_negative_balances() -> None:
    for seed in range(40):
        state = random_match(4, seed, start_chips=2, rotations=6, allow_debt=True)
        if min(state.events[-1]["chips"].values()) < 0:
            check_invariants(state)
            return
    raise AssertionError("no seed went into debt")


def test_the_pot_left_at_the_end_is_shared_by_the_seated_players() -> None:
    state = table([({"D": "AH KC JD", "L": "QH AC KD", "R": "JH QC AD"}, "KS")], rotations=1, start_chips=50)
    act(state, "L CALL", "R CALL", "D CALL", "D PLAY:AH", "L PLAY:QH", "R PLAY:JH", "D PLAY:KC", "L PLAY:AC",
        "R PLAY:QC", "L PLAY:KD", "R PLAY:AD", "D PLAY:JD")
    rng = random.Random(1)
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
    end = state.events[-1]
    settle = last(state, "settle")
    assert sum(end["split"].values()) == settle["pot"]
    check_invariants(state)


def test_tampered_records_are_refused_with_the_line() -> None:
    state = play_match(CHLUST, seat_names(CHLUST, 3), make_bots(CHLUST, ["random"], 3, 9), seed=9)
    lines = write_record(state.events).splitlines()
    bet = next(i for i, line in enumerate(lines) if '"event": "bet"' in line)
    bad_amount = lines[bet].replace('"amount": ', '"amount": 9', 1)
    with pytest.raises(RecordError, match=f"line {bet + 1}"):
        replay([*lines[:bet], bad_amount, *lines[bet + 1:]])
    settle = next(i for i, line in enumerate(lines) if '"event": "settle"' in line)
    with pytest.raises(RecordError, match=f"line {settle + 1}: settle pot"):
        replay([*lines[:settle], lines[settle].replace('"pot": ', '"pot": 1', 1), *lines[settle + 1:]])
    deal = next(i for i, line in enumerate(lines) if '"event": "deal"' in line)
    event = json.loads(lines[deal])
    dealt = {card for hand in event["hands"].values() for card in hand}
    unused = [card for card in ("AS", "AH", "AD", "AC", "KS", "KH") if card not in dealt | {event["upcard"]}]
    event["upcard"] = unused[0]
    changed = [*lines[:deal], json.dumps(event), *lines[deal + 1:]]
    with pytest.raises(RecordError, match="seed"):
        replay(changed, check_seed=True)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="ante"):
        random_match(2, 1, ante=0)
    with pytest.raises(InvalidInputError, match="rotations"):
        random_match(2, 1, rotations=0)
