"""The phone's page, the director's page and the TV in a real browser (the system's Chromium, driven
by Playwright; nothing downloaded) at a phone's 390x844, a laptop's 1280x800 and a TV's 1920x1080:
no page scrolls sideways and no element is wider than the screen or sticks out of its right edge,
with long names, a result entered and reports waiting for the director.
`TOURNEY_FLOOR_SCREENSHOTS=DIR` keeps a screenshot of every page at every size to look at."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from floor_support import seated_event, serving, sqlite_url
from test_phone import shot

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.reports import TableReport, progress_mark

SIZES = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}, {"width": 1920, "height": 1080}]
LONG_NAMES = ["Krzysztof Brzęczyszczykiewicz", "Małgorzata Wiśniewska-Kowalczyk", "Dawid Lewandowski",
              "Grażyna Szczepańska", "Ewa Kamińska", "Bartłomiej Przybyszewski", "Anna Dudek",
              "Konstantynopolitańczykowianeczka"]

# What sticks out sideways: the page's own scroll width, and every visible element of the body whose
# box is wider than the viewport or whose right edge passes it.
SIDEWAYS = """() => {
  const width = innerWidth;
  const wide = [...document.querySelectorAll("body *")].filter(el => {
    const box = el.getBoundingClientRect();
    return box.width && box.height && (box.width > width + 1 || box.right > width + 1 || box.left < -1);
  }).map(el => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().width)}px`);
  return {scrollWidth: document.documentElement.scrollWidth, width, wide};
}"""



@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The address of each page of a seated event of eight long names, two tables, one result
    entered, and two phones of table 2 disagreeing about its next round (waiting for the director)."""
    url = sqlite_url(tmp_path_factory.mktemp("sizes"))
    seated_event(url, names=LONG_NAMES)
    reports.set_mode("approve", db=url)
    with serving(url) as (base, _process):
        current = read_floor(url, None)
        app.enter_result(1, current.state.tables[0].seats[0], db=url)
        table = current.state.tables[1]
        for key, loser, device in (("a", table.seats[0], "phone-x1y2z3"), ("b", table.seats[1], "phone-q8w7e6")):
            reports.submit(TableReport(2, current.table_link(2), "result", [loser], progress_mark(table), key,
                                       device), db=url)
        yield {"phone": f"{base}/table/2/{current.table_link(2)}",
               "director": f"{base}/director/{current.director_link()}",
               "tv-standings": f"{base}/tv/standings", "tv-tables": f"{base}/tv/tables"}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
@pytest.mark.parametrize("page_name", ["phone", "director", "tv-standings", "tv-tables"])
def test_no_page_scrolls_sideways_at_any_size(browser: Any, floor: dict[str, str], page_name: str,
                                              size: dict[str, int]) -> None:
    page = browser.new_page(viewport=size, is_mobile=size["width"] < 600, has_touch=size["width"] < 600)
    try:
        page.goto(floor[page_name], wait_until="load")
        measured = page.evaluate(SIDEWAYS)
        shot(page, f"{page_name}-{size['width']}x{size['height']}")
        assert measured["scrollWidth"] <= size["width"], measured
        assert measured["wide"] == [], measured
    finally:
        page.close()
