"""A table's phone and the director's page in the system's Chromium at 390x844: the phone reports
two rounds in a row and sees them queued (not disputed), withdraws one, reports a finish that it
must choose in full and confirm; the director's page breaks no name inside a word and accepts the
queue in order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from floor_support import seated_event, serving, sqlite_url
from test_phone import CHROMIUM, PHONE, require_chromium, shot

from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor

LONG_NAMES = ["Katarzyna Lewandowska", "Małgorzata Wiśniewska", "Dawid Kowalczyk", "Bartłomiej Zieliński",
              "Agnieszka Wójcikowska", "Krzysztof Kamiński", "Grzegorz Szymańczyk", "Magdalena Dąbrowska"]

# For every element of `selector`: the words of its text that the layout drew on more than one line.
SPLIT_WORDS = """(selector) => {
  const split = [];
  for (const element of document.querySelectorAll(selector)) {
    const text = element.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const words = text.data.matchAll(/\\S+/g);
    for (const word of words) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) split.push(word[0]);
    }
  }
  return split;
}"""


def test_a_phone_queues_withdraws_and_confirms_and_the_director_takes_the_queue(tmp_path: Path) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    seated_event(url, names=LONG_NAMES)
    reports.set_mode("approve", db=url)
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        floor = read_floor(url, None)
        seats = floor.state.tables[0].seats
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            phone: Any = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            phone.goto(f"{base}/table/1/{floor.table_link(1)}")
            phone.get_by_role("button", name=seats[0], exact=True).tap()
            phone.wait_for_selector('li[data-report="1"]')
            phone.get_by_role("button", name=seats[1], exact=True).tap()
            phone.wait_for_selector('li[data-report="2"]')
            assert phone.locator(".notice").count() == 1  # said once, the queue below shows the rest
            assert "next for the director" in phone.locator('li[data-report="1"]').inner_text()
            assert "after report 1" in phone.locator('li[data-report="2"]').inner_text()
            assert "disputes" not in phone.content().lower()
            assert "from your phone" in phone.locator('li[data-report="2"]').inner_text()
            assert "phone-" not in phone.locator("ul.queue").inner_text()  # no random label shown
            shot(phone, "queue")
            phone.locator('li[data-report="2"]').get_by_role("button", name="Withdraw").tap()
            phone.wait_for_selector("text=report 2 withdrawn")
            assert phone.locator('li[data-report="2"]').count() == 0
            assert phone.locator('li[data-report="1"]').count() == 1
            # The finish: nothing chosen until each place is, then shown back, then confirmed.
            places = phone.locator("form.finish select")
            assert places.count() == len(seats)
            assert [places.nth(i).input_value() for i in range(places.count())] == [""] * len(seats)
            order = list(reversed(seats))
            for i, name in enumerate(order):
                places.nth(i).select_option(name)
            phone.get_by_role("button", name="Check the finish…").tap()
            phone.wait_for_selector("form.confirm")
            assert phone.locator("form.confirm ol.order li").all_inner_texts() == order
            assert len(reports.pending(db=url).reports) == 1  # nothing stored by the first step
            shot(phone, "finish-confirm")
            phone.get_by_role("button", name="Confirm").tap()
            phone.wait_for_selector('li[data-report="3"]')
            assert "finish waits for the director" in phone.content()

            director: Any = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            director.goto(f"{base}/director/{floor.director_link()}")
            assert director.evaluate(SPLIT_WORDS, ".links .name") == []
            assert director.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            assert "accept report 1 first" in director.locator('div[data-report="3"]').inner_text()
            assert "phone 1 at table 1" in director.locator('div[data-report="3"]').inner_text()
            shot(director, "director-queue")
            director.locator('div[data-report="1"]').get_by_role("button", name="Accept").tap()
            director.wait_for_selector("text=Report 1 entered")
            director.locator('div[data-report="3"]').get_by_role("button", name="Accept").tap()
            director.wait_for_selector("text=Report 3 entered")
        finally:
            browser.close()
    state = read_floor(url, None).state
    assert state.tables[0].finished and state.events[-1].data["order"] == list(reversed(seats))
