"""`tourney rules check` and `tourney rules declarations` (README 'For arbiters', issue 2 item 5)."""

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


def assert_one_line_error(args: list[str], *fragments: str) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


# --- rules check --------------------------------------------------------------------------------------

def test_readme_check_human() -> None:
    out = run_ok("rules", "check", "full house, kings over nines", "--cards", "KS KH KD 9C TH JK")
    assert out == "FULL:K/9 EXISTS: 1 card missing, filled by the joker\n"


def test_readme_check_json_exact() -> None:
    out = run_ok("rules", "check", "FULL:9/K", "--cards", "KS KH KD 9C TH JK", "--json")
    assert out == '{"declaration": "FULL:9/K", "exists": false, "deficit": 2}\n'


@pytest.mark.parametrize(
    ("declaration", "cards", "expected"),
    [
        ("STRAIGHT:SMALL", "9S JK KD TH QC", {"declaration": "STRAIGHT:SMALL", "exists": True, "deficit": 1}),
        ("STRAIGHT:BIG", "9S JK KD TH QC", {"declaration": "STRAIGHT:BIG", "exists": False, "deficit": 2}),
        ("Flush Hearts", "AH 9H JK JH KH QS", {"declaration": "FLUSH:H", "exists": True, "deficit": 1}),
        ("high card ace", "9s, ts, joker", {"declaration": "HIGH:A", "exists": True, "deficit": 1}),
        ("TWOPAIR:9/Q", "Q♠ Q♥ 10♣ JK", {"declaration": "TWOPAIR:Q/9", "exists": False, "deficit": 2}),
        ("TRIPS:K", "KS KH KD 9C TH JK", {"declaration": "TRIPS:K", "exists": True, "deficit": 0}),
        ("Five Aces", "AS AH AD AC", {"declaration": "FIVE:A", "exists": False, "deficit": 1}),
        ("Five Aces", "AS AH AD AC JK", {"declaration": "FIVE:A", "exists": True, "deficit": 1}),
    ],
)
def test_check_json(declaration: str, cards: str, expected: dict[str, object]) -> None:
    out = run_ok("rules", "check", declaration, "--cards", cards, "--json")
    data = json.loads(out)
    assert data == expected
    assert list(data) == ["declaration", "exists", "deficit"]
    assert out.count("\n") == 1


def test_check_human_forms() -> None:
    assert run_ok("rules", "check", "PAIR:J", "--cards", "JS JH") == "PAIR:J EXISTS\n"
    out = run_ok("rules", "check", "PAIR:J", "-c", "JS")
    assert out.startswith("PAIR:J does NOT exist") and "1 card missing" in out
    out = run_ok("rules", "check", "FULL:9/K", "--cards", "KS KH KD 9C TH JK")
    assert out.startswith("FULL:9/K does NOT exist") and "2 cards missing" in out


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["rules", "check", "pair of bananas", "--cards", "AS"], ["bananas"]),
        (["rules", "check", "FOO:J", "--cards", "AS"], ["FOO:J"]),
        (["rules", "check", "FULL:9/9", "--cards", "AS"], ["FULL:9/9"]),
        (["rules", "check", "TWOPAIR:9/9", "--cards", "AS"], ["TWOPAIR:9/9"]),
        (["rules", "check", "PAIR:J", "--cards", "AS KD as"], ["AS", "twice"]),
        (["rules", "check", "PAIR:J", "--cards", "AS 2C"], ["2C"]),
        (["rules", "check", "PAIR:J", "--cards", "AS ZZ"], ["ZZ"]),
        (["rules", "check", "", "--cards", "AS"], []),
        (["rules", "check", "PAIR:J", "--cards", ""], []),
        (["rules", "check", "PAIR:J", "--cards", " , "], []),
        (["rules", "check", "FULL:9/9", "--cards", "AS", "--json"], ["FULL:9/9"]),
        (["rules", "declarations", "--suit-order", "alphabetical"], ["alphabetical"]),
    ],
)
def test_bad_inputs_one_line_on_stderr(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(args, *fragments)


# --- rules declarations ----------------------------------------------------------------------------------

def test_declarations_json() -> None:
    data = json.loads(run_ok("rules", "declarations", "--json"))
    assert len(data) == 89
    assert all(list(row) == ["declaration", "level"] for row in data)
    levels = [row["level"] for row in data]
    assert levels == sorted(levels)
    assert set(levels) == set(range(80))
    names = [row["declaration"] for row in data]
    assert len(set(names)) == 89
    assert names[:3] == ["HIGH:9", "HIGH:T", "HIGH:J"] and names[-1] == "FIVE:A"
    by_name = {row["declaration"]: row["level"] for row in data}
    assert by_name["STRAIGHT:SMALL"] == 27 and by_name["FULL:9/T"] == 35 and by_name["FLUSH:C"] == 65
    assert by_name["QUADS:9"] == 66 and by_name["SFLUSH:D"] == 72 and by_name["ROYAL:S"] == 73
    assert by_name["TWOPAIR:A/K"] == 26 and by_name["FIVE:9"] == 74


def test_declarations_ranked_json() -> None:
    data = json.loads(run_ok("rules", "declarations", "--json", "--suit-order", "ranked"))
    assert [row["level"] for row in data] == list(range(89))
    names = [row["declaration"] for row in data]
    assert names[65:69] == ["FLUSH:C", "FLUSH:D", "FLUSH:H", "FLUSH:S"]


def test_declarations_human() -> None:
    lines = run_ok("rules", "declarations").splitlines()
    assert len(lines) == 89
    assert lines[0].split()[:2] == ["0", "HIGH:9"]
    assert lines[-1].split()[:2] == ["79", "FIVE:A"]


def test_help_lists_the_commands() -> None:
    out = run_ok("--help")
    for command in ("rules", "play", "replay", "demo"):
        assert command in out
