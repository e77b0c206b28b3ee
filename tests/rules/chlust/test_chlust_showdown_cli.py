"""`tourney rules showdown chlust --upcard CARD HAND HAND ... [--json]` (issue 9, CLI)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def run_ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr == ""
    return result.stdout


def test_ch1_in_text_names_the_winner_and_the_deciding_key() -> None:
    out = run_ok("rules", "showdown", "chlust", "--upcard", "KD", "AH KH TC", "KS QS JS")
    assert out.splitlines() == [
        "trump diamonds (upcard KD), wild card TC",
        "hand 1: AH KH TC  three of a suit (hearts), impure, W as QH",
        "hand 2: KS QS JS  three of a suit (spades), pure",
        "winner: hand 2 (KS QS JS), by pure beats impure",
    ]


def test_json_output_and_the_tiebreak_option() -> None:
    data = json.loads(run_ok("rules", "showdown", "chlust", "--upcard", "kd", "ah,kh,10c", "K♠ Q♠ J♠", "--json"))
    assert data["winner"] == 1 and data["decided_by"] == "pure"
    assert data["hands"][0] == {"hand": "AH KH TC", "kind": "three of a suit", "pure": False, "trump": False,
                                "reading": "AH KH QH", "wild_as": "QH", "place": 2}
    flipped = json.loads(run_ok("rules", "showdown", "chlust", "--upcard", "KD", "AH KH TC", "KS QS JS",
                                "--option", "tiebreak_order=trump,cards,pure,elder", "--json"))
    assert flipped["winner"] == 0 and flipped["decided_by"] == "cards"


def test_nobody_has_a_combination() -> None:
    data = json.loads(run_ok("rules", "showdown", "hlust", "-u", "KH", "AS QD JC", "KS TD AC", "QS AD TH", "--json"))
    assert data["winner"] is None
    assert [h["kind"] for h in data["hands"]] == ["none"] * 3
    out = run_ok("rules", "showdown", "chlust", "-u", "KH", "AS QD JC", "KS TD AC")
    assert out.splitlines()[-1] == "no combination: the hand is decided by tricks (§2.9)"


def test_nines_only_with_the_option() -> None:
    data = json.loads(run_ok("rules", "showdown", "chlust", "-u", "9D", "9S 9H 9C", "AS QS JH",
                             "-o", "with_nines=true", "--json"))
    assert data["winner"] == 0 and data["hands"][0]["kind"] == "three of a rank"


@pytest.mark.parametrize(("args", "fragment"), [
    (["-u", "KD", "AH KH", "KS QS JS"], "has 2 cards"),
    (["-u", "KD", "AH KH TC", "KS QS KD"], "'KD' appears twice"),
    (["-u", "KD", "AH KH TC", "KS QS AH"], "'AH' appears twice"),
    (["-u", "KD", "AH KH 9C", "KS QS JS"], "not in the chlust deck"),
    (["-u", "KD", "AH KH XX", "KS QS JS"], "unknown card 'XX'"),
    (["-u", "KD", "AH KH TC", "KS QS JS", "-o", "colour=red"], "no option 'colour'"),
    (["-u", "KD", "AH KH TC", "KS QS JS", "-o", "tiebreak_order=cards"], "tiebreak_order"),
    (["-u", "KD", "AH KH TC"], "2-4 hands"),
    (["-u", "KD", "AH KH QH", "KS QS JS", "AD QD JD", "AC KC QC", "JH TH TD"], "2-4 hands"),
    (["-u", "KD KS", "AH KH QH", "KS QS JS"], "expected one card"),
])
def test_bad_input_is_one_error_line(args: list[str], fragment: str) -> None:
    result = runner.invoke(app, ["rules", "showdown", "chlust", *args])
    assert result.exit_code != 0 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], result.stderr


def test_other_games_have_no_showdown() -> None:
    result = runner.invoke(app, ["rules", "showdown", "polish-poker", "-u", "KD", "AH KH TC", "KS QS JS"])
    assert result.exit_code != 0 and result.stderr.startswith("error: showdown judges Chlust")
