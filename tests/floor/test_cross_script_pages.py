"""Issue 29 item 4 on the floor's and the console's pages: the phones' /find look-up finds Вера by
`vera` (over HTTP, and typed into the page in Chromium as a player would), the console's players
search and log filter find her the same way, and the console's entry line completes `ve` to Вера."""

from __future__ import annotations

import html
import json
import re
import urllib.parse
from collections.abc import Iterator
from functools import partial

import pytest
from console_support import Floor, director_path, seated_and_open, served
from floor_support import request
from test_phone import CHROMIUM, PHONE, require_chromium, shot

from tourney.app.floor.floor_read import read_floor

NAMES = ["Вера Иванова", "Борис", "Ewa Nowak", "Глеб", "Юрий", "Tomasz", "Анна", "Zenon"]


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """(base URL, database URL): eight players, half of them Cyrillic, at two Polish Poker tables."""
    yield from served(tmp_path_factory.mktemp("cross-script"), partial(seated_and_open, names=NAMES))


def found_on_find(page: str) -> list[str]:
    return [html.unescape(name) for name in re.findall(r'<h2>([^<]*)</h2>', page)]


def test_the_find_page_finds_вера_by_vera(floor: Floor) -> None:
    base, _url = floor
    status, page = request(base + "/find?q=vera")
    assert status == 200 and found_on_find(page) == ["Вера Иванова"]
    assert found_on_find(request(base + "/find?q=" + urllib.parse.quote("ива"))[1]) == ["Вера Иванова"]
    assert found_on_find(request(base + "/find?q=ivan")[1]) == ["Вера Иванова"]  # the surname's start
    assert found_on_find(request(base + "/find?q=" + urllib.parse.quote("ева"))[1]) == ["Ewa Nowak"]
    assert found_on_find(request(base + "/find?q=yuri")[1]) == ["Юрий"]


def test_the_console_search_log_filter_and_completion_read_across_scripts(floor: Floor) -> None:
    base, url = floor
    page = request(base + director_path(url) + "/players?q=vera")[1]
    region = page.split('data-live="players"', 1)[1]
    assert [html.unescape(n) for n in re.findall(r'<td class="name">([^<]*)</td>', region)] == ["Вера Иванова"]
    log = request(base + director_path(url) + "/log?player=vera")[1]
    assert "register Вера Иванова" in html.unescape(log) and "register Борис" not in html.unescape(log)
    state = read_floor(url, None).state
    table = next(t.number for t in state.tables if "Вера Иванова" in t.seats)
    answer = json.loads(request(f"{base}{director_path(url)}/results/complete?line=result+{table}+ve")[1])
    assert [c["text"] for c in answer] == ["'Вера Иванова'"]


def test_a_player_types_vera_into_the_find_page(floor: Floor) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    base, _url = floor
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            lookup = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            lookup.goto(f"{base}/find")
            lookup.fill("input[name=q]", "vera")
            lookup.get_by_role("button", name="Look up").tap()
            lookup.wait_for_selector(".player")
            assert lookup.locator(".player h2").all_inner_texts() == ["Вера Иванова"]
            shot(lookup, "lookup-cross-script")
        finally:
            browser.close()

