"""Issue 11, item 2: numbers are read strictly. Only ASCII digits, seeds within 0..2^63-1, a finite
and bounded TOURNEY_LOCK_WAIT, `plan --players` bounded: one `error:` line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from tourney_db_support import assert_one_error_line, db_url, dump, ok, runner, tourney  # noqa: F401

from tourney.cli import app
from tourney.cli._numbers import MAX_SEED, check_seed, whole_number
from tourney.errors import InvalidInputError

TOO_BIG = str(2**63)


@pytest.mark.parametrize("text", ["²", "٣", "３", "-1", "+1", "1_0", "1e3", "", " ", "0x10", "1.0"])
def test_whole_number_takes_ascii_digits_only(text: str) -> None:
    with pytest.raises(InvalidInputError, match="table"):
        whole_number(text, what="table")


def test_whole_number_bounds_and_signs() -> None:
    assert whole_number(" 42 ", what="n") == 42
    assert whole_number("-3", what="n", low=-5) == -3
    with pytest.raises(InvalidInputError, match=r"n must be from 1 to 10, got 11"):
        whole_number("11", what="n", low=1, high=10)
    with pytest.raises(InvalidInputError, match="out of range"):
        whole_number("9" * 5000, what="n")  # never parsed: Python refuses int() of > 4300 digits
    assert check_seed(MAX_SEED) == MAX_SEED
    with pytest.raises(InvalidInputError, match="seed"):
        check_seed(MAX_SEED + 1)


@pytest.mark.parametrize("seed", [TOO_BIG, "²", "-1", "1" * 40])
def test_seeds_of_new_and_seat_are_bounded(db_url: str, seed: str) -> None:  # noqa: F811
    assert_one_error_line(tourney(db_url, "new", "Friday", "--game", "polish-poker", "--seed", seed), "seed")
    ok(db_url, "new", "Friday", "--game", "polish-poker", "--seed", str(MAX_SEED))
    ok(db_url, "player", "add", "Ann", "Bob", "Cy")
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "seat", "--seed", seed), "seed")
    assert dump(db_url) == before
    ok(db_url, "seat", "--seed", str(MAX_SEED))


@pytest.mark.parametrize("args", [
    ["play", "polish-poker", "--seed", TOO_BIG],
    ["play", "polish-poker", "-s", "²"],
    ["demo", "--seed", TOO_BIG],
    ["demo", "--players", "٣"],
    ["plan", "--players", "100001"],  # one more than the bound: before it, 10^9 took 13 GB
    ["plan", "--players", "1" + "0" * 30],
    ["plan", "--players", "²"],
    ["plan", "--players", "20", "--table-size", "99999999999999999999"],
])
def test_other_numbers_are_one_error_line(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert_one_error_line(runner.invoke(app, args))
    assert not list(tmp_path.iterdir())  # the demo wrote nothing


def test_the_largest_plan_still_plans() -> None:
    result = runner.invoke(app, ["plan", "--players", "100000", "--json"])
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("wait", ["inf", "nan", "1e9", "-1", "0", "601", "²", "abc", "1e400"])
def test_lock_wait_is_finite_and_bounded(db_url: str, wait: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker")
    before = dump(db_url)
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", wait)
    assert_one_error_line(tourney(db_url, "player", "add", "Ann"), "TOURNEY_LOCK_WAIT")
    assert_one_error_line(tourney(db_url, "tables"), "TOURNEY_LOCK_WAIT")
    assert dump(db_url) == before


def test_a_sensible_lock_wait_is_taken(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", " 2.5 ")
    ok(db_url, "new", "Friday", "--game", "polish-poker")


@pytest.mark.parametrize("ref", ["²", TOO_BIG + "0", "٣"])
def test_tournament_refs_are_ascii_ids_or_names(db_url: str, ref: str) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker")
    assert_one_error_line(tourney(db_url, "tables", tournament=ref), "no tournament")
