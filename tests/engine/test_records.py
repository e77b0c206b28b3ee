"""Game records and replay (RULES Appendix A.1): valid records replay, every tampering is named."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import read_record, replay, write_record
from tourney.errors import RecordError
from tourney.rules.polish_poker import CANONICAL, PolishPokerOptions, PolishPokerState, parse_declaration

PP = "polish-poker"

Events = list[dict[str, Any]]


def game_events(seed: int = 2026, n: int = 4, options: PolishPokerOptions | None = None) -> Events:
    return play_match(PP, seat_names(PP, n), make_bots(PP, ["random"], n, seed), seed=seed,
                      options=options.to_dict() if options else None).events


EVENTS = game_events()
LINES = write_record(EVENTS).splitlines()


def lines_of(events: Events) -> list[str]:
    return [json.dumps(e) for e in events]


def index_of(events: Events, predicate: Callable[[dict[str, Any]], bool], start: int = 0) -> int:
    return next(i for i, e in enumerate(events) if i >= start and predicate(e))


def assert_record_error(lines: list[str], line: int, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(lines)
    message = str(info.value)
    assert message.startswith(f"line {line}: "), message
    assert info.value.line == line
    for fragment in fragments:
        assert fragment in message, message
    assert "\n" not in message
    return message


def tampered(mutate: Callable[[Events], int]) -> tuple[list[str], int]:
    """Apply `mutate` to a copy of the events; it returns the 0-based index of the bad event."""
    events = json.loads(json.dumps(EVENTS))
    bad = mutate(events)
    return lines_of(events), bad + 1


# --- valid records -----------------------------------------------------------------------------------

def test_write_record_is_json_lines() -> None:
    text = write_record(EVENTS)
    assert text.endswith("\n") and text.count("\n") == len(EVENTS)
    assert [json.loads(line) for line in text.splitlines()] == EVENTS


def test_replay_reproduces_every_event() -> None:
    state = replay(LINES)
    assert state.events == EVENTS
    assert state.standings == EVENTS[-1]["standings"]
    assert state.terminal


def test_blank_lines_are_skipped() -> None:
    with_blanks = [LINES[0], "", *LINES[1:5], "   ", *LINES[5:]]
    assert replay(with_blanks).events == EVENTS


@pytest.mark.parametrize(
    "options",
    [PolishPokerOptions(start_cards=3, suit_order="ranked"), PolishPokerOptions(next_starter="loser", until=2),
     PolishPokerOptions(next_starter="caller", until=3)],
)
def test_replay_with_options(options: PolishPokerOptions) -> None:
    events = game_events(seed=99, n=6 if options.start_cards == 1 else 4, options=options)
    assert replay(write_record(events).splitlines()).events == events


def test_read_record_line_numbers() -> None:
    parsed = read_record(["", LINES[0], "", LINES[1]])
    assert [n for n, _ in parsed] == [2, 4]


# --- tampering -----------------------------------------------------------------------------------------

def _resolve(e: dict[str, Any]) -> bool:
    return e["event"] == "resolve"


def test_changed_loser() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, _resolve)
        e = events[i]
        e["loser"] = e["caller"] if e["loser"] == e["declarer"] else e["declarer"]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "loser", "§1.8")


def test_changed_exists_flag() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, _resolve)
        events[i]["exists"] = not events[i]["exists"]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "exists", "§1.8")


def test_changed_card_count_in_resolve() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: _resolve(e) and "cards" in e)
        events[i]["cards"] += 1
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "cards", "§1.3")


def test_extra_card_in_a_hand() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal")
        deal = events[i]
        used = {c for hand in deal["hands"].values() for c in hand} | {deal["community"]}
        spare = next(c for c in ("9S", "9H", "9D", "9C", "TS", "TH") if c not in used)
        deal["hands"][events[0]["players"][0]].append(spare)
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "§1.3")


def test_missing_card_in_a_hand() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and any(len(h) > 1 for h in e["hands"].values()))
        hand = next(h for h in events[i]["hands"].values() if len(h) > 1)
        hand.pop()
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "§1.3")


def test_changed_starter() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and e["round"] == 2)
        players = events[0]["players"]
        events[i]["starter"] = next(p for p in players if p != events[i]["starter"])
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "starter", "§1.10")


def test_changed_cap() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and e["round"] == 3)
        events[i]["cap"] = 4
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "cap", "§1.3")


def test_duplicated_card() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and e["round"] == 2)
        players = events[0]["players"]
        events[i]["hands"][players[-1]][0] = events[i]["community"]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "twice", "§1.1")


def test_duplicated_card_across_hands() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and e["round"] == 4)
        hands = list(events[i]["hands"].values())
        hands[1][0] = hands[0][0]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, repr(EVENTS[index_of(EVENTS, lambda e: e.get("round") == 4)]
                                          ["hands"][EVENTS[0]["players"][0]][0]), "twice")


@pytest.mark.parametrize("card", ["2C", "8H"])
def test_card_not_in_the_deck(card: str) -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal" and e["round"] == 2)
        events[i]["community"] = card
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, card, "§1.1")


def test_unparseable_card() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "deal")
        events[i]["community"] = "ZZ"
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "'ZZ'")


def test_swapped_declarations_make_an_illegal_raise() -> None:
    def mutate(events: Events) -> int:
        for i in range(len(events) - 1):
            a, b = events[i], events[i + 1]
            if a["event"] == b["event"] == "declare":
                levels = [parse_declaration(a["declaration"]), parse_declaration(b["declaration"])]
                if levels[0] != levels[1]:
                    a["declaration"], b["declaration"] = b["declaration"], a["declaration"]
                    return i + 1
        raise AssertionError("no two declarations in a row")
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "does not beat", "§1.7")


def test_out_of_turn_player() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "declare", start=10)
        players = events[0]["players"]
        events[i]["player"] = players[(players.index(events[i]["player"]) + 1) % len(players)]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "out of turn", "§1.5")


def test_out_of_turn_caller() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "call" and not e["auto"])
        players = events[0]["players"]
        events[i]["player"] = players[(players.index(events[i]["player"]) + 1) % len(players)]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "§1.5")


def test_auto_call_flag() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "call" and e["auto"])
        events[i]["auto"] = False
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "auto", "§1.9")


def test_claimed_auto_call_without_five_aces() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "call" and not e["auto"])
        events[i]["auto"] = True
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "§1.9")


def test_changed_declaration_in_resolve() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, _resolve)
        events[i]["declaration"] = "FIVE:A" if events[i]["declaration"] != "FIVE:A" else "HIGH:9"
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "declaration", "§1.5")


def test_non_canonical_declaration_text() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "declare")
        events[i]["declaration"] = events[i]["declaration"].lower()
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "declaration")


def test_unknown_declaration() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "declare")
        events[i]["declaration"] = "FULL:9/9"
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "FULL:9/9")


def test_changed_elimination_place() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, lambda e: e["event"] == "eliminate")
        events[i]["place"] += 1
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "place", "§1.11")


def test_changed_standings() -> None:
    def mutate(events: Events) -> int:
        events[-1]["standings"] = events[-1]["standings"][::-1]
        return len(events) - 1
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "standings", "§1.11")


def test_dropped_resolve_line() -> None:
    def mutate(events: Events) -> int:
        i = index_of(events, _resolve)
        del events[i]
        return i
    lines, line = tampered(mutate)
    assert_record_error(lines, line, "'resolve'")


def test_dropped_last_line() -> None:
    assert_record_error(LINES[:-1], len(LINES), "ends before the game does", "§1.11")


def test_dropped_tail() -> None:
    cut = index_of(EVENTS, lambda e: e["event"] == "deal" and e["round"] == 5)
    assert_record_error(LINES[:cut], cut + 1, "ends before the game does")


def test_line_after_the_end() -> None:
    extra = json.dumps({"event": "declare", "round": EVENTS[-1]["rounds"], "player": EVENTS[0]["players"][0],
                        "declaration": "PAIR:9"})
    assert_record_error([*LINES, extra], len(LINES) + 1, "after the end", "§1.11")


def test_end_line_repeated() -> None:
    assert_record_error([*LINES, LINES[-1]], len(LINES) + 1, "§1.11")


def test_invalid_json() -> None:
    lines = list(LINES)
    lines[6] = lines[6][:-3]
    assert_record_error(lines, 7, "JSON")


def test_not_an_object() -> None:
    lines = list(LINES)
    lines[2] = "[1, 2]"
    assert_record_error(lines, 3, "'event'")


@pytest.mark.parametrize("lines", [[], [""], ["   ", ""]])
def test_empty_record(lines: list[str]) -> None:
    assert_record_error(lines, 1, "empty")


def test_header_only() -> None:
    assert_record_error(LINES[:1], 2, "deal")


def test_first_line_must_be_the_game() -> None:
    assert_record_error(LINES[1:], 1, "'game'")


@pytest.mark.parametrize(
    ("key", "value"),
    [("game", "chlust"), ("players", "ann"), ("options", {"colour": "red"}), ("options", {"start_cards": 9}),
     ("players", ["ann", "ann", "cy", "dee"])],
)
def test_bad_header(key: str, value: Any) -> None:
    header = dict(EVENTS[0])
    header[key] = value
    assert_record_error([json.dumps(header), *LINES[1:]], 1)


def test_changed_header_option_breaks_a_later_line() -> None:
    header = json.loads(LINES[0])
    header["options"]["next_starter"] = "loser"
    # the first deal whose starter is not the previous round's loser (no one is out yet there)
    loser = ""
    expected = 0
    for i, e in enumerate(EVENTS):
        if e["event"] == "eliminate":
            break
        if e["event"] == "resolve":
            loser = e["loser"]
        if e["event"] == "deal" and loser and e["starter"] != loser:
            expected = i + 1
            break
    assert expected
    assert_record_error([json.dumps(header), *LINES[1:]], expected, "starter", "§1.10")


def test_changed_card_flips_the_verdict(pp: Any) -> None:
    # PAIR:A exists only through the community card AD; replace it and the claim is false
    script = ({"A": "AS 9D TC KH QS", "B": "9S 9H JC JD QH"}, "AD")
    state = PolishPokerState(["A", "B"], pp.ScriptedDealer([script]), first_starter=0,
                             options=PolishPokerOptions(start_cards=5))
    for text in ("PAIR:A", "CALL"):
        state.apply_text(text)
    assert state.terminal
    events = state.events
    assert replay(lines_of(events)).events == events
    assert events[4]["event"] == "resolve" and events[4]["exists"] is True
    events[1]["community"] = "QD"
    assert_record_error(lines_of(events), 5, "exists", "§1.8")


def test_replayed_state_matches_scripted_play(pp: Any) -> None:
    state = PolishPokerState(["x", "y", "z"], pp.ScriptedDealer([]), first_starter=1, seed=None,
                             options=PolishPokerOptions(start_cards=4))
    for target in (0, 0, 1, 1):
        pp.lose_round(state, target)
    assert state.terminal
    events = state.events
    replayed = replay(write_record(events).splitlines())
    assert replayed.events == events
    assert replayed.standings == ["z", "y", "x"]
    assert [CANONICAL[d] for _, d in replayed.history[0].declarations] == ["HIGH:9", "HIGH:T", "PAIR:9"]
