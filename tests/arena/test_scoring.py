"""Honest scoring (issue 19 item 7): shared first places are ties, --duplicate needs whole deals, the
report's two intervals are both 95 %, a cmd: bot is labelled by a short name."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tourney.app.bots.arena import run_arena_games
from tourney.arena.lineup import parse_entrants, short_label
from tourney.arena.ratings import Z95, build_report
from tourney.cli import app
from tourney.errors import InvalidInputError
from tourney.rules.games import find_game

RUN = {"type": "run", "game": "chlust", "seed": 1, "players": 2, "duplicate": False, "options": {},
       "bots": {"a": "random", "b": "random"}}


def game(index: int, places: list[int]) -> dict[str, Any]:
    return {"type": "game", "game": index, "seats": ["a", "b"], "places": places}


def test_a_shared_first_place_is_a_tie_not_a_win_for_both() -> None:
    report = build_report([RUN, game(0, [1, 1]), game(1, [1, 2]), game(2, [1, 1])])
    rows = {row.label: row for row in report.rows}
    assert (rows["a"].wins, rows["a"].ties, rows["b"].wins, rows["b"].ties) == (1, 2, 0, 2)
    assert rows["a"].win_rate == pytest.approx(1 / 3)
    assert report.to_json()["bots"][0]["ties"] in (0, 2)


def test_a_chlust_duel_reports_no_more_wins_than_games() -> None:
    report = run_arena_games("a=random,b=random", game="chlust", games=10, seed=1)
    tallies = report.leaderboard.tallies.values()
    shared = sum(1 for line in report.games if line["places"] == [1, 1])
    assert shared > 0  # the case of the issue: equal chips at the end
    assert sum(t.wins for t in tallies) == 10 - shared
    assert all(t.ties == shared for t in tallies)


def test_duplicate_needs_a_whole_number_of_deals() -> None:
    # Every deal in each of the 3! seatings of its three bots (issue 31 item 4).
    with pytest.raises(InvalidInputError, match=r"multiple of 6, such as 6 or 12"):
        run_arena_games("prob,honest,random", games=10, duplicate=True)
    with pytest.raises(InvalidInputError, match=r"multiple of 6, such as 6$"):
        run_arena_games("prob,honest,random", games=2, duplicate=True)
    assert len(run_arena_games("prob,honest,random", games=6, duplicate=True).games) == 6


def test_the_report_gives_both_intervals_at_95_percent(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    run_arena_games("a=prob,b=random", games=20, seed=4, out=out)
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["arena", "report", str(out), "--json"]).stdout)
    for row in data["bots"]:
        rating = row["rating"]
        half = Z95 * rating["sigma"]
        assert rating["ci95"] == pytest.approx([rating["mu"] - half, rating["mu"] + half])
    text = runner.invoke(app, ["arena", "report", str(out)]).stdout
    assert "95% CI" in text and "rating (95%)" in text
    first = data["bots"][0]
    assert f"{first['rating']['mu']:.2f} ± {Z95 * first['rating']['sigma']:.2f}" in text
    html = tmp_path / "r.html"
    runner.invoke(app, ["arena", "report", str(out), "--html", str(html)])
    assert "± 1.96σ" in html.read_text() and f"{first['rating']['ci95'][0]:.2f}" in html.read_text()


@pytest.mark.parametrize(("command", "label"), [
    ("/opt/bots/v2/strong-bot --fast", "strong-bot"),
    (f"{sys.executable} /home/me/bots/mine.py --depth 3", "mine.py"),
    ("node --max-old-space-size=64 /srv/x/bot.js", "bot.js"),
    ("python3 -m mybots.strong", "mybots.strong"),
    ("'/a dir/my bot'", "my_bot"),
    ("perl /srv/żółw.pl", "żółw.pl"),  # issue 31 item 6: labels keep any letter
    ("node '/srv/мой бот.js'", "мой_бот.js"),
])
def test_a_cmd_bot_is_labelled_by_its_program(command: str, label: str) -> None:
    assert short_label(command) == label


def test_labels_of_cmd_bots_in_a_run(bot_script: Callable[[str], str], tmp_path: Path) -> None:
    good = bot_script("good")
    entrants = parse_entrants(find_game("pp"), f"{good},{good},mine={good}")
    assert [entrant.label for entrant in entrants] == ["good_bot.py", "good_bot.py#2", "mine"]
    out = tmp_path / "out.jsonl"
    run_arena_games(f"{good},random", games=2, out=out)
    text = CliRunner().invoke(app, ["arena", "report", str(out)]).stdout
    assert "good_bot.py" in text and str(tmp_path) not in text


def test_a_results_file_from_before_short_labels_still_resumes(bot_script: Callable[[str], str],
                                                                 tmp_path: Path) -> None:
    good = bot_script("good")
    out = tmp_path / "old.jsonl"
    run_arena_games(f"{good},random", games=2, out=out)
    # As an older version wrote it: the cmd: bot labelled by its whole spec, no seal, no checksums.
    old = re.sub(r',"(seal|sum)":"[0-9a-f]+"', "", out.read_text()).replace('"good_bot.py"', json.dumps(good))
    out.write_text(old)
    report = run_arena_games(f"{good},random", games=4, out=out)
    assert report.played == 2 and {label for game in report.games for label in game["seats"]} == {good, "random"}
