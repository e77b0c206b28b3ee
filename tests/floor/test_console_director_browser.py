"""The director's page's finishing touches in the system's Chromium (Playwright), on a laptop
(1280x800) and a phone (390x844), with the keyboard alone: an entry's Undo… leads to the log's
preview (the confirmation has the focus) and is confirmed there; the reporting mode is switched
from the page; the print page shows the console's nav line on screen and not in print. No sideways
scroll anywhere. TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import (
    SIZES,
    console_page,
    director_path,
    no_sideways_scroll,
    one_round_lost,
    undo_confirmed_by_keyboard,
)
from floor_support import sqlite_url
from test_phone import shot

from tourney.app.floor.floor_read import read_floor


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_floor_s_undo_mode_and_print_nav_by_keyboard(browser: Any, tmp_path: Path, size: str) -> None:
    url = sqlite_url(tmp_path)
    loser, target = one_round_lost(url)
    viewport = SIZES[size]
    with console_page(browser, url, size) as (console, base):
        director = base + director_path(url)
        console.goto(director)
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-director-{size}")

        console.locator(f'li[data-event="{target}"] button').press("Enter")
        console.wait_for_selector("#confirm-undo")
        assert console.url == f"{director}/log/undo/{target}"  # the log's own preview
        undo_confirmed_by_keyboard(console, target, loser, viewport["width"], f"console-director-undo-{size}")

        console.goto(director)
        assert "kept for your approval" in console.locator("#mode").inner_text()
        console.locator('#mode button[value="apply"]').press("Enter")
        console.wait_for_selector(".notice.ok")
        assert console.locator(".notice").inner_text() == "Reports from the tables are entered at once."
        assert "entered at once" in console.locator("#mode strong").inner_text()
        assert read_floor(url, None).mode == "apply"
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-director-mode-{size}")

        console.goto(f"{director}/print")
        nav = console.locator("nav.console")
        assert nav.is_visible() and nav.locator('[aria-current="page"]').inner_text() == "Print"
        nav.locator("a", has_text="The log").press("Enter")  # the keyboard goes on from the nav line
        console.wait_for_url(f"{director}/log")
        console.go_back()
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-print-nav-{size}")
        console.emulate_media(media="print")
        assert not console.locator("nav.console").is_visible()
