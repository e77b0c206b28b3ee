"""Issue 16 (second trial) through the CLI: quick entry reads both a seat and a name as ambiguous
(item 4), a refused `tourney new` leaves the database file as it was (item 5), and arguments that
are not UTF-8 are one error line (item 6)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()
SEAT_LIKE = ["S1", "S2", "S3", "S4"]


def first_table(url: str) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = json.loads(ok(url, "tables", "1", "--json").stdout)["players"]
    return players


# ------------------------------------------------------------------ item 4
def test_an_entry_that_is_both_a_seat_and_a_name_is_ambiguous(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker", "--seed", "5")
    ok(db_url, "player", "add", *SEAT_LIKE)
    ok(db_url, "seat")
    seated = {p["seat"]: p["name"] for p in first_table(db_url)}
    assert sorted(seated.values()) == SEAT_LIKE
    before = dump(db_url)
    ambiguous = [seat for seat, name in seated.items() if name != f"S{seat}"]
    assert ambiguous, "the draw put every S<n> at seat n; choose another seed"
    for seat in ambiguous:
        named_seat = next(s for s, name in seated.items() if name == f"S{seat}")
        for typed in (f"s{seat}", f"S{seat}", f" s{seat} "):
            assert_one_error_line(tourney(db_url, "result", "1", typed), "ambiguous",
                                  f"seat {seat} ({seated[seat]})", f"S{seat} (seat {named_seat})")
    assert dump(db_url) == before
    # Where seat n holds the player named S<n>, both readings are the same player.
    for seat in set(seated) - set(ambiguous):
        ok(db_url, "result", "1", f"s{seat}")
        assert {p["name"]: p["cards"] for p in first_table(db_url)}[f"S{seat}"] == 2


# ------------------------------------------------------------------ item 5
REFUSED_NAMES = ["Bad\x1bName", "x" * 5000, "", "   ", "2026"]


@pytest.mark.parametrize("name", REFUSED_NAMES, ids=["escape", "5000-characters", "empty", "spaces", "digits"])
def test_a_refused_name_creates_no_database(tmp_path: Path, name: str) -> None:
    file = tmp_path / "new.db"
    result = runner.invoke(app, ["new", name, "--game", "pp", "--db", f"sqlite:///{file}"])
    assert_one_error_line(result)
    assert sorted(os.listdir(tmp_path)) == []


@pytest.mark.parametrize("name", REFUSED_NAMES, ids=["escape", "5000-characters", "empty", "spaces", "digits"])
def test_a_refused_name_leaves_an_existing_database_byte_identical(tmp_path: Path, name: str) -> None:
    file = tmp_path / "friday.db"
    url = f"sqlite:///{file}"
    ok(url, "new", "Friday", "--game", "pp", "--seed", "5")
    ok(url, "player", "add", "Ann", "Bob")
    files_before = sorted(os.listdir(tmp_path))
    before = file.read_bytes()
    assert_one_error_line(tourney(url, "new", name, "--game", "pp"))
    assert file.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == files_before


# ------------------------------------------------------------------ item 6
LATIN2_KAMINSKI = b"Kami\xb6ski".decode("utf-8", "surrogateescape")  # "Kamiński" typed on a Latin-2 terminal


@pytest.mark.parametrize("args", [
    ["player", "add", "{}"], ["player", "add", "Zed", "--club", "{}"], ["player", "show", "{}"],
    ["player", "drop", "{}"], ["player", "rename", "Ann", "{}"], ["result", "1", "{}"],
    ["finish", "1", "{}", "Ann"], ["chips", "1", "{}=3"], ["new", "{}", "--game", "pp"], ["use", "{}"],
    ["standings", "--tournament", "{}"], ["correct", "1", "--name", "{}"],
], ids=lambda args: "-".join(a for a in args if a != "{}"))
def test_arguments_that_are_not_utf8_are_one_error_line(db_url: str, args: list[str]) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "pp", "--seed", "5")
    ok(db_url, "player", "add", "Ann", "Bob", "Cy")
    ok(db_url, "seat")
    before = dump(db_url)
    line = assert_one_error_line(tourney(db_url, *[a.replace("{}", LATIN2_KAMINSKI) for a in args]),
                                 "not UTF-8", "terminal")
    assert "\\xb6" in line  # the undecodable byte is shown, escaped
    assert dump(db_url) == before


# ------------------------------------------------------------------ item 15 (rules check)
def test_rules_check_does_not_echo_a_huge_declaration() -> None:
    result = runner.invoke(app, ["rules", "check", "X" * 80_000, "--cards", "AS KS"])
    line = assert_one_error_line(result, "80000 characters")
    assert len(line) < 200
    spoken = runner.invoke(app, ["rules", "check", "full house, 9s over 10s", "--cards", "9S 9H 9D TS TH"])
    assert spoken.stdout.strip() == "FULL:9/T EXISTS"


def test_a_file_name_in_another_encoding_is_printed_back_as_given(tmp_path: Path) -> None:
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'friday.db'}"
    ok(url, "new", "Friday", "--game", "pp", "--seed", "5")
    sheet = os.fsencode(tmp_path) + b"/Kami\xb6ski.html"
    # PYTHONIOENCODING: standard output strict UTF-8, as under a UTF-8 locale such as pl_PL.UTF-8.
    done = subprocess.run([sys.executable, "-m", "tourney", "print", "standings", "-o", sheet, "--db", url],
                          capture_output=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0, done.stderr
    assert done.stdout == sheet + b"\n"
    assert os.path.exists(sheet)
