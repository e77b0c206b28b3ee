"""The console's corrections, first draw and the director's advance in the system's Chromium
(Playwright) on a laptop (1280x800) and a phone (390x844): a round result corrected from the log
with the keyboard alone (its form, its preview in the CLI's lines, its confirmation), the first
draw with the plan's overrides previewed with the plan it fixes, the director page's advance with
its preview; no sideways scroll anywhere. TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import focus_is
from floor_support import seated_event, serving, sqlite_url
from test_phone import shot

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Konstantynopolitańczykowianeczka Wielka"]


def no_sideways_scroll(page: Any, size: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], size


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_result_is_corrected_from_the_log_with_the_keyboard(tmp_path: Path, size: str, browser: Any) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES)
    seats = app.tournament_state(db=url).tables[0].seats
    app.enter_result(1, seats[0], db=url)
    target = app.tournament_state(db=url).events[-1].id
    open_floor(db=url)
    with serving(url) as (base, _process):
        context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
        try:
            page = context.new_page()
            page.goto(f"{base}/director/{read_floor(url, None).director_link()}/log")
            no_sideways_scroll(page, size)
            shot(page, f"console-log-correct-links-{size}")
            page.locator(f"#event-{target} a", has_text="Correct…").focus()
            page.keyboard.press("Enter")
            page.locator("#correct").wait_for()
            focus_is(page, "document.activeElement.id", "loser")  # the form has the focus
            no_sideways_scroll(page, size)
            shot(page, f"console-correct-form-{size}")
            page.keyboard.press("Control+A")
            page.keyboard.type(seats[1][:3].lower())  # a prefix, as quick entry reads names
            page.keyboard.press("Enter")
            page.locator("#confirm-correct").wait_for()
            preview = page.locator("pre.preview").inner_text()
            assert preview.startswith(f"Correcting event {target} (result table 1: {seats[0]} loses the round): "
                                      f"loser is {seats[1]}.")
            no_sideways_scroll(page, size)
            shot(page, f"console-correct-preview-{size}")
            focus_is(page, "document.activeElement.textContent", f"Confirm: correct event {target}")
            page.keyboard.press("Enter")
            page.locator(".notice.ok").wait_for()
            stored = app.tournament_state(db=url).events[-1]
            assert page.locator(".notice").inner_text() == f"Applied as event {stored.id}."
            assert stored.kind == "correct" and stored.data == {"target": target, "loser": seats[1]}
            assert f"corrected by {stored.id}" in page.locator(f"#event-{target}").inner_text()
            no_sideways_scroll(page, size)
            shot(page, f"console-correct-applied-{size}")
        finally:
            context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_first_draw_with_overrides_and_the_director_s_advance_fit_the_screen(
        tmp_path: Path, size: str, browser: Any) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Wieczór w Łodzi", game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    open_floor(db=url)
    with serving(url) as (base, _process):
        director = f"{base}/director/{read_floor(url, None).director_link()}"
        context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
        try:
            page = context.new_page()
            page.goto(f"{director}/stage")
            page.fill("#draw-seed", "77")
            page.fill("#draw-table-size", "3")
            page.fill("#draw-advance", "1")
            page.fill("#draw-final-size", "3")
            no_sideways_scroll(page, size)
            shot(page, f"console-stage-overrides-{size}")
            page.locator("#draw-final-size").press("Enter")
            page.locator("#draw-plan").wait_for()
            assert "final table of 3" in page.locator("#draw-plan").inner_text()
            no_sideways_scroll(page, size)
            shot(page, f"console-stage-overrides-preview-{size}")
            page.keyboard.press("Enter")  # the confirmation has the focus
            page.locator("#redraw").wait_for()
            state = read_floor(url, None).state
            assert state.seeds[1] == 77 and state.plan is not None and state.plan.stages[-1].players == 3
            for table in state.tables:
                app.finish(table.number, table.seats, db=url)
            page.goto(director)
            page.get_by_role("button", name="Advance…").focus()
            page.keyboard.press("Enter")
            page.locator("#advance-preview").wait_for()
            assert page.locator("#advance-preview").inner_text().startswith("Stage 1 closed;")
            no_sideways_scroll(page, size)
            shot(page, f"console-director-advance-{size}")
            page.get_by_role("button", name="Yes, advance and seat").press("Enter")
            page.locator(".notice.ok").wait_for()
            assert read_floor(url, None).state.stage == 2
        finally:
            context.close()
