"""The TV wall in a real browser (issue 18 item 5): the system's Chromium, driven by Playwright at
1920x1080 against a real `tourney serve`. Rows never wrap, the type is large, a 200-player field
pages, `?rotate=` moves on by itself, and "as of" changes after an entry made through tourney.app.
Nothing is downloaded: Playwright launches /usr/bin/chromium. `TOURNEY_WALL_SCREENSHOTS=DIR` keeps
a screenshot of every screen."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import request, serving, sqlite_url

from tourney import app
from tourney.app.floor.wall import open_wall
from tourney.app.floor.wall_pages import DEFAULT_ROWS, KINDS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
TV = {"width": 1920, "height": 1080}
SHOTS = os.environ.get("TOURNEY_WALL_SCREENSHOTS")
MIN_FONT_PX = 28  # at 1080p: read across a room (a sheet's 17 px was not)
PLAYERS = 200

# Every data cell's font size and height, and how many line boxes each status word takes.
MEASURE = """() => {
  const cells = [...document.querySelectorAll("table.rows tr.row td, .card td")];
  const lines = el => { const r = document.createRange(); r.selectNodeContents(el); return r.getClientRects().length; };
  return {
    cells: cells.map(td => ({font: parseFloat(getComputedStyle(td).fontSize),
                             height: td.parentElement.getBoundingClientRect().height})),
    statusLines: [...document.querySelectorAll(".status")].filter(el => el.textContent.trim()).map(lines),
    scrollHeight: document.documentElement.scrollHeight,
  };
}"""


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("TOURNEY_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's Chromium, headless (one for the module: Playwright's sync API runs one at a time)."""
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def tv(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[tuple[str, str, Any]]:
    """(base URL, database URL, the browser) over a seated field of 200 with long names among them."""
    url = sqlite_url(tmp_path_factory.mktemp("tv"))
    app.new_tournament("Friday Night Polish Poker Open", game="pp", seed=7, db=url)
    app.add_players([f"Player {n} Wiśniewska-Kowalczyk-Brzęczyszczykiewicz" if n % 9 == 0 else f"Player {n}"
                     for n in range(1, PLAYERS + 1)], db=url)
    app.seat(db=url)
    with serving(url) as (base, _process):
        yield base, url, browser


@pytest.mark.parametrize("kind", KINDS)
def test_rows_never_wrap_and_the_type_is_large(tv: tuple[str, str, Any], kind: str) -> None:
    base, _url, browser = tv
    page = browser.new_page(viewport=TV)
    page.goto(f"{base}/tv/{kind}")
    measured = page.evaluate(MEASURE)
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"tv-{kind}.png"))
    page.close()
    assert measured["scrollHeight"] <= TV["height"]  # nothing scrolls: a large field pages instead
    if kind != "seating":  # a seat has no status
        assert measured["statusLines"] and set(measured["statusLines"]) == {1}  # a status word never breaks
    if kind == "bracket":
        return  # one line a stage: no data cells beyond its status words
    cells = measured["cells"]
    assert cells and min(cell["font"] for cell in cells) >= MIN_FONT_PX
    # One line of text a row: a wrapped cell would make its row at least two lines high.
    assert max(cell["height"] / cell["font"] for cell in cells) < 1.7


def test_a_large_field_pages_rather_than_scrolls(tv: tuple[str, str, Any]) -> None:
    base, url, browser = tv
    with open_wall(url, None) as wall:
        order = [row.player for row in wall.read().state.standings()]
    page = browser.new_page(viewport=TV)
    page.goto(f"{base}/tv/standings?page=2")
    screen = page.locator("#screen")
    assert screen.get_attribute("data-pages") == str(-(-PLAYERS // DEFAULT_ROWS))
    names = page.locator("table.rows tr.row td:nth-child(2)").all_inner_texts()
    assert names == order[DEFAULT_ROWS:2 * DEFAULT_ROWS]
    assert f"page 2 of {-(-PLAYERS // DEFAULT_ROWS)}" in page.locator("header").inner_text()
    page.close()


def test_rotate_moves_on_to_the_next_screen_by_itself_and_a_pin_holds_the_kind(tv: tuple[str, str, Any]) -> None:
    base, _url, browser = tv
    page = browser.new_page(viewport=TV)
    last = -(-PLAYERS // DEFAULT_ROWS)
    page.goto(f"{base}/tv/standings?page={last}&rotate=2")
    started = time.monotonic()
    page.wait_for_url("**/tv/seating?page=1&rotate=2", timeout=6000)
    assert time.monotonic() - started >= 1.5  # not before its time
    page.wait_for_url("**/tv/seating?page=2&rotate=2", timeout=6000)
    page.goto(f"{base}/tv/standings?page={last}&rotate=2&pin=standings")
    page.wait_for_url("**/tv/standings?page=1&rotate=2&pin=standings", timeout=6000)
    page.close()


def test_as_of_changes_within_two_seconds_of_an_entry(tv: tuple[str, str, Any]) -> None:
    base, url, browser = tv
    page = browser.new_page(viewport=TV)
    page.goto(f"{base}/tv/tables")
    as_of = page.locator(".asof").inner_text()
    assert as_of.startswith("as of ") and len(as_of) == len("as of HH:MM:SS")
    with open_wall(url, None) as wall:
        loser = wall.read().state.tables[0].seats[0]
    time.sleep(1.1)  # the clock moves on a second
    entered = time.monotonic()
    app.enter_result(1, loser, db=url)
    page.wait_for_function("window.tvUpdates >= 1", timeout=2000)
    assert time.monotonic() - entered < 2.0
    assert page.locator(".asof").inner_text() != as_of
    assert page.locator(f'section[data-table="1"] tr[data-player="{loser}"] td.value').inner_text() == "2"
    page.close()


def test_tv_leads_to_the_standings_keeping_the_query_and_an_unknown_screen_is_not_found(
        tv: tuple[str, str, Any]) -> None:
    base, _url, _browser = tv
    status, page = request(f"{base}/tv?rotate=5&pin=tables")
    assert status == 200 and 'data-kind="tables"' in page and "next in 5 s" in page
    status, page = request(f"{base}/tv/nonsense")
    assert status == 404 and "standings, seating, tables, bracket" in page
    assert request(f"{base}/tv/standings", data=b"x", method="POST")[0] == 405  # the wall is read-only


def test_a_knockout_bracket_is_drawn_for_the_tv_not_framed_as_its_print_sheet(tmp_path: Path, browser: Any) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", best_of=3, seed=5, db=url)
    app.add_players(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"], db=url)
    app.seat(db=url)
    with serving(url) as (base, _process):
        page = browser.new_page(viewport=TV)
        page.goto(f"{base}/tv/bracket")
        assert page.locator("iframe").count() == 0  # not the A4 sheet inside the dark frame
        names = page.locator(".elimination .slot .name")
        assert sorted(names.all_inner_texts()) == ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
        fonts = names.evaluate_all("els => els.map(el => parseFloat(getComputedStyle(el).fontSize))")
        assert min(fonts) >= MIN_FONT_PX
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "tv-bracket-knockout.png"))
        page.close()
