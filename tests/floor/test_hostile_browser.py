"""The floor's load test with a real browser: a hostile client on loopback holds 1,000 slow or idle
connections (headers half-sent, bodies never sent, kept alive after a request; each from its own
source port) while a real phone (the system's Chromium, driven by Playwright; nothing downloaded)
opens its table's page, taps a round's loser and sees the answer within 1 s, and the TV's
standings, open since before the flood, update within 2 s without a reload.

The server is held to macOS's default of 256 open files, so that without its caps the flood would
take every descriptor, and its deadlines are longer than the test, so that the caps alone make the
room (no connection of the flood times out meanwhile). The browser's timeouts are the pass
condition, a bound on correctness, not a benchmark."""

from __future__ import annotations

import resource
from pathlib import Path
from typing import Any

import pytest
from hostile_support import raise_own_open_files, serving_bounded
from test_hostile_connections import floor_url, thousand_slow_or_idle
from test_phone import PHONE, shot

from tourney.app.floor.floor_read import read_floor

PHONE_MS = 1000
TV_MS = 2000
TV = {"width": 1920, "height": 1080}
MACOS_OPEN_FILES = 256
HELD = ("--header-seconds", "600", "--body-seconds", "600")  # the flood is never timed out meanwhile


def macos_open_files() -> None:
    """The server's open-files limit, soft and hard, at macOS's default: it cannot raise it."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (MACOS_OPEN_FILES, MACOS_OPEN_FILES))



@pytest.mark.parametrize(("sources", "bounds"), [
    pytest.param(["127.0.0.2"], (), id="one-address-per-address-cap"),
    pytest.param([f"127.0.1.{n}" for n in range(1, 101)], (), id="100-addresses-total-cap"),
])
def test_under_a_thousand_hostile_connections_a_real_phone_reports_and_the_tv_updates(
        browser: Any, tmp_path: Path, sources: list[str], bounds: tuple[str, ...]) -> None:
    raise_own_open_files(8192)
    url = floor_url(tmp_path)  # reports are entered at once: the TV shows the phone's round
    printed: list[str] = []
    with serving_bounded(url, *HELD, *bounds, preexec=macos_open_files, printed=printed) as (base, _process):
        current = read_floor(url, None)
        loser = current.state.tables[0].seats[1]
        tv = browser.new_page(viewport=TV)
        tv.goto(f"{base}/tv/standings", wait_until="load")
        tv.evaluate("() => { window.sameDocument = true; }")
        assert tv.evaluate("() => window.tvUpdates || 0") == 0
        held = thousand_slow_or_idle(int(base.rsplit(":", 1)[1]), sources)
        phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            assert len(held) >= 300  # the flood is really there while the phone works
            phone.goto(f"{base}/table/1/{current.table_link(1)}", wait_until="load", timeout=PHONE_MS)
            phone.get_by_role("button", name=loser, exact=True).tap(timeout=PHONE_MS)
            phone.wait_for_selector(".notice.ok", timeout=PHONE_MS)
            assert "entered (event" in phone.locator(".notice").inner_text()
            assert phone.locator(f'tr[data-player="{loser}"] td.cards').inner_text() == "2"
            tv.wait_for_function("() => window.tvUpdates >= 1", timeout=TV_MS)
            assert tv.evaluate("() => window.sameDocument === true")
            shot(phone, "hostile-phone")
            shot(tv, "hostile-tv")
        finally:
            for client in held:
                client.close()
            phone.close()
            tv.close()
    assert "Traceback" not in printed[0]
