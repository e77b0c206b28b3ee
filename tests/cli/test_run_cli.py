"""`tourney run` (issue 8 item 5, issue 9 item 9): bot players, bot tables played stage after stage
to the final with every entry in the event log; mixed events; determinism; undo; bad input."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tourney.cli import app
from tourney.engine.autoplay import match_entries, table_seed
from tourney.storage import events
from tourney.storage.db import open_database

runner = CliRunner()

# The README's example bot (any language; here Python): always the last legal action.
EXAMPLE_BOT = """\
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "last"}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""


def invoke(url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", url])


def ok(url: str, *args: str) -> str:
    result = invoke(url, *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def one_error(result: Result, *fragments: str) -> None:
    assert result.exit_code != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def log(url: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != "time"} for entry in json.loads(ok(url, "log", "--json"))]


def tables(url: str) -> list[dict[str, Any]]:
    return list(json.loads(ok(url, "tables", "--json")))


def bot_event(tmp_path: Path, game: str, bots: dict[str, int], *, seed: int = 4, name: str = "t.db") -> str:
    url = f"sqlite:///{tmp_path / name}"
    ok(url, "new", "Bots", "--game", game, "--seed", str(seed))
    n = 0
    for spec, count in bots.items():
        ok(url, "player", "add", *[f"b{n + i + 1:02d}" for i in range(count)], "--bot", spec)
        n += count
    return url


PLAYED = {"polish-poker": "result", "chlust": "chips", "lou": "chips"}


@pytest.mark.parametrize(("game", "bots"), [
    ("polish-poker", {"prob": 4, "honest": 3, "bluffer": 3, "random": 3}),
    ("chlust", {"rules": 6, "random": 5}),
    ("lou", {"rule": 6, "random": 5}),
])
def test_a_bot_tournament_runs_to_the_final(tmp_path: Path, game: str, bots: dict[str, int]) -> None:
    url = bot_event(tmp_path, game, bots)
    out = ok(url, "run")
    assert "stage 1 (seated by this run): " in out and "the final (seated by this run): 1 table(s)" in out
    assert "Tournament 'Bots' is complete." in out
    status = json.loads(ok(url, "status", "--json"))
    assert status["complete"] is True
    standings = json.loads(ok(url, "standings", "--json"))
    assert len(standings) == sum(bots.values()) and standings[0]["rank"] == 1
    entries = [e for e in log(url) if e["kind"] in ("result", "chips", "finish")]
    # One event (= one transaction) per entry, as the run reports them.
    reported = sum(int(line.split(", ")[1].split()[0]) for line in out.splitlines() if "played by bots" in line)
    assert len(entries) == reported
    assert {e["kind"] for e in entries} <= {PLAYED[game], "finish"}
    # Nothing left for another run.
    assert "nothing to play" in ok(url, "run")


def test_a_mixed_event_plays_only_the_bot_tables(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {"prob": 8, "random": 8})
    ok(url, "player", "add", "Ann", "Bob")
    ok(url, "seat")
    human_tables = {t["table"] for t in tables(url) if {"Ann", "Bob"} & {p["name"] for p in t["players"]}}
    assert human_tables and len(human_tables) < len(tables(url))
    out = ok(url, "run")
    for number in human_tables:
        assert f"table {number} of stage 1 is left to the director: " in out
    after = {t["table"]: t for t in tables(url)}
    assert all(after[n]["finished"] != (n in human_tables) for n in after)
    assert all(p["cards"] == 1 for n in human_tables for p in after[n]["players"])  # untouched
    assert json.loads(ok(url, "status", "--json"))["stage"] == 1  # no advance past the director's tables
    # The director finishes the human tables on paper; the next run advances and goes on.
    for number in sorted(human_tables):
        order = [p["name"] for p in after[number]["players"]]
        ok(url, "finish", str(number), *order)
    out = ok(url, "run")
    assert "(seated by this run)" in out


def test_player_add_bot_and_the_players_list(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {"prob:0.6": 2})
    ok(url, "player", "add", "Ann", "--club", "Kraków")
    listed = {row["name"]: row for row in json.loads(ok(url, "player", "list", "--json"))}
    assert listed["b01"]["bot"] == "prob:0.6" and listed["Ann"]["bot"] is None
    text = ok(url, "player", "list")
    assert "bot prob:0.6" in text.splitlines()[0]
    register = next(e for e in log(url) if e["kind"] == "register" and e["data"]["name"] == "Ann")
    assert "bot" not in register["data"]  # a person's registration is as it always was


def test_the_csv_import_takes_a_bot_column(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "lou", {})
    csv = tmp_path / "players.csv"
    csv.write_text("name,club,bot\nAnn,Gdańsk,\nRob,,rule\nRia,,random\n", encoding="utf-8")
    ok(url, "player", "import", str(csv))
    bots = {row["name"]: row["bot"] for row in json.loads(ok(url, "player", "list", "--json"))}
    assert bots == {"Ann": None, "Rob": "rule", "Ria": "random"}
    bad = tmp_path / "bad.csv"
    bad.write_text("name,bot\nZed,prob\n", encoding="utf-8")  # prob is a Polish Poker bot, not Lou's
    one_error(invoke(url, "player", "import", str(bad)), "bad.csv line 2", "unknown bot 'prob' for lou")
    assert len(json.loads(ok(url, "player", "list", "--json"))) == 3


def test_a_bot_spec_is_checked_against_the_game(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "chlust", {"rules": 2})
    one_error(invoke(url, "player", "add", "x", "y", "--bot", "prob"), "--bot 'prob'", "unknown bot 'prob' for chlust")
    one_error(invoke(url, "player", "add", "x", "--bot", "random:7"), "random")
    one_error(invoke(url, "player", "add", "x", "--bot", "module:no_such_module:Bot"), "no_such_module")
    assert len(json.loads(ok(url, "player", "list", "--json"))) == 2  # nothing stored


def test_the_same_seed_writes_the_same_log(tmp_path: Path) -> None:
    field = {"prob": 5, "bluffer": 5, "honest": 4}
    first, second = (bot_event(tmp_path, "polish-poker", field, name=n) for n in ("a.db", "b.db"))
    ok(first, "run")
    ok(second, "run")
    assert log(first) == log(second)
    other = bot_event(tmp_path, "polish-poker", field, name="c.db")
    ok(other, "run", "--seed", "99")
    assert log(other) != log(first)


def test_undo_after_a_run_and_the_run_resumes(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {"prob": 6, "random": 6})
    ok(url, "run")
    before = json.loads(ok(url, "standings", "--json"))
    last = log(url)[-1]
    assert last["kind"] == "result"
    ok(url, "undo")
    assert json.loads(ok(url, "status", "--json"))["complete"] is False
    out = ok(url, "run")  # the bots' match of that table goes on where the log stands
    assert "the final: 1 table(s) played by bots, 1 entries" in out
    assert json.loads(ok(url, "standings", "--json")) == before
    assert log(url)[-1]["data"] == last["data"]


def test_tables_entered_by_hand_are_left_to_the_director(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {"random": 12}, seed=8)
    ok(url, "seat")
    with open_database(url) as database:
        state = events.snapshot(database).state
    first, second = state.tables[0], state.tables[1]
    bots_first_loser = match_entries(state.descriptor, first, seed=table_seed(8, 1, 1), bots=("random",))[0][1]["loser"]
    other = next(name for name in first.seats if name != bots_first_loser)
    ok(url, "result", "1", other)  # not the bots' match any more
    ok(url, "player", "drop", second.seats[0])  # a player leaves table 2
    out = ok(url, "run")
    assert "table 1 of stage 1 is left to the director: has entries that are not its bots' match" in out
    assert "table 2 of stage 1 is left to the director: has entries" in out
    assert all(t["finished"] == (t["table"] > 2) for t in tables(url))


def test_until_stage_and_no_advance(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {"random": 14})
    out = ok(url, "run", "--no-advance")
    assert "stage 1 (seated by this run)" in out and "final" not in out
    status = json.loads(ok(url, "status", "--json"))
    assert status["stage"] == 1 and status["tables_playing"] == []
    one_error(invoke(url, "run", "--until-stage", "0"), "--until-stage")
    ok(url, "run", "--until-stage", "2")
    assert json.loads(ok(url, "status", "--json"))["complete"] is True
    one_error(invoke(url, "run", "--until-stage", "1"), "at stage 2 already")


def test_a_run_needs_bots(tmp_path: Path) -> None:
    url = bot_event(tmp_path, "polish-poker", {})
    ok(url, "player", "add", "Ann", "Bob", "Cy")
    one_error(invoke(url, "run"), "no player is a bot")
    assert json.loads(ok(url, "status", "--json"))["stage"] == 0  # nothing seated


def test_subprocess_bots_play_refereed_and_faults_are_reported(tmp_path: Path) -> None:
    script = tmp_path / "last.py"
    script.write_text(EXAMPLE_BOT, encoding="utf-8")
    url = bot_event(tmp_path, "polish-poker", {"random": 3})
    ok(url, "player", "add", "Last", "--bot", f"cmd:{sys.executable} {script}")
    ok(url, "player", "add", "Crash", "--bot", f"cmd:{sys.executable} -c 'raise SystemExit(1)'")
    out = ok(url, "run")
    assert "Tournament 'Bots' is complete." in out
    assert "faults of Crash: crash 1, forfeit 1" in out
    assert "  why: crash: exited before ready (exit status 1)" in out  # issue 31 item 5
    assert "faults of Last" not in out


def test_python_bots_play_refereed_in_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "run_test_bots.py").write_text(
        "class Last:\n    def act(self, view):\n        return view.legal_actions()[-1]\n\n"
        "class Illegal:\n    def act(self, view):\n        return 10_000\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    url = bot_event(tmp_path, "polish-poker", {"random": 3})
    ok(url, "player", "add", "Last", "--bot", "module:run_test_bots:Last")
    ok(url, "player", "add", "Odd", "--bot", "module:run_test_bots:Illegal")
    out = ok(url, "run")
    assert "Tournament 'Bots' is complete." in out
    assert "faults of Last" not in out
    faults = re.search(r"^faults of Odd: illegal (\d+), forfeit (\d+)$", out, flags=re.M)
    assert faults is not None, out
    illegal, forfeits = int(faults.group(1)), int(faults.group(2))
    assert forfeits >= 1 and illegal == 4 * forfeits  # more than 3 strikes (the default) in each match it played


def test_on_a_terminal_a_progress_bar_per_stage_goes_to_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tourney.cli.run_cmd as run_cmd

    monkeypatch.setattr(run_cmd, "stdout_is_terminal", lambda: True)
    url = bot_event(tmp_path, "polish-poker", {"random": 14})
    result = invoke(url, "run")
    assert result.exit_code == 0, result.output
    played = re.findall(r"^(?:stage (\d+)|the final) \(seated by this run\): (\d+) table", result.stdout, flags=re.M)
    bars = re.findall(r"^stage (\d+) .* (\d+)/\2 tables", result.stderr, flags=re.M)
    assert len(bars) == len(played) == 2  # each stage's bar full: every table it played
    assert [tables for _stage, tables in bars] == [tables for _stage, tables in played]
    assert "━" not in result.stdout  # the bar is not in what a script reads
