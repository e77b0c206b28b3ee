"""The console's log in the system's Chromium (Playwright) on a laptop (1280x800) and a phone
(390x844): a long name in the log, an undo asked for then confirmed from the keyboard (the
confirmation has the focus), and no sideways scroll on either page. TOURNEY_FLOOR_SCREENSHOTS=DIR
keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from floor_support import seated_event, serving, sqlite_url
from test_phone import CHROMIUM, require_chromium, shot

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Konstantynopolitańczykowianeczka Wielka"]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_an_entry_is_undone_from_the_log_with_the_keyboard(tmp_path: Path, size: str) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES)
    loser = app.tournament_state(db=url).tables[0].seats[0]
    app.enter_result(1, loser, db=url)
    target = app.tournament_state(db=url).events[-1].id
    open_floor(db=url)
    viewport = SIZES[size]
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            console = browser.new_page(viewport=viewport, is_mobile=size == "phone")
            console.goto(f"{base}/director/{read_floor(url, None).director_link()}/log")
            assert console.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(console, f"console-log-{size}")
            console.locator(f"#event-{target} button").press("Enter")
            console.wait_for_selector("#confirm-undo")
            assert console.locator("pre.preview").inner_text().startswith(
                f"Will undo: event {target} (result table 1: {loser} loses the round).")
            assert console.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(console, f"console-log-undo-{size}")
            assert console.evaluate("document.activeElement.textContent") == f"Confirm: undo event {target}"
            console.keyboard.press("Enter")
            console.wait_for_selector(".notice.ok")
            assert console.locator(".notice").inner_text() == f"Undone: event {target}."
            assert "undone" in console.locator(f"#event-{target}").inner_text()
        finally:
            browser.close()
