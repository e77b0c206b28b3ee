"""The console's log in the system's Chromium (Playwright) on a laptop (1280x800) and a phone
(390x844): a long name in the log, an undo asked for then confirmed from the keyboard (the
confirmation has the focus), and no sideways scroll on either page. TOURNEY_FLOOR_SCREENSHOTS=DIR
keeps the screenshots to look at."""

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


@pytest.mark.parametrize("size", sorted(SIZES))
def test_an_entry_is_undone_from_the_log_with_the_keyboard(browser: Any, tmp_path: Path, size: str) -> None:
    url = sqlite_url(tmp_path)
    loser, target = one_round_lost(url)
    viewport = SIZES[size]
    with console_page(browser, url, size) as (console, base):
        console.goto(base + director_path(url, "log"))
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-log-{size}")
        console.locator(f"#event-{target} button").press("Enter")
        undo_confirmed_by_keyboard(console, target, loser, viewport["width"], f"console-log-undo-{size}")
        assert "undone" in console.locator(f"#event-{target}").inner_text()
