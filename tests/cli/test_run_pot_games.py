"""Chlust and Lou in live chip stages and bot tournaments (issue 9 item 9): bots play some tables,
the director enters chips at the others, and the table sheets show each game's own rules and a
chip grid (deal, dealer, pot, a column per player)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.entries import start_chips
from tourney.rules.games import find_game

runner = CliRunner()


def ok(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def sheet_text(url: str) -> str:
    page = ok(url, "print", "table-sheets")
    body = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize(("game", "bot", "bots"), [("chlust", "rules", 7), ("lou", "rule", 11)])
def test_a_chip_stage_with_bots_and_a_director(tmp_path: Path, game: str, bot: str, bots: int) -> None:
    url = f"sqlite:///{tmp_path}/pot.db"
    ok(url, "new", "Pot night", "--game", game, "--seed", "6")
    ok(url, "player", "add", *[f"bot{i}" for i in range(1, bots + 1)], "--bot", bot)
    ok(url, "player", "add", "Ann")
    ok(url, "seat")
    tables = json.loads(ok(url, "tables", "--json"))
    human = next(t for t in tables if "Ann" in [p["name"] for p in t["players"]])

    text = sheet_text(url)
    for line in find_game(game).sheet_rules:
        assert line in text
    assert "Five Aces" not in text and "Cap (most cards" not in text
    stops = r"Plays one match; the (player|\d+ players) with the most chips at its end goe?s? on to the final\."
    assert re.search(stops, text)
    names = [p["name"] for p in human["players"]]
    assert "Deal Dealer Pot " + " ".join(f"{i}. {name}" for i, name in enumerate(names, start=1)) in text

    out = ok(url, "run")
    assert f"table {human['table']} of stage 1 is left to the director: Ann is not a bot" in out
    # The director enters the chips of Ann's table by hand; the next run advances and plays the final
    # (or leaves it, if Ann is in it).
    each = start_chips(find_game(game))  # distinct counts around each start, adding up to the table's
    assert each is not None
    counts = [f"{name}={each + (len(names) - 1 - 2 * i)}" for i, name in enumerate(names)]
    ok(url, "chips", str(human["table"]), *counts)
    out = ok(url, "run")
    assert "the final (seated by this run)" in out
    log = json.loads(ok(url, "log", "--json"))
    assert sum(1 for e in log if e["kind"] in ("chips", "finish")) >= len(tables)
