"""The floor's live pages in a real browser (the system's Chromium, driven by Playwright; nothing
downloaded): a phone's half-filled finish form survives another table's result; the director's
open page shows a new pending report within a second, without a reload; the other phones of the
table see it too; and with no EventSource the pages still update by polling `/_token`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from floor_support import seated_event, serving, sqlite_url
from test_phone import PHONE, shot

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import FloorRead, read_floor
from tourney.app.floor.reports import TableReport, progress_mark

NO_EVENT_SOURCE = "delete window.EventSource;"
NOT_RELOADED = "() => window.sameDocument === true"  # set once after loading: a reload would drop it



@pytest.fixture
def floor(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(database URL, base URL of `tourney serve --lan`) of a seated event of eight, two tables,
    reports waiting for the director."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("approve", db=url)
    with serving(url) as (base, _process):
        yield url, base


def open_page(browser: Any, url: str, *, phone: bool = True, init_script: str = "") -> Any:
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True) if phone else browser.new_page()
    if init_script:
        page.add_init_script(init_script)
    page.goto(url, wait_until="load")
    page.evaluate("() => { window.sameDocument = true; }")
    return page


def links(url: str) -> FloorRead:
    return read_floor(url, None)


def store_pending(url: str, table: int) -> int:
    floor = links(url)
    seated = floor.state.tables[table - 1]
    done = reports.submit(TableReport(table=table, token=floor.table_link(table), kind="result",
                                      names=[seated.seats[-1]], at=progress_mark(seated), key=f"t{table}",
                                      device="phone-test"), db=url)
    assert done.outcome != "entered"
    return done.report.id


def test_a_half_filled_finish_form_keeps_its_choices_when_another_table_reports(
        browser: Any, floor: tuple[str, str]) -> None:
    url, base = floor
    current = links(url)
    phone = open_page(browser, f"{base}/table/1/{current.table_link(1)}")
    seats = current.state.tables[0].seats
    place1 = phone.locator("form.finish select").first
    place1.select_option(seats[2])  # a <select> changed, and nothing focused any more
    phone.locator("h1").click()
    entered = app.enter_result(2, current.state.tables[1].seats[0], db=url).state.events[-1].id
    phone.wait_for_function("() => window.tourneyUpdates >= 1", timeout=5000)
    assert phone.evaluate(NOT_RELOADED)
    assert place1.input_value() == seats[2]
    assert phone.locator(".live-notice").is_visible()  # "New results: tap to refresh"
    shot(phone, "live-held-form")
    # Tapping the notice brings the form up to date (the choice was the user's to drop).
    phone.locator(".live-notice").tap()
    phone.wait_for_function("() => !document.querySelector('.live-notice')", timeout=5000)
    assert phone.evaluate(NOT_RELOADED)
    assert phone.locator("form.finish select").first.input_value() == ""  # a fresh finish: nothing chosen
    assert entered > 0


def test_the_directors_page_shows_a_new_pending_report_within_a_second(browser: Any, floor: tuple[str, str]) -> None:
    url, base = floor
    director = open_page(browser, f"{base}/director/{links(url).director_link()}", phone=False)
    assert director.locator("[data-report]").count() == 0
    number = store_pending(url, 2)
    director.wait_for_selector(f'[data-report="{number}"]', timeout=1000)
    assert director.evaluate(NOT_RELOADED)
    assert "Waiting for you (1)" in director.locator("h2").first.inner_text()
    shot(director, "live-director-pending")


def test_the_other_phones_of_the_table_see_the_pending_report(browser: Any, floor: tuple[str, str]) -> None:
    url, base = floor
    current = links(url)
    address = f"{base}/table/1/{current.table_link(1)}"
    reporter, other = open_page(browser, address), open_page(browser, address)
    loser = current.state.tables[0].seats[1]
    reporter.get_by_role("button", name=loser, exact=True).tap()
    reporter.wait_for_selector(".notice.ok")
    other.wait_for_selector(".queue [data-report]", timeout=2000)  # the table's queue, live
    assert loser in other.locator(".queue [data-report]").first.inner_text()
    assert other.evaluate(NOT_RELOADED)


def test_without_event_source_the_pages_poll_and_still_update(browser: Any, floor: tuple[str, str]) -> None:
    url, base = floor
    director = open_page(browser, f"{base}/director/{links(url).director_link()}", phone=False,
                         init_script=NO_EVENT_SOURCE)
    assert director.evaluate("() => typeof window.EventSource") == "undefined"
    number = store_pending(url, 1)
    director.wait_for_selector(f'[data-report="{number}"]', timeout=5000)  # a poll every 2 s
    assert director.evaluate(NOT_RELOADED)


def test_an_undo_waiting_for_its_confirmation_is_held_while_the_rest_updates(
        browser: Any, floor: tuple[str, str]) -> None:
    url, base = floor
    current = links(url)
    app.enter_result(1, current.state.tables[0].seats[0], db=url)
    director = open_page(browser, f"{base}/director/{current.director_link()}", phone=False)
    director.get_by_role("button", name="Undo…").first.click()  # the log's preview, to confirm
    director.wait_for_selector("text=Confirm: undo event")
    director.evaluate("() => { window.sameDocument = true; }")
    entered = app.enter_result(2, current.state.tables[1].seats[0], db=url).state.events[-1].id  # the desk
    director.wait_for_selector(f"#event-{entered}", timeout=2000)  # the log is current
    assert director.get_by_role("button", name="Confirm: undo event").is_visible()  # the question still waits
    assert director.evaluate(NOT_RELOADED)
