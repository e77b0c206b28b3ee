"""The TV and the wall on the change feed, in a real browser (the system's Chromium, driven by
Playwright; nothing downloaded): with `/_token` out of reach, only `/_live` can tell them of an
entry, and the TV shows it within two seconds, the wall's sheet too, both without a reload."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import seated_event, serving, sqlite_url
from test_tv_browser import TV

from tourney import app
from tourney.app.floor.wall import open_wall


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    url = sqlite_url(tmp_path)
    seated_event(url)
    with serving(url) as (base, _process):
        yield url, base


def feed_only_page(browser: Any, address: str) -> Any:
    """A page at `address` that cannot poll: every request for the token fails."""
    page = browser.new_page(viewport=TV)
    page.route("**/_token", lambda route: route.abort())
    page.goto(address, wait_until="load")
    page.evaluate("() => { window.sameDocument = true; }")
    return page


def first_loser(url: str) -> str:
    with open_wall(url, None) as wall:
        return wall.read().state.tables[0].seats[0]


def test_the_tv_updates_from_the_feed_within_two_seconds(browser: Any, served: tuple[str, str]) -> None:
    url, base = served
    tv = feed_only_page(browser, f"{base}/tv/tables")
    loser = first_loser(url)
    cell = f'section[data-table="1"] tr[data-player="{loser}"] td.value'
    assert tv.locator(cell).inner_text() == "1"
    app.enter_result(1, loser, db=url)
    tv.wait_for_function("() => window.tvUpdates >= 1", timeout=2000)
    assert tv.locator(cell).inner_text() == "2"
    assert tv.evaluate("() => window.sameDocument === true")
    tv.close()


def test_the_wall_updates_from_the_feed(browser: Any, served: tuple[str, str]) -> None:
    url, base = served
    wall = feed_only_page(browser, f"{base}/seating")
    wall.evaluate("() => { document.querySelector('main').dataset.drawn = 'before'; }")
    app.enter_result(1, first_loser(url), db=url)
    wall.wait_for_function("() => window.tourneyUpdates >= 1", timeout=2000)
    assert wall.evaluate("() => window.sameDocument === true")
    assert wall.locator("main[data-drawn]").count() == 0  # the sheet was drawn again, in place
    wall.close()
