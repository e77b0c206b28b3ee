"""The console's results, players and log pages in Polish and Russian in the system's Chromium
(Playwright), on a laptop (1280x800) and a phone (390x844): Polish and Russian words are longer than
English ones, and the pages still fit (no sideways scroll), the log's undo preview and a drop's
confirmation included. TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import LONG_NAMES, SIZES, console_page, director_path, no_sideways_scroll
from floor_support import sqlite_url
from test_phone import shot

from tourney import app
from tourney.app.floor.floor_read import open_floor

NAMES = [*LONG_NAMES[:6], "Константин Константинопольский", "Łukasz Żółć-Brzęczyszczykiewicz"]
HEADINGS = {"pl": ("wyniki", "gracze", "dziennik"), "ru": ("результаты", "игроки", "журнал")}


def polish_evening(url: str) -> None:
    app.new_tournament("Turniej Piątkowy", game="pp", seed=11, lang="pl", db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    state = app.tournament_state(db=url)
    app.enter_result(1, state.tables[0].seats[0], db=url)
    app.enter_result(2, state.tables[1].seats[-1], db=url)
    open_floor(db=url)


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_console_in_polish_and_russian_fits_the_screen(browser: Any, tmp_path: Path, size: str,
                                                           lang: str) -> None:
    url = sqlite_url(tmp_path)
    polish_evening(url)
    width = SIZES[size]["width"]
    results, players, log = HEADINGS[lang]
    with console_page(browser, url, size) as (console, base):
        console.goto(f"{base}{director_path(url, 'results')}?lang={lang}")
        assert console.evaluate("document.documentElement.lang") == lang
        assert console.locator("h1").inner_text().endswith(results)
        no_sideways_scroll(console, width)
        shot(console, f"console-{lang}-results-{size}")
        console.goto(f"{base}{director_path(url, 'players')}?lang={lang}")
        assert console.locator("h1").inner_text().endswith(players)
        no_sideways_scroll(console, width)
        shot(console, f"console-{lang}-players-{size}")
        # A row's Drop…: the confirmation, in the chosen language, still fits.
        console.locator("tr", has=console.locator("td.name", has_text=NAMES[6])).locator("button").click()
        console.wait_for_selector("#confirm-drop")
        assert f"lang={lang}" in console.url
        no_sideways_scroll(console, width)
        shot(console, f"console-{lang}-players-drop-{size}")
        # The log, then an entry's Undo…: its preview (the CLI's lines) under the page's words.
        console.locator("nav.console a", has_text={"pl": "Dziennik", "ru": "Журнал"}[lang]).click()
        console.wait_for_selector("table.log")
        assert console.locator("h1").inner_text().endswith(log) and f"lang={lang}" in console.url
        no_sideways_scroll(console, width)
        shot(console, f"console-{lang}-log-{size}")
        console.locator("tr.result button").first.click()
        console.wait_for_selector("#confirm-undo")
        assert console.evaluate("document.documentElement.lang") == lang
        no_sideways_scroll(console, width)
        shot(console, f"console-{lang}-log-undo-{size}")


def knockout(url: str) -> None:
    app.new_tournament("Puchar Wiosny", game="khlyust", format="knockout", best_of=3, third_place=True, seed=7,
                       lang="pl", db=url)
    app.add_players(["Вера", "Хлюстовщик", "Wojciech", "Дмитрий", "Konstantynopolitańczykowianeczka Wielka",
                     "Łukasz Żółć"], db=url)
    app.seat(db=url)
    table = app.tournament_state(db=url).tables[0]
    app.finish(table.number, list(table.seats), db=url)
    open_floor(db=url)


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("event", ["polish poker", "knockout"])
def test_the_director_s_page_in_polish_and_russian_fits_the_screen(browser: Any, tmp_path: Path, size: str,
                                                                   lang: str, event: str) -> None:
    url = sqlite_url(tmp_path)
    (polish_evening if event == "polish poker" else knockout)(url)
    with console_page(browser, url, size) as (console, base):
        console.goto(f"{base}{director_path(url)}?lang={lang}")
        assert console.evaluate("document.documentElement.lang") == lang
        no_sideways_scroll(console, SIZES[size]["width"])
        shot(console, f"director-{lang}-{event.replace(' ', '-')}-{size}")
