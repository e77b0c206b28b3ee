"""Hypothesis invariants over whole random games (RULES §1.3-§1.11, Appendix A.1)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import replay, write_record
from tourney.errors import IllegalActionError, InvalidActionError
from tourney.rules.cards import POLISH_POKER_DECK, parse_cards
from tourney.rules.polish_poker import (
    CALL,
    PolishPokerOptions,
    PolishPokerState,
    exists,
    mask_of_cards,
    parse_declaration,
)

PP = "polish-poker"

CAP = {2: 5, 3: 5, 4: 5, 5: 4, 6: 3}  # RULES §1.3
DECK = {str(c) for c in POLISH_POKER_DECK.cards}


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, PolishPokerOptions, list[str]]:
    n = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    options = PolishPokerOptions(
        start_cards=draw(st.integers(1, CAP[n])),
        suit_order=draw(st.sampled_from(["equal", "ranked"])),
        next_starter=draw(st.sampled_from(["rotate", "loser", "caller"])),
        until=draw(st.integers(1, n - 1)),
    )
    bots = draw(st.lists(st.sampled_from(["random", "random:0.1", "random:0.5", "random:0.9", "random:1"]),
                         min_size=1, max_size=n))
    return n, seed, options, bots


def check_record(events: list[dict[str, Any]], n: int, options: PolishPokerOptions) -> None:
    """Walk the record and check every rule that can be checked from it alone."""
    players = seat_names(PP, n)
    assert events[0]["event"] == "game" and events[0]["players"] == players
    assert events[0]["options"] == options.to_dict()
    counts = dict.fromkeys(players, options.start_cards)
    alive = list(players)
    eliminated: list[str] = []
    starter_seat = -1
    rounds = 0
    deal: dict[str, Any] = {}
    declarations: list[tuple[str, str]] = []
    last_resolve: dict[str, Any] = {}
    for event in events[1:]:
        kind = event["event"]
        if kind == "deal":
            rounds += 1
            assert event["round"] == rounds
            cap = CAP[len(alive)]
            assert event["cap"] == cap  # recomputed from the players still in
            assert set(event["hands"]) == set(alive)
            cards = [c for hand in event["hands"].values() for c in hand] + [event["community"]]
            assert len(cards) == len(set(cards)), "a card dealt twice"
            assert set(cards) <= DECK
            for name, hand in event["hands"].items():
                assert len(hand) == counts[name] <= cap
            seat = players.index(event["starter"])
            assert event["starter"] in alive
            if starter_seat >= 0 and options.next_starter == "rotate":
                expected = next(players[(starter_seat + k) % n] for k in range(1, n + 1)
                                if players[(starter_seat + k) % n] in alive)
                assert event["starter"] == expected
            if starter_seat >= 0 and options.next_starter == "loser":
                loser_seat = players.index(last_resolve["loser"])
                expected = next(players[(loser_seat + k) % n] for k in range(n + 1)
                                if players[(loser_seat + k) % n] in alive)
                assert event["starter"] == expected
            if starter_seat >= 0 and options.next_starter == "caller" and last_resolve["loser"] != last_resolve[
                    "caller"]:
                assert event["starter"] == last_resolve["caller"]
            starter_seat = seat
            deal = event
            declarations = []
        elif kind == "declare":
            assert event["round"] == rounds
            expected_player = event["player"]
            if not declarations:
                assert expected_player == deal["starter"]
            else:
                previous = players.index(declarations[-1][0])
                nxt = next(players[(previous + k) % n] for k in range(1, n) if players[(previous + k) % n] in alive)
                assert expected_player == nxt
            declarations.append((event["player"], event["declaration"]))
        elif kind == "call":
            previous = players.index(declarations[-1][0])
            nxt = next(players[(previous + k) % n] for k in range(1, n) if players[(previous + k) % n] in alive)
            assert event["player"] == nxt
            assert event["auto"] is (declarations[-1][1] == "FIVE:A")
        elif kind == "resolve":
            declarer, declared = declarations[-1]
            assert (event["declarer"], event["declaration"]) == (declarer, declared)
            cards = [c for hand in deal["hands"].values() for c in hand] + [deal["community"]]
            truth = exists(parse_declaration(declared), mask_of_cards(parse_cards(" ".join(cards))))
            assert event["exists"] is truth
            assert event["loser"] == (event["caller"] if truth else declarer)
            loser = event["loser"]
            if counts[loser] < deal["cap"]:
                counts[loser] += 1
                assert event["cards"] == counts[loser]
            else:
                assert "cards" not in event
            last_resolve = event
        elif kind == "eliminate":
            assert event["player"] == last_resolve["loser"]
            assert counts[event["player"]] == deal["cap"]
            assert event["place"] == len(alive)
            alive.remove(event["player"])
            eliminated.append(event["player"])
        else:
            assert kind == "end"
            assert event is events[-1]
            assert event["rounds"] == rounds
            assert len(alive) == options.until
            assert event["advancing"] == alive  # seat order
            assert event["standings"] == alive + eliminated[::-1]
            assert sorted(event["standings"]) == sorted(players)
    assert events[-1]["event"] == "end"
    # every lost round costs a card or a seat: rounds are bounded
    assert rounds <= n * 6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_follow_the_rules_and_replay(game: tuple[int, int, PolishPokerOptions, list[str]]) -> None:
    n, seed, options, specs = game
    names = seat_names(PP, n)
    state = play_match(PP, names, make_bots(PP, specs, n, seed), seed=seed,
                       options=options.to_dict() if options else None)
    assert state.terminal
    events = state.events
    check_record(events, n, options)
    assert state.standings == events[-1]["standings"]
    assert len(state.advancing) == options.until
    if options.until == 1:
        assert len(state.advancing) == 1 and state.standings[0] == state.advancing[0]
    assert sorted(state.standings) == sorted(names)
    assert [s for s in range(n) if state.alive[s]] == [names.index(p) for p in state.advancing]
    # the record replays to the same events and standings
    text = write_record(events)
    replayed = replay(text.splitlines())
    assert replayed.events == events
    assert replayed.standings == state.standings
    # the same seed plays the same game
    again = play_match(PP, names, make_bots(PP, specs, n, seed), seed=seed,
                       options=options.to_dict() if options else None)
    assert again.events == events


def _snapshot(state: PolishPokerState) -> tuple[Any, ...]:
    return (state.round, state.to_act, state.last, state.last_seat, state.used, state.round_declarations,
            list(state.counts), list(state.alive), state.terminal, len(state.history), len(state.events),
            state.hands, state.community)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(0, 2**32), st.sampled_from(["equal", "ranked"]))
def test_every_illegal_action_is_rejected_and_changes_nothing(n: int, seed: int, suit_order: str) -> None:
    options = PolishPokerOptions(suit_order=suit_order)
    state = PolishPokerState.new(seat_names(PP, n), random.Random(seed), options=options)
    rng = random.Random(seed + 1)
    decisions = 0
    while not state.terminal:
        legal = set(state.legal_actions())
        assert legal, "a running game always has a legal action"
        assert CALL in legal or state.last < 0
        before = _snapshot(state)
        illegal = [a for a in range(90) if a not in legal]
        # all of them early on, a sample later (to keep the run short)
        for action in illegal if decisions < 25 else rng.sample(illegal, min(8, len(illegal))):
            assert not state.is_legal(action)
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert _snapshot(state) == before
        for action in (-1, 90, 91, 10**6):
            with pytest.raises(InvalidActionError):
                state.apply(action)
            assert _snapshot(state) == before
        for action in legal:
            assert state.is_legal(action)
        choice = CALL if CALL in legal and rng.random() < 0.35 else rng.choice(sorted(legal))
        state.apply(choice)
        decisions += 1
    for action in range(-1, 91):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            state.apply(action)
    assert state.legal_actions() == []
