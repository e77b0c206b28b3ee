"""The TV's screens for the room in a real browser (the system's Chromium, driven by Playwright)
at 1920x1080 and 1280x720, against a real `tourney serve`: measured sizes of the names, nothing
outside the viewport, every player of the stages bracket named, the champion shown, and the root
wall laid out for a projector. `TOURNEY_WALL_SCREENSHOTS=DIR` keeps a screenshot of every screen."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import serving, sqlite_url
from tv_room_events import elimination_event, stages_event

from tourney import app

SIZES = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
SHOTS = os.environ.get("TOURNEY_WALL_SCREENSHOTS")
FINAL_NAME_PX = 60  # at 1080p: read at 8 m on a 55-inch TV
BRACKET_NAME_PX = 28

# Whether anything overflows: the page scrolls, or an element of the screen sticks out of the viewport.
OVERFLOW = """() => {
  const root = document.documentElement, width = innerWidth, height = innerHeight;
  const outside = [...document.querySelectorAll("body *")].filter(el => {
    const box = el.getBoundingClientRect();
    return box.width && box.height
      && (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > height + 1);
  }).map(el => el.tagName + "." + el.className);
  return {scrolls: root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight, outside};
}"""
FONTS = "els => els.map(el => parseFloat(getComputedStyle(el).fontSize))"
AREAS = "els => els.map(el => { const box = el.getBoundingClientRect(); return box.width * box.height; })"


def scaled(px_at_1080: float, viewport: dict[str, int]) -> float:
    return px_at_1080 * viewport["height"] / 1080



@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("room")
    urls = {name: sqlite_url(folder, f"{name}.db") for name in ("final", "over", "knockout", "double")}
    stages_event(urls["final"])
    stages_event(urls["over"], complete=True)
    elimination_event(urls["knockout"], "knockout", 16, rounds=2)
    elimination_event(urls["double"], "double-elimination", 8, rounds=2)
    return urls


def screen(browser: Any, base: str, path: str, viewport: dict[str, int], shot: str) -> Any:
    page = browser.new_page(viewport=viewport)
    page.goto(f"{base}{path}")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{shot}-{viewport['width']}.png"))
    measured = page.evaluate(OVERFLOW)
    assert not measured["scrolls"] and measured["outside"] == []
    return page


@pytest.mark.parametrize("viewport", SIZES, ids=["1080p", "720p"])
def test_the_final_table_fills_the_screen_with_names_read_across_the_room(
        browser: Any, events: dict[str, str], viewport: dict[str, int]) -> None:
    with serving(events["final"]) as (base, _process):
        page = screen(browser, base, "/tv/tables", viewport, "tv-final-table")
        seats = page.locator(".final-table .seat")
        assert seats.count() == len(app.tournament_state(db=events["final"]).tables[0].seats)
        names = page.locator(".final-table .seat:not(.out) .name").evaluate_all(FONTS)
        counts = page.locator(".final-table .seat:not(.out) .value").evaluate_all(FONTS)
        assert names and min(names) >= scaled(FINAL_NAME_PX, viewport)
        assert min(counts) >= min(names)  # the cards held, larger still
        boxes = seats.evaluate_all(AREAS)
        assert sum(boxes) >= 0.6 * viewport["width"] * viewport["height"]  # the table fills the screen
        out = page.locator(".final-table .seat.out .name")
        assert out.count() == 1
        dimmed, bright = (page.locator(selector).first.evaluate("el => getComputedStyle(el).color")
                          for selector in (".seat.out .name", ".seat:not(.out) .name"))
        assert dimmed != bright
        page.close()


@pytest.mark.parametrize("viewport", SIZES, ids=["1080p", "720p"])
def test_the_stages_bracket_names_every_player_and_who_went_on(
        browser: Any, events: dict[str, str], viewport: dict[str, int]) -> None:
    state = app.tournament_state(db=events["final"])
    with serving(events["final"]) as (base, _process):
        page = screen(browser, base, "/tv/bracket", viewport, "tv-stages-bracket")
        first = page.locator('.stage[data-stage="stage 1"] li').evaluate_all("els => els.map(el => el.dataset.player)")
        assert sorted(first) == sorted(p.name for p in state.players)  # every player of the seeded event
        went_on = page.locator('.stage[data-stage="stage 1"] li.on').evaluate_all(
            "els => els.map(el => el.dataset.player)")
        assert sorted(went_on) == sorted(name for t in state.history[1] for name in t.seats)
        fonts = page.locator(".stage li").evaluate_all(FONTS)
        assert min(fonts) >= scaled(BRACKET_NAME_PX, viewport)
        page.close()


@pytest.mark.parametrize("viewport", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("event", ["knockout", "double"])
def test_an_elimination_bracket_is_drawn_dark_for_16_9(
        browser: Any, events: dict[str, str], event: str, viewport: dict[str, int]) -> None:
    with serving(events[event]) as (base, _process):
        page = screen(browser, base, "/tv/bracket", viewport, f"tv-{event}")
        assert page.locator("iframe").count() == 0
        names = page.locator(".elimination .slot .name")
        players = {p.name for p in app.tournament_state(db=events[event]).players}
        assert set(names.all_inner_texts()) == players
        assert min(names.evaluate_all(FONTS)) >= scaled(BRACKET_NAME_PX, viewport)
        background = page.locator(".match").first.evaluate("el => getComputedStyle(el).backgroundColor")
        assert background != "rgb(255, 255, 255)"
        page.close()


@pytest.mark.parametrize("viewport", SIZES, ids=["1080p", "720p"])
def test_the_champion_screen_shows_the_winner(browser: Any, events: dict[str, str], viewport: dict[str, int]) -> None:
    winner = app.tournament_state(db=events["over"]).standings()[0].player
    with serving(events["over"]) as (base, _process):
        for kind in ("standings", "tables"):
            page = screen(browser, base, f"/tv/{kind}", viewport, f"tv-champion-{kind}")
            assert page.locator(".champion-name").inner_text() == winner
            assert page.locator(".champion-name").evaluate("el => parseFloat(getComputedStyle(el).fontSize)") \
                >= scaled(120, viewport)
            assert page.locator(".podium li").count() >= 2
            page.close()


@pytest.mark.parametrize("viewport", SIZES, ids=["1080p", "720p"])
def test_the_root_wall_is_laid_out_for_a_projector(
        browser: Any, events: dict[str, str], viewport: dict[str, int]) -> None:
    with serving(events["final"]) as (base, _process):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{base}/")
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / f"wall-standings-{viewport['width']}.png"))
        measured = page.evaluate("""() => {
          const table = document.querySelector("table.standings").getBoundingClientRect();
          const player = document.querySelector("table.standings thead th:nth-child(2)").getBoundingClientRect();
          return {share: player.width / table.width, right: table.right,
                  rowHeights: [...document.querySelectorAll("table.standings tbody tr")].map(
                      tr => Math.round(tr.getBoundingClientRect().height)),
                  statusRight: Math.max(...[...document.querySelectorAll(".status")].map(
                      el => el.getBoundingClientRect().right)),
                  scrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth};
        }""")
        assert measured["share"] <= 0.5  # not 75 % of the width
        assert len(set(measured["rowHeights"])) == 1  # one line a row: no club wraps onto a second
        assert measured["statusRight"] <= measured["right"] + 0.5  # "playing" inside the table's edge
        assert not measured["scrollsSideways"]
        page.close()
