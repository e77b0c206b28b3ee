"""A phone at the table (issue 18): the system's Chromium, driven by Playwright at 390x844, taps a
round's loser on the table's page and sees the table change, while the wall on another page
updates by itself. Nothing is downloaded: Playwright launches /usr/bin/chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from floor_support import seated_event, serving, sqlite_url

from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("TOURNEY_FLOOR_SCREENSHOTS")  # a folder: keep the screenshots to look at


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("TOURNEY_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM}")


def shot(page: object, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def test_a_phone_taps_a_loser_and_the_table_and_wall_change(tmp_path: Path) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    loser = read_floor(url, None).state.tables[0].seats[1]
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        floor = read_floor(url, None)  # the server made the links
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            wall = browser.new_page(viewport={"width": 1920, "height": 1080})
            wall.goto(f"{base}/seating")
            phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            phone.goto(f"{base}/table/1/{floor.table_link(1)}")
            row = phone.locator(f'tr[data-player="{loser}"] td.cards')
            assert row.inner_text() == "1"
            shot(phone, "table-before")
            button = phone.get_by_role("button", name=loser, exact=True)
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 140  # a thumb's target
            button.tap()
            phone.wait_for_selector(".notice.ok")
            assert "entered (event" in phone.locator(".notice").inner_text()
            assert phone.locator(f'tr[data-player="{loser}"] td.cards').inner_text() == "2"
            assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
            shot(phone, "table-after")
            # The wall polls and swaps in the new page within about a second.
            wall.wait_for_function("window.tourneyUpdates >= 1", timeout=5000)
            shot(wall, "wall-after")
            director = browser.new_page(viewport=PHONE, is_mobile=True)
            director.goto(f"{base}/director/{floor.director_link()}")
            recent = director.locator("ul").first.inner_text()
            assert f"result table 1: {loser} loses the round (from table 1)" in recent
            assert director.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            qr = director.locator('tr[data-table="2"] svg').bounding_box()
            assert qr is not None and qr["width"] >= 80  # a phone's camera reads it off the screen
            shot(director, "director")
            lookup = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            lookup.goto(f"{base}/find")
            lookup.fill("input[name=q]", "graz")
            lookup.get_by_role("button", name="Look up").tap()
            lookup.wait_for_selector(".player")
            assert "Grażyna" in lookup.locator(".player h2").inner_text()
            shot(lookup, "lookup")
        finally:
            browser.close()
    assert read_floor(url, None).state.tables[0].counts[loser] == 2
