"""The pages' scripts run under the Content-Security-Policy in a real browser: the system's
Chromium, driven by Playwright against a real `tourney serve --lan`, opens the phone's page, the
director's, the wall and the TV; each page's script has run (it marks the page) and the console
shows no CSP violation. Nothing is downloaded: Playwright launches /usr/bin/chromium."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import seated_event, serving, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("TOURNEY_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"no Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM}")


def test_the_pages_scripts_run_under_the_policy(tmp_path: Path) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        floor = read_floor(url, None)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        violations: list[str] = []

        def opened(path: str, **options: Any) -> Any:
            page = browser.new_page(bypass_csp=False, **options)  # the suite bypasses it by default
            page.on("console", lambda message: violations.append(f"{path}: {message.text}")
                    if "Content Security Policy" in message.text else None)
            page.on("pageerror", lambda error: violations.append(f"{path}: {error}"))
            page.goto(f"{base}{path}")
            page.wait_for_load_state("load")  # the inline scripts have run by then
            return page

        try:
            phone = opened(f"/table/1/{floor.table_link(1)}", viewport={"width": 390, "height": 844})
            # Each page's script ran: it named the phone's device, set the TV's and the wall's counters.
            # (evaluate, not wait_for_function: polling a predicate is an eval the policy forbids.)
            assert phone.evaluate("document.querySelector('input[name=device]').value").startswith("phone-")
            director = opened(f"/director/{floor.director_link()}")
            tv = opened("/tv/standings", viewport={"width": 1920, "height": 1080})
            assert tv.evaluate("window.tvUpdates") == 0
            wall = opened("/standings")
            assert wall.evaluate("window.tourneyUpdates") == 0
            for page in (phone, director, tv, wall):
                page.wait_for_timeout(300)  # a late violation report
        finally:
            browser.close()
    assert violations == []


def test_the_tv_fits_a_formats_own_bracket_under_the_policy(tmp_path: Path) -> None:
    """The TV frames a round robin's crosstable sheet (framed by its own server only) and scales it
    by the frame's inline `onload` handler, allowed by its hash (a knockout is drawn for the TV)."""
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="round-robin", best_of=3, seed=5, db=url)
    app.add_players(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"], db=url)
    app.seat(db=url)
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        violations: list[str] = []
        try:
            tv = browser.new_page(bypass_csp=False, viewport={"width": 1920, "height": 1080})
            tv.on("console", lambda message: violations.append(message.text)
                  if "Content Security Policy" in message.text else None)
            tv.goto(f"{base}/tv/bracket")
            tv.wait_for_load_state("load")  # the frame's too, and its onload handler has run
            tv.wait_for_timeout(300)
            zoom = tv.evaluate("parseFloat(document.querySelector('iframe.sheet').contentDocument"
                               ".documentElement.style.zoom)")
            assert zoom > 0  # fitSheet scaled the sheet
            assert "Dee" in tv.frame_locator("iframe.sheet").locator("body").inner_text()
        finally:
            browser.close()
    assert violations == []
