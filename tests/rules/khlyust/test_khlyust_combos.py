"""Хлюст combinations (RULES §3.5, §3.6) and the arbiter's `tourney rules showdown khlyust`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tourney.cli import app
from tourney.rules.khlyust.combos import (
    DECK_32,
    DECK_36,
    NO_KHLYUST,
    PLAIN,
    TRUMP,
    best_listy,
    hand_points,
    is_three_aces,
    khlyust_kind,
    listy_rank,
)
from tourney.rules.tricks import ID_OF_TEXT, SUITS

runner = CliRunner()


def ids(text: str) -> list[int]:
    return [ID_OF_TEXT[t] for t in text.split()]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["rules", "showdown", "khlyust", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_decks_hold_7_to_ace_and_6_to_ace() -> None:
    assert len(DECK_32) == 32 and min(DECK_32) == ID_OF_TEXT["7S"] and max(DECK_32) == ID_OF_TEXT["AC"]
    assert len(DECK_36) == 36 and min(DECK_36) == ID_OF_TEXT["6S"]


def test_listy_is_three_of_a_rank_and_khlyust_three_of_a_suit() -> None:
    assert listy_rank(ids("9S 9H 9D")) == 7 and listy_rank(ids("9S 9H TD")) == -1
    spades = SUITS.index("S")
    assert khlyust_kind(ids("7S 9S JS"), spades) == TRUMP
    assert khlyust_kind(ids("7S 9S JS"), SUITS.index("C")) == PLAIN
    assert khlyust_kind(ids("7S 9S JD"), spades) == NO_KHLYUST
    # A three-card hand cannot be both (§3.5).
    assert khlyust_kind(ids("9S 9H 9D"), spades) == NO_KHLYUST
    assert is_three_aces(ids("AS AH AD")) and not is_three_aces(ids("KS KH KD"))


def test_the_highest_listy_wins_and_points_follow_s10() -> None:
    assert best_listy([ids("9S 9H 9D"), ids("QS QH QC"), ids("7S KH AD")]) == 1
    assert best_listy([ids("7S KH AD"), ids("8S 9H TD")]) == -1
    assert hand_points(ids("AS KS QS")) == 18 and hand_points(ids("JS TS 7S")) == 19


def test_kh1_in_text_the_higher_listy_takes_the_kassa() -> None:
    code, out, err = run("--upcard", "8C", "9S 9H 9D", "QS QH QC", "7S KH AD")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "trump C (upcard 8C); 32 cards (§3.5)",
        "hand 1: 9S 9H 9D  Листы of nines",
        "hand 2: QS QH QC  Листы of queens",
        "hand 3: 7S KH AD  no combination",
        "winner: hand 2 (QS QH QC) takes the kassa before play: the highest Листы (Листы of queens) takes the "
        "whole kassa (§3.6)",
    ]


def test_json_names_listy_and_khlyust_plain_or_trump() -> None:
    code, out, _ = run("--upcard", "7h", "8H,9H,TH", "Q♠ K♠ A♠", "7S 8D 9C", "--json")
    assert code == 0
    assert json.loads(out) == {"winner": None, "hands": [
        {"hand": "8H 9H TH", "listy": False, "khlyust": "trump"},
        {"hand": "QS KS AS", "listy": False, "khlyust": "plain"},
        {"hand": "7S 8D 9C", "listy": False, "khlyust": None}]}
    code, out, _ = run("--upcard", "7H", "7S 8D 9C", "8H 9H TH", "QS KS AS", "--json",
                       "--option", "instant_khlyust=true")
    assert json.loads(out)["winner"] == 1  # the first Хлюст in seat order is declared first


def test_two_hands_are_the_duel_with_no_combinations() -> None:
    code, out, _ = run("--upcard", "6H", "AS AH AD", "6S 6D 6C", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["winner"] is None and [h["listy"] for h in data["hands"]] == [False, False]
    code, out, _ = run("--upcard", "6H", "AS AH AD", "6S 6D 6C", "--json", "--option", "three_aces=true")
    assert json.loads(out)["winner"] == 0
    code, out, _ = run("--upcard", "6H", "KS KH KD", "6S 6D 6C")
    assert out.splitlines()[-1] == "nobody takes the kassa before play: the duel is decided by tricks (§3.11)"


@pytest.mark.parametrize(("args", "message"), [
    (("--upcard", "8C", "9S 9H", "QS QH QC", "7S KH AD"), "has 2 cards"),
    (("--upcard", "8C", "9S 9H 9D", "9S QH QC", "7S KH AD"), "appears twice"),
    (("--upcard", "9S", "9S 9H 9D", "QS QH QC"), "appears twice"),
    (("--upcard", "6C", "9S 9H 9D", "QS QH QC", "7S KH AD"), "not in the khlyust deck"),
    (("--upcard", "8C", "9S 9H 9D"), "2-4 hands"),
    (("--upcard", "8C", "9S 9H 9D", "QS QH QC", "--option", "nope=1"), "no option"),
])
def test_bad_input_is_one_error_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and message in err
