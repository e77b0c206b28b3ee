"""The console's stage page in the system's Chromium (Playwright): reached from the director's page
with the keyboard, the draw previewed and confirmed, on a laptop and on a phone without sideways
scrolling."""

from __future__ import annotations

from pathlib import Path

import pytest
from floor_support import NAMES, serving, sqlite_url
from test_phone import CHROMIUM, PHONE, require_chromium, shot

from tourney import app
from tourney.app.floor.floor_read import read_floor

LAPTOP = {"width": 1280, "height": 800}


def test_the_stage_page_previews_and_confirms_a_draw_on_a_laptop_and_a_phone(tmp_path: Path) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    for name, size, mobile in (("laptop", LAPTOP, False), ("phone", PHONE, True)):
        url = sqlite_url(tmp_path, f"{name}.db")
        app.new_tournament("Wieczór w Łodzi", game="pp", seed=11, db=url)
        app.add_players(NAMES, db=url)
        with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
            director = f"{base}/director/{read_floor(url, None).director_link()}"
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_context(viewport=size, is_mobile=mobile, has_touch=mobile).new_page()
                page.goto(director)
                page.locator("#stage-link").focus()  # the keyboard reaches it from the director's page
                page.keyboard.press("Enter")
                page.wait_for_url(f"{director}/stage")
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
                shot(page, f"console-stage-{name}")
                page.fill("#draw-seed", "77")
                page.keyboard.press("Enter")
                page.locator("#draw-preview").wait_for()
                assert "(seed 77)" in page.locator("#draw-preview").inner_text()
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
                shot(page, f"console-stage-preview-{name}")
                page.get_by_role("button", name="Confirm this draw").click()
                page.locator("#redraw").wait_for()
                assert read_floor(url, None).state.seeds[1] == 77
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
                shot(page, f"console-stage-seated-{name}")
            finally:
                browser.close()
