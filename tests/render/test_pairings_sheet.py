"""`tourney print pairings` (issue 33 item 6): a round's pairing list, table by table, each player's
points before the round, the result once entered, and the bye; in HTML, in a real headless
Chromium's PDF (pages, the heading on each), in Polish, and refused for a format of stages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from render_events import CYRILLIC, EVIL, LONG, POLISH
from typer.testing import CliRunner

from tourney.app.operations import players, results, seating, tournaments
from tourney.cli import app

runner = CliRunner()
NAMES = [EVIL, LONG, POLISH, CYRILLIC, *[f"Player {i:03d}" for i in range(1, 118)]]  # 121: 60 tables and a bye


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", html, flags=re.S))).split())


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> str:
    """121 players seeded by list; round 1 played (table 1 forfeited by its second player), round 2
    seated with table 2 entered."""
    url = f"sqlite:///{tmp_path_factory.mktemp('pairings') / 'swiss.db'}"
    tournaments.new_tournament("Open", game="khlyust", format="swiss", seeding="list", seed=5, db=url)
    players.add_players(NAMES, db=url)
    state = seating.seat(db=url)
    for table in state.tables:
        if table.number == 1:
            results.forfeit(1, [table.seats[1]], db=url)
        else:
            results.finish(table.number, list(table.seats), db=url)  # seat 1 (white) wins
    state = seating.advance(db=url).state
    results.finish(2, list(reversed(state.tables[1].seats)), db=url)  # black wins table 2
    return url


def sheet(url: str, *args: str) -> str:
    result = runner.invoke(app, ["print", "pairings", *args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


ROW = re.compile(r'<tr><td class="num">(\d+)</td><td class="name">(.*?)</td><td class="num">(.*?)</td>'
                 r'<td class="result">(.*?)</td><td class="num">(.*?)</td><td class="name">(.*?)</td></tr>')
BYE = re.compile(r'<tr class="bye"><td></td><td class="name">(.*?)</td><td class="num">(.*?)</td>'
                 r'<td class="result">(.*?)</td>')


def test_round_1_lists_every_table_with_its_result_and_the_bye(swiss: str) -> None:
    html = sheet(swiss, "--round", "1")
    assert "Pairings, round 1" in _text(html)
    rows = ROW.findall(html)
    assert [row[0] for row in rows] == [str(n) for n in range(1, 61)]
    assert rows[0][3] == "+ –" and {row[3] for row in rows[1:]} == {"1–0"}  # the forfeit, then white's wins
    assert {row[2] for row in rows} == {row[4] for row in rows} == {"0"}
    byes = BYE.findall(html)
    assert [(unescape(name), points, scored) for name, points, scored in byes] == [("Player 117", "0", "1")]
    seated = {unescape(name) for row in rows for name in (row[1], row[5])} | {"Player 117"}
    assert seated == set(NAMES)  # every name once, the script tag escaped


def test_round_2_shows_the_points_before_it_and_only_the_results_entered(swiss: str) -> None:
    html = sheet(swiss)  # the latest round
    text = _text(html)
    assert "Pairings, round 2" in text
    rows = ROW.findall(html)
    assert [row[0] for row in rows] == [str(n) for n in range(1, 61)]
    assert {row[3] for row in rows} == {"", "0–1"} and rows[1][3] == "0–1"
    points = [row[2] for row in rows] + [row[4] for row in rows] + [bye[1] for bye in BYE.findall(html)]
    assert points.count("1") == 61 and points.count("0") == 60  # round 1: 60 winners (one by forfeit), the bye
    assert rows[1][2] == rows[1][4] == "1" and rows[-1][2] == rows[-1][4] == "0"  # winners on top, losers below
    assert len(BYE.findall(html)) == 1  # one player has the bye of round 2
    assert sheet(swiss, "--stage", "2") == html


def test_in_polish(swiss: str) -> None:
    text = _text(sheet(swiss, "--lang", "pl"))
    assert "Kojarzenia, runda 2" in text
    assert "Białe" in text and "Czarne" in text and "wolny los" in text


def test_a_format_of_stages_has_no_pairing_list(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stages.db'}"
    tournaments.new_tournament("Stages", game="polish-poker", seed=1, db=url)
    players.add_players([f"P{i}" for i in range(1, 9)], db=url)
    seating.seat(db=url)
    result = runner.invoke(app, ["print", "pairings", "--db", url])
    assert result.exit_code == 1 and result.stderr.strip() == (
        "error: the pairings sheet is for a format played in rounds (Swiss, round robin)")
    written = runner.invoke(app, ["print", "all", "-o", str(tmp_path / "sheets"), "--db", url])
    assert written.exit_code == 0 and "pairings" not in written.stdout


def test_round_and_stage_must_agree(swiss: str) -> None:
    result = runner.invoke(app, ["print", "pairings", "--round", "1", "--stage", "2", "--db", swiss])
    assert result.exit_code == 2 and "give --round or --stage, not both" in result.stderr


def test_the_pdf_holds_every_name_on_two_pages_each_with_the_heading(swiss: str, tmp_path: Path) -> None:
    require_tools()
    html = tmp_path / "pairings.html"
    html.write_text(sheet(swiss, "--round", "1"), encoding="utf-8")
    pdf = tmp_path / "pairings.pdf"
    with DevTools(tmp_path / "profile") as browser:
        browser.print_pdf(html, pdf)
    pages = page_count(pdf)
    assert pages == 2  # 60 tables and the bye: a page holds about 40
    squashed = "".join(pdf_text(pdf).split()).replace("-", "")
    assert not [n for n in NAMES if "".join(n.split()).replace("-", "") not in squashed]
    for page in range(1, pages + 1):
        assert "White" in pdf_text(pdf, page, page) and "Black" in pdf_text(pdf, page, page)


def test_the_consoles_print_page_offers_the_pairing_list_of_a_swiss_only(swiss: str, tmp_path: Path) -> None:
    from tourney.app.floor.console_exports import is_sheet, printable_sheets

    assert "pairings" in [s.kind for s in printable_sheets(results.tournament_state(db=swiss))] and is_sheet("pairings")
    url = f"sqlite:///{tmp_path / 'stages.db'}"
    tournaments.new_tournament("Stages", game="polish-poker", seed=1, db=url)
    assert "pairings" not in [s.kind for s in printable_sheets(results.tournament_state(db=url))]


def test_print_all_writes_the_pairing_list_of_a_swiss(swiss: str, tmp_path: Path) -> None:
    written = runner.invoke(app, ["print", "all", "-o", str(tmp_path / "sheets"), "--db", swiss])
    assert written.exit_code == 0 and str(tmp_path / "sheets" / "pairings.html") in written.stdout.splitlines()


def test_a_round_robins_bye_scores_nothing(tmp_path: Path) -> None:
    """Sitting out a round of a round robin's schedule is no game: the pairing list says 0 for it
    (a Swiss's pairing bye says 1, above), as the format scores it."""
    url = f"sqlite:///{tmp_path / 'rr.db'}"
    tournaments.new_tournament("League", game="khlyust", format="round-robin", seeding="list", seed=5, db=url)
    players.add_players(["Ann", "Bob", "Cy", "Dee", "Eve"], db=url)
    seating.seat(db=url)
    byes = BYE.findall(sheet(url))
    assert len(byes) == 1 and byes[0][1:] == ("0", "0")
