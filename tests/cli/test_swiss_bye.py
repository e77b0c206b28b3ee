"""The bye on paper and on screen (issue 33 item 5): the player with the bye of the round being
played is named by `player list` (and its JSON), the seating sheet and its find-your-seat list, and
the provisional standings say that bye is counted already."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def ok(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def nine_player_swiss(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    ok(url, "new", "Float", "--game", "khlyust", "--format", "swiss", "--seeding", "list", "--seed", "1")
    ok(url, "player", "add", *[f"P{i}" for i in range(1, 10)])
    ok(url, "seat")
    return url


def test_the_player_with_the_bye_is_named_everywhere_the_round_is_read(tmp_path: Path) -> None:
    url = nine_player_swiss(tmp_path)
    assert re.search(r"^P9\s+bye in round 1$", ok(url, "player", "list"), re.MULTILINE)
    listed = {row["name"]: row for row in json.loads(ok(url, "player", "list", "--json"))}
    assert listed["P9"]["bye"] == 1 and listed["P9"]["status"] == "waiting"
    assert "bye" not in listed["P1"]  # only the player with the bye carries it
    sheet = tmp_path / "seating.html"
    ok(url, "print", "seating", "-o", str(sheet))
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", sheet.read_text(encoding="utf-8"),
                                                                flags=re.S))).split())
    assert "Bye: P9" in text and "P9 bye" in text.split("Find your seat", 1)[1]
    standings = ok(url, "standings")
    assert "The bye of the round being played is counted already: P9." in standings.splitlines()[1]


def test_in_polish_the_bye_is_wolny_los(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = nine_player_swiss(tmp_path)
    monkeypatch.setenv("TOURNEY_LANG", "pl")
    assert re.search(r"^P9\s+wolny los w rundzie 1$", ok(url, "player", "list"), re.MULTILINE)
    assert "Wolny los rozgrywanej rundy jest już policzony: P9." in ok(url, "standings")


def test_the_next_round_names_its_own_bye(tmp_path: Path) -> None:
    url = nine_player_swiss(tmp_path)
    shown = json.loads(ok(url, "tables", "--json"))
    for table in shown["tables"] if isinstance(shown, dict) else shown:
        ok(url, "finish", str(table["table"]), *[p["name"] for p in table["players"]])
    ok(url, "advance")
    listed = {row["name"]: row for row in json.loads(ok(url, "player", "list", "--json"))}
    with_bye = [name for name, row in listed.items() if "bye" in row]
    assert len(with_bye) == 1 and listed[with_bye[0]]["bye"] == 2 and with_bye[0] != "P9"  # one bye a player
    assert re.search(rf"^{with_bye[0]}\s+bye in round 2$", ok(url, "player", "list"), re.MULTILINE)
