"""The console's results page in the system's Chromium (Playwright), under the pages' own
Content-Security-Policy (the entry line's script must run from 'self'), on a laptop (1280x800) and
a phone (390x844): entries typed with the keyboard alone (`1 an<Tab>` completed as the desk
completes, Enter, the answer in the CLI's lines, the line cleared and focused again; several
candidates listed; a refusal keeps the line), a tap on a table's card, an entry made elsewhere
reaching the cards without a reload, and no sideways scroll.
TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import LONG_NAMES, SIZES, console_app, director_path, no_sideways_scroll, seated_and_open
from floor_support import sqlite_url
from test_phone import shot

from tourney import app
from tourney.app.floor.console_entry import completions
from tourney.app.input.entry_complete import quote
from tourney.app.read_models.table_views import entry_lines


def unique_prefix(url: str, table: int) -> tuple[str, str]:
    """(what to type, whom it completes to): the shortest start of a name at `table` that completes
    to that name alone, typed in lower case and without diacritics."""
    state = app.tournament_state(db=url)
    for name in state.table(table).still_in:
        for length in range(1, len(name) + 1):
            typed = name[:length].lower().replace("ż", "z")
            if len(completions(state, f"{table} {typed}")) == 1:
                return typed, name
    raise AssertionError("no name completes alone")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_results_are_typed_with_the_keyboard_and_tapped_on_a_card(tmp_path: Path, size: str, browser: Any) -> None:
    from playwright.sync_api import expect

    url = sqlite_url(tmp_path)
    seated_and_open(url, LONG_NAMES)
    viewport = SIZES[size]
    path = director_path(url, "results")
    with console_app(url) as base:
        page = browser.new_page(viewport=viewport, is_mobile=size == "phone", has_touch=size == "phone",
                                bypass_csp=False)
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        try:
            page.goto(base + path)
            line = page.locator("#entry-line")
            expect(line).to_be_focused()
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-results-{size}")

            typed, name = unique_prefix(url, 1)
            page.keyboard.type(f"1 {typed}")
            page.keyboard.press("Tab")
            expect(line).to_have_value(f"1 {quote(name)} ")
            expect(line).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.locator("#answer .said")).to_have_text(f"result 1 {quote(name)}")
            state = app.tournament_state(db=url)
            assert state.events[-1].kind == "result" and state.events[-1].data == {"table": 1, "loser": name}
            expect(page.locator("#answer pre")).to_have_text("\n".join(entry_lines(state, state.table(1))))
            expect(line).to_have_value("")
            expect(line).to_be_focused()
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-results-answer-{size}")

            # The answer is a new page: its deferred entry.js, which completes on Tab, runs before
            # DOMContentLoaded, and a loaded machine may still be parsing when the answer shows.
            page.wait_for_load_state("domcontentloaded")
            page.keyboard.type("result 2 ")
            page.keyboard.press("Tab")  # several players: listed under the line
            candidates = page.locator("#entry-candidates button")
            expect(candidates).to_have_count(len(state.table(2).still_in))
            expect(line).to_be_focused()
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-results-candidates-{size}")
            typed, name = unique_prefix(url, 2)
            page.keyboard.type(typed)
            page.keyboard.press("Tab")
            expect(line).to_have_value(f"result 2 {quote(name)} ")
            page.keyboard.press("Tab")  # nothing new to complete: Tab moves on, out of the line
            expect(line).not_to_be_focused()
            line.focus()
            page.keyboard.press("Enter")
            expect(page.locator("#answer .said")).to_have_text(f"result 2 {quote(name)}")

            page.keyboard.type("5 kam")
            page.keyboard.press("Enter")
            expect(page.locator("#answer.bad pre")).to_have_text("error: no table 5 in stage 1 (tables 1-2)")
            expect(line).to_have_value("5 kam")  # kept, to be corrected
            expect(line).to_be_focused()
            shot(page, f"console-results-refused-{size}")

            before = app.tournament_state(db=url).last_event_id
            button = page.locator("#table-2 button.loss").first
            loser = button.inner_text().removesuffix(" lost a round")
            if size == "phone":
                button.tap()
            else:
                button.click()
            expect(page.locator("#answer .said")).to_have_text(f"result 2 {quote(loser)}")
            state = app.tournament_state(db=url)
            assert state.last_event_id == before + 1 and state.events[-1].data == {"table": 2, "loser": loser}
            no_sideways_scroll(page, viewport["width"])
            shot(page, f"console-results-tapped-{size}")

            # An entry made elsewhere (the desk, a phone) reaches the cards without a reload.
            other = app.tournament_state(db=url).table(1).still_in[-1]
            app.enter_result(1, other, db=url)
            expect(page.locator("#table-1 pre")).to_have_text("\n".join(app.tables(db=url).table(1).lines()))
            # A refusal's page is a 409 (Chromium logs that); a script error or a policy's block is not.
            assert [e for e in errors if not e.startswith("Failed to load resource")] == []
        finally:
            page.close()
