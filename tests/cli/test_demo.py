"""`tourney demo` (issue 8 item 6): a field of mixed built-in bots, the event played by `tourney
run`'s library function, standings, printouts, an arena report between the built-in bots."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def test_the_demo_runs_a_bot_tournament_and_an_arena_report(tmp_path: Path) -> None:
    db_file = tmp_path / "demo.db"
    result = runner.invoke(app, ["demo", "--players", "8", "--seed", "5", "--db-file", str(db_file),
                                 "--record", str(tmp_path / "game.jsonl")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Every player is a built-in bot: 2 bluffer, 2 honest, 2 prob, 2 random" in out
    url = f"sqlite:///{db_file}"
    players = json.loads(runner.invoke(app, ["player", "list", "--json", "--db", url]).stdout)
    assert sorted(row["bot"] for row in players) == ["bluffer"] * 2 + ["honest"] * 2 + ["prob"] * 2 + ["random"] * 2
    status = json.loads(runner.invoke(app, ["status", "--json", "--db", url]).stdout)
    assert status["complete"] is True
    standings = json.loads(runner.invoke(app, ["standings", "--json", "--db", url]).stdout)
    champion = standings[0]["player"]
    assert f"Champion: {champion} (bot {next(r['bot'] for r in players if r['name'] == champion)})" in out
    # Every round is an ordinary entry in the log, as `tourney run` makes them.
    log = json.loads(runner.invoke(app, ["log", "--json", "--db", url]).stdout)
    results = sum(1 for entry in log if entry["kind"] == "result")
    entered = sum(int(line.split(": ")[1].split()[0]) for line in out.splitlines()
                  if line.endswith("round results entered"))
    assert results == entered > 0
    # The arena: a report in HTML and a results file `tourney arena report` reads; both named.
    html, results_file = tmp_path / "demo-arena.html", tmp_path / "demo-arena.jsonl"
    assert f"Arena report with OpenSkill ratings (open in a browser): {html}; results: {results_file}" in out
    page = html.read_text(encoding="utf-8")
    assert all(bot in page for bot in ("random", "honest", "prob", "bluffer")) and "<svg" in page
    report = json.loads(runner.invoke(app, ["arena", "report", str(results_file), "--json"]).stdout)
    assert report["games"] == 200
    assert (tmp_path / "demo-sheets" / "table-sheets.html").is_file()
    # A second demo replaces its own files (the arena run starts afresh, it does not resume).
    again = runner.invoke(app, ["demo", "--players", "8", "--seed", "5", "--db-file", str(db_file),
                                "--record", str(tmp_path / "game.jsonl")])
    assert again.exit_code == 0, again.output
    assert again.stdout == out
