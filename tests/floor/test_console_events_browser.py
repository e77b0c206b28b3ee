"""The console's events page in the system's Chromium (Playwright) on a laptop (1280x800) and a phone
(390x844), the keyboard alone: `tourney serve --lan` on a database file that does not exist yet,
its console link opened, an event created (a refusal first, the form kept as typed), then chosen:
the page goes to that event's director page and the wall shows it. No sideways scroll.
TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from floor_support import serving, sqlite_url
from test_phone import PHONE, shot

from tourney.app.floor.console_events import console_of
from tourney.app.floor.floor_read import read_floor
from tourney.app.store.database import open_db

LAPTOP = {"width": 1280, "height": 800}


def no_sideways_scroll(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("Math.max(...[...document.querySelectorAll('body *')]"
                         ".map(e => e.getBoundingClientRect().right))") <= width


def tab_to(page: Any, selector: str, limit: int = 60) -> None:
    """Press Tab until the element `selector` has the focus (as a keyboard user reaches it)."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement === document.querySelector({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize(("size", "viewport"), [("laptop", LAPTOP), ("phone", PHONE)])
def test_an_event_is_created_and_chosen_with_the_keyboard(tmp_path: Path, browser: Any, size: str,
                                                          viewport: dict[str, int]) -> None:
    url = sqlite_url(tmp_path, "new.db")
    mobile = size == "phone"
    with serving(url) as (base, _process):
        with open_db(url, read_only=True) as database:
            console = f"{base}/console/{console_of(database).link()}/"
        context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
        try:
            page = context.new_page()
            page.goto(console)
            assert page.locator("#no-events").inner_text() == "No event yet: create the first one below."
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-events-empty-{size}")
            tab_to(page, "#new-name")
            page.keyboard.type("123")  # only digits: refused as `tourney new 123` is
            tab_to(page, "#new-format")
            page.keyboard.press("ArrowDown")  # a select is chosen with the keys: stages, then knockout
            assert page.input_value("#new-format") == "knockout"
            tab_to(page, "#options summary")
            page.keyboard.press("Enter")  # the format's options open
            tab_to(page, "#new-best-of")
            page.keyboard.type("3")
            tab_to(page, "#new-third-place")
            page.keyboard.press("Space")
            tab_to(page, "#new button[type=submit]")
            page.keyboard.press("Enter")
            page.wait_for_selector(".notice.bad")
            assert page.locator("#notice").inner_text() == ("a tournament name cannot be only digits ('123'): "
                                                            "it would read as an id")
            assert page.input_value("#new-best-of") == "3" and page.is_checked("#new-third-place")
            assert page.locator("#options").get_attribute("open") is not None
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-events-refused-{size}")
            page.fill("#new-name", "")
            tab_to(page, "#new-name")
            page.keyboard.type("Wieczór <b>pokera</b> w Łodzi, turniej pucharowy")
            tab_to(page, "#new button[type=submit]")
            page.keyboard.press("Enter")
            page.wait_for_selector(".notice.ok")
            assert page.locator("#notice").inner_text().startswith(
                "Created tournament 'Wieczór <b>pokera</b> w Łodzi, turniej pucharowy' (id 1, polish-poker, "
                "knockout, best of 3, third-place match")
            assert page.locator("li.current .name").inner_text() == "Wieczór <b>pokera</b> w Łodzi, turniej pucharowy"
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-events-created-{size}")
            tab_to(page, 'li[data-event="1"] button')
            page.keyboard.press("Enter")
            page.wait_for_url(f"{base}/director/*")
            assert page.url == f"{base}/director/{read_floor(url, None).director_link()}"
            assert page.locator("h1").inner_text() == "Wieczór <b>pokera</b> w Łodzi, turniej pucharowy: the floor"
            shot(page, f"console-events-director-{size}")
            tab_to(page, "#events-link")  # and back to the events from the director's page
            page.keyboard.press("Enter")
            page.wait_for_url(console)
            wall = context.new_page()
            wall.goto(f"{base}/standings")
            assert "Wieczór <b>pokera</b> w Łodzi" in wall.locator("body").inner_text()
        finally:
            context.close()
