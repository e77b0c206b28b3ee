"""Faults that say why (issue 31 item 5): exit status or signal and the last stderr lines, the
deadline missed and by how much, the malformed line cut short; in the game lines, the report and
`tourney run`; --bot-logs files named by the entrant's label (any letter kept) and capped. And
item 6: labels keep any letter, answers in another case or card order, quoting, exact action ids."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from tourney.app.bots.arena import arena_report, run_arena_games
from tourney.arena.bot_process import LOG_CAP
from tourney.arena.lineup import parse_entrants
from tourney.cli import app
from tourney.rules.games import find_game

COMPLAINER = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        print("thinking hard", file=sys.stderr)
        print("ValueError: no idea what to do", file=sys.stderr, flush=True)
        sys.exit(3)
"""

# Writes more than the log's cap to stderr at its hello, then plays the last legal action.
CHATTERBOX = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        sys.stderr.write("x" * ({size}) + "\\n"); sys.stderr.flush()
        print(json.dumps({{"type": "ready"}}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({{"type": "action", "id": msg["id"], "action": msg["legal"][-1]}}), flush=True)
"""


def write(folder: Path, name: str, source: str) -> str:
    path = folder / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return f"cmd:{sys.executable} {path}"


def test_a_crash_says_its_exit_status_and_last_stderr_lines(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    report = run_arena_games([f"sad={write(tmp_path, 'sad.py', COMPLAINER)}", "random"], games=1, seed=1, out=out)
    reason = report.games[0]["reasons"]["sad"]
    assert reason == ["crash: exited mid-match (exit status 3; stderr: thinking hard | ValueError: no idea what to do)"]
    line = json.loads(out.read_text().splitlines()[1])
    assert line["reasons"] == {"sad": reason}
    assert arena_report(out).reasons == {"sad": reason}
    html = tmp_path / "report.html"
    printed = CliRunner().invoke(app, ["arena", "report", str(out), "--html", str(html)]).stdout
    assert "why sad faulted: crash: exited mid-match (exit status 3" in printed
    assert "<li>sad: crash: exited mid-match (exit status 3" in html.read_text(encoding="utf-8")


def test_a_timeout_says_the_deadline_and_a_late_answer_by_how_much(bot_script: Callable[[str], str]) -> None:
    report = run_arena_games(f"late={bot_script('late')},random", games=1, seed=2, move_timeout=1.0)
    timeout, late = report.games[0]["reasons"]["late"]
    assert timeout == "timeout: no answer to act 1 within 1 s"
    assert late.startswith("the answer to act 1 came 0.") and late.endswith(" s after its 1 s deadline")


def test_a_malformed_answer_is_quoted_cut_short(bot_script: Callable[[str], str]) -> None:
    report = run_arena_games(f"junk={bot_script('garbage')},random", games=1, seed=2, max_strikes=0)
    assert report.games[0]["reasons"]["junk"] == [
        "malformed: answer to act 1 is not an action line: 'this is not json'"]
    report = run_arena_games(f"flood={bot_script('flood')},random", games=1, seed=2)
    assert report.games[0]["reasons"]["flood"] == ["protocol: an answer line over 1048576 bytes"]


def test_bot_logs_are_named_by_label_and_capped(tmp_path: Path) -> None:
    loud = write(tmp_path, "loud.py", CHATTERBOX.format(size=LOG_CAP + 1000))
    logs = tmp_path / "logs"
    run_arena_games([f"żółw={loud}", f"second={loud}"], games=2, seed=1, bot_logs=logs)
    for label in ("żółw", "second"):
        kept = sorted(logs.glob(f"{label}-*.log"))
        assert kept, sorted(path.name for path in logs.iterdir())
        text = kept[0].read_text(encoding="utf-8")
        assert len(text) < LOG_CAP + 100 and text.endswith(f"[tourney: the log is cut at {LOG_CAP} bytes]\n")


def test_a_label_keeps_any_letter() -> None:
    entrants = parse_entrants(find_game("pp"), ["żółw=random", f"cmd:{sys.executable} '/srv/мой бот.py'"])
    assert [entrant.label for entrant in entrants] == ["żółw", "мой_бот.py"]


def test_an_unquoted_path_with_a_space_says_to_quote_it(tmp_path: Path) -> None:
    folder = tmp_path / "my bots"
    folder.mkdir()
    program = folder / "bot"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    result = CliRunner().invoke(app, ["arena", "run", "--bots", f"cmd:{program},random", "--games", "1"])
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(f"No such file or directory; {str(program)!r} exists: quote a path with "
                                          f"spaces, e.g. cmd:'{program}'")


# Answers a legal action in lower case with its cards in reverse order (DRAW:KS AH as draw:ah ks).
SLOPPY = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        kind, _, cards = msg["legal"][-1].partition(":")
        answer = kind + (":" + " ".join(reversed(cards.split())) if cards else "")
        print(json.dumps({"type": "action", "id": msg["id"], "action": answer.lower()}), flush=True)
"""


def test_the_right_cards_in_another_order_or_case_are_the_canonical_action(tmp_path: Path) -> None:
    sloppy = write(tmp_path, "sloppy.py", SLOPPY)
    for game in ("lou", "khlyust"):
        report = run_arena_games([f"sloppy={sloppy}", "random", "random"], game=game, games=2, seed=5)
        assert all("faults" not in played for played in report.games), [played.get("reasons") for played in
                                                                          report.games]


def test_the_published_draw_ids_are_exact() -> None:
    """Lou's DRAW form says which of its range's ids exist (issue 31 item 6): the formula, and their count."""
    lou = find_game("lou")
    form = next(form for form in lou.actions if form.text.startswith("DRAW"))
    assert lou.action_text is not None
    existing = []
    for action in range(form.first, form.last + 1):
        try:
            existing.append(lou.action_text(action))
        except ValueError:
            continue
    assert len(existing) == 23_479 and "23,479 ids of the range exist" in form.help
    card = {text: action - 2 for action in range(2, 54) for text in [lou.action_text(action)[len("PLAY:"):]]}
    for text in ("DRAW:-", "DRAW:KS AH", "DRAW:2S 3S AC"):
        ids = [*sorted(card[name] for name in text[len("DRAW:"):].split() if name != "-"), -1, -1, -1]
        assert lou.parse_action(text) == 54 + (ids[0] + 1) + 53 * (ids[1] + 1) + 2809 * (ids[2] + 1)
