"""The TV (1920x1080) and the phones (390x844) in Polish and Russian, in the system's Chromium: the
longer words (Russian "Турнирное положение", Polish "Kto przegrał tę rundę?") scroll nothing
sideways, stick out of no edge, and the TV's headings and status words are not cut.
`TOURNEY_FLOOR_SCREENSHOTS=DIR` keeps a screenshot of each page to look at."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from floor_support import serving, sqlite_url
from test_floor_sizes_browser import LONG_NAMES, SIDEWAYS
from test_phone import shot

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.reports import TableReport, progress_mark

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
# A heading, a status word or a table's title the TV cuts with an ellipsis (its text wider than its box).
CUT = """() => [...document.querySelectorAll("header h1, th, td.status, .card h2 span, .stage h2 span, footer a")]
  .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim())"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A Polish event of long names: one result entered, reports of table 2 waiting."""
    url = sqlite_url(tmp_path_factory.mktemp("i18n-sizes"))
    app.new_tournament("Turniej Piątkowy", game="pp", seed=11, lang="pl", db=url)
    app.add_players(LONG_NAMES, db=url)
    app.seat(db=url)
    reports.set_mode("approve", db=url)
    with serving(url) as (base, _process):
        current = read_floor(url, None)
        app.enter_result(1, current.state.tables[0].seats[0], db=url)
        table = current.state.tables[1]
        for key, loser, device in (("a", table.seats[0], "phone-x1y2z3"), ("b", table.seats[1], "phone-q8w7e6")):
            reports.submit(TableReport(2, current.table_link(2), "result", [loser], progress_mark(table), key,
                                       device), db=url)
        yield {"phone": f"{base}/table/2/{current.table_link(2)}", "find": f"{base}/find?q=ewa",
               **{f"tv-{kind}": f"{base}/tv/{kind}" for kind in ("standings", "seating", "tables", "bracket")}}


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("page_name", ["phone", "find", "tv-standings", "tv-seating", "tv-tables", "tv-bracket"])
def test_translated_pages_fit_the_screen(browser: Any, pages: dict[str, str], page_name: str, lang: str) -> None:
    size = TV if page_name.startswith("tv") else PHONE
    page = browser.new_page(viewport=size, is_mobile=size is PHONE, has_touch=size is PHONE)
    try:
        address = pages[page_name]
        page.goto(address + ("&" if "?" in address else "?") + f"lang={lang}", wait_until="load")
        assert page.evaluate("document.documentElement.lang") == lang
        measured = page.evaluate(SIDEWAYS)
        shot(page, f"i18n-{page_name}-{lang}")
        assert measured["scrollWidth"] <= size["width"], measured
        assert measured["wide"] == [], measured
        if size is TV:
            assert page.evaluate(CUT) == []
            assert page.evaluate("document.documentElement.scrollHeight") <= size["height"]
    finally:
        page.close()
