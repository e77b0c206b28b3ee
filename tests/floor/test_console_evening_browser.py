"""Issue 28's test: a whole evening from an empty database to the champion through the director's
console alone, in the system's Chromium (Playwright), then typed at the CLI on a twin database: the
two event logs are equal (kinds, data, order, undone and corrected marks; ids aside).

The 40-player Polish Poker evening has an upload, a late entry, a drop, results typed on the entry
line and tapped on a table's buttons, whole finishes, two corrections, an undo of an advance, a
printed sheet and the standings downloaded, and a second browser making a preview stale (its
confirmation is refused and changes nothing). The 16-player knockout is created beside it in the
same database from the events page and played to its champion. TOURNEY_FLOOR_SCREENSHOTS=DIR keeps
a screenshot of every page at the laptop's size and the phone's."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from evening_support import Twin, cli, finish_line, log_of, players_csv, playing, still_in
from floor_support import serving, sqlite_url
from test_phone import shot

from tourney import app

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample_players.csv"


def sample_players() -> list[tuple[str, str]]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[1:]
    return [(row.split(",")[0], row.split(",")[1] if "," in row else "") for row in lines if row.strip()]


class Console:
    """The director's console in one browser page, its every change recorded as the CLI line that
    makes it (`twin`)."""

    def __init__(self, page: Any, base: str, twin: Twin, size: dict[str, int], label: str) -> None:
        self.page, self.base, self.twin, self.size, self.label = page, base, twin, size, label
        self.director = ""

    def look(self, name: str) -> None:
        """No sideways scroll, and a screenshot to look at."""
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= self.size["width"], f"{name}: {width} px wide on a {self.size['width']} px screen"
        shot(self.page, f"evening-{name}-{self.label}")

    def notice(self) -> str:
        try:
            self.page.wait_for_selector(".notice", timeout=10_000)
        except Exception as error:  # say what the page shows instead (a refusal page has no notice)
            shown = self.page.locator("body").inner_text()[:2000]
            raise AssertionError(f"no notice on {self.page.url}: {shown}") from error
        return str(self.page.locator(".notice").first.inner_text())

    def ok_notice(self) -> str:
        self.page.wait_for_selector(".notice.ok")
        return str(self.page.locator(".notice.ok").first.inner_text())

    # ------------------------------------------------------------------ players
    def upload(self, sheet: Path) -> None:
        page = self.page
        page.goto(f"{self.director}/players")
        page.set_input_files("#upload-file", str(sheet))
        page.get_by_role("button", name="Preview").click()
        page.wait_for_selector("#preview")
        self.look("upload-preview")
        page.get_by_role("button", name=re.compile(r"^Import these \d+ players$")).click()
        assert "Registered" in self.ok_notice()
        self.twin.record(f"player import {shlex.quote(str(sheet))}")

    def add(self, name: str, club: str) -> str:
        page = self.page
        page.goto(f"{self.director}/players")
        page.fill("#add-name", name)
        page.fill("#add-club", club)
        page.keyboard.press("Enter")
        answer = self.ok_notice()
        self.look("players")
        self.twin.record(f"player add {shlex.quote(name)} --club {shlex.quote(club)}")
        return answer

    def drop(self, name: str) -> None:
        page = self.page
        page.goto(f"{self.director}/players")
        page.get_by_role("button", name=f"Drop {name}", exact=True).click()
        page.wait_for_selector("#confirm-drop")
        page.get_by_role("button", name=f"Yes, drop {name}").click()
        assert self.ok_notice() == f"Dropped {name}."
        self.twin.record(f"player drop {shlex.quote(name)}")

    def rename(self, old: str, new: str) -> None:
        page = self.page
        page.goto(f"{self.director}/players")
        page.get_by_role("link", name=f"Rename {old}", exact=True).click()
        page.wait_for_selector("#rename-row-new")
        page.fill("#rename-row-new", new)
        page.keyboard.press("Enter")
        self.ok_notice()
        self.twin.record(f"player rename {shlex.quote(old)} {shlex.quote(new)}")

    # ------------------------------------------------------------------ stage
    def draw(self, seed: int) -> None:
        page = self.page
        page.goto(f"{self.director}/stage")
        self.look("stage")
        page.fill("#draw-seed", str(seed))
        page.keyboard.press("Enter")
        page.wait_for_selector("#draw-preview")
        self.look("draw-preview")
        page.get_by_role("button", name="Confirm this draw").click()
        page.wait_for_selector("#redraw")
        self.twin.record(f"seat --seed {seed}")

    def preview_advance(self) -> None:
        page = self.page
        page.goto(f"{self.director}/stage")
        page.get_by_role("button", name="Preview the advance").click()
        page.wait_for_selector("#advance-preview")
        self.look("advance-preview")

    def confirm_advance(self) -> str:
        self.page.get_by_role("button", name="Confirm the advance").click()
        answer = self.notice()
        if "the log moved" not in answer:
            self.twin.record("advance")
        return answer

    def advance(self) -> None:
        self.preview_advance()
        answer = self.confirm_advance()
        assert "the log moved" not in answer, answer

    # ------------------------------------------------------------------ results
    def enter(self, line: str) -> str:
        """A line typed on the results page's entry line, as the desk reads it."""
        page = self.page
        if not page.url.endswith("/results") and not page.url.endswith("/results/entry"):
            page.goto(f"{self.director}/results")
        page.fill("#entry-line", line)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        answer = str(page.locator("#answer").inner_text())
        assert "error" not in answer.split("\n")[0], f"{line}: {answer}"
        words = shlex.split(line)
        command = line if words[0] in ("result", "finish", "chips", "forfeit", "undo") else f"result {line}"
        self.twin.record(command)
        return answer

    def tap_loss(self, table: int, name: str) -> None:
        """The "lost a round" button of `name` on table `table`'s card."""
        page = self.page
        page.goto(f"{self.director}/results")
        card = page.locator(f"#table-{table}")
        with page.expect_navigation():
            card.get_by_role("button", name=re.compile(rf"^{re.escape(name)} lost a ")).click()
        self.twin.record(f"result {table} {shlex.quote(name)}")

    def finish_every_table(self, url: str, tournament: str | None = None) -> None:
        for table in playing(url, tournament):
            self.enter(finish_line(table))

    # ------------------------------------------------------------------ the log
    def undo(self, event: int) -> None:
        page = self.page
        page.goto(f"{self.director}/log")
        page.locator(f"#event-{event}").get_by_role("button", name="Undo…").click()
        page.wait_for_selector("#confirm-undo")
        self.look("undo-preview")
        page.get_by_role("button", name=f"Confirm: undo event {event}").click()
        self.ok_notice()
        self.twin.record(f"undo {event} --yes")

    def correct_loser(self, event: int, loser: str) -> None:
        page = self.page
        page.goto(f"{self.director}/log")
        page.locator(f"#event-{event}").get_by_role("link", name="Correct…").click()
        page.wait_for_selector("#loser")
        page.fill("#loser", loser)
        page.get_by_role("button", name="Preview the correction").click()
        page.wait_for_selector("#confirm-correct")
        self.look("correct-preview")
        page.get_by_role("button", name=f"Confirm: correct event {event}").click()
        self.ok_notice()
        self.twin.record(f"correct {event} --loser {shlex.quote(loser)} --yes")

    def correct_order(self, event: int, order: list[str]) -> None:
        page = self.page
        page.goto(f"{self.director}/log/correct/{event}")
        for place, name in enumerate(order, start=1):
            page.fill(f"#value-{place}", name)
        page.get_by_role("button", name="Preview the correction").click()
        page.wait_for_selector("#confirm-correct")
        page.get_by_role("button", name=f"Confirm: correct event {event}").click()
        self.ok_notice()
        self.twin.record(f"correct {event} --order {' '.join(shlex.quote(n) for n in order)} --yes")

    # ------------------------------------------------------------------ printing
    def print_sheet(self, kind: str, expected: list[str]) -> None:
        """A sheet opened from the print page as its printable page, naming every `expected` text."""
        page = self.page
        page.goto(f"{self.director}/print")
        self.look("print")
        sheet = page.context.new_page()
        sheet.goto(f"{self.director}/print/{kind}")
        text = sheet.locator("body").inner_text()
        missing = [want for want in expected if want not in text]
        assert not missing, f"{kind} sheet lacks {missing[:3]}"
        shot(sheet, f"evening-sheet-{kind}-{self.label}")
        sheet.close()


def last_event(url: str, kind: str, tournament: str | None = None) -> int:
    """The id of the latest event of `kind`."""
    import json

    rows = json.loads(cli(url, "log --json" + ("" if tournament is None else f" -t {shlex.quote(tournament)}")))
    return int([row for row in rows if row["kind"] == kind][-1]["id"])


def play_polish_poker(first: Console, second: Console, url: str, tmp_path: Path) -> None:
    """40 players: an upload of 39 and a late entry, stage 1 of 7 tables, stage 2 of 4, the final."""
    players = sample_players()
    first.upload(players_csv(tmp_path / "zapisy.csv", players[:39]))
    first.draw(seed=77)
    answer = first.add("Zdzisław Późny", "Łódź AZS")
    assert "late entry, seated at table" in answer
    # Results at the speed of the desk: typed by seat and by a name's prefix, and tapped.
    first.enter("1 s2")
    table_1_first_round = last_event(url, "result")
    first.enter("T2 s1")
    table_3 = playing(url)[2]
    first.tap_loss(3, still_in(table_3)[0])
    dropped = still_in(playing(url)[3])[1]
    first.drop(dropped)
    first.enter("1 s3")
    # The desk's whole finishes, table by table, from the paper sheets.
    first.finish_every_table(url)
    table_2_finish = [e for e in json_log(url) if e["kind"] == "finish" and e["data"]["table"] == 2][-1]
    # Two corrections: the first round of table 1 was lost by seat 4, and table 2's top two swap.
    seat_4 = app.tables(db=url).table(1).players[3].player
    first.correct_loser(table_1_first_round, seat_4)
    order = list(table_2_finish["data"]["order"])
    first.correct_order(int(table_2_finish["id"]), [order[1], order[0], *order[2:]])
    # The advance, undone from the log (with its draw), then made again.
    first.advance()
    first.undo(last_event(url, "advance"))
    # A second director previews the advance; the first renames a player meanwhile: the preview
    # is stale, its confirmation refused with what changed, and nothing is stored.
    second.preview_advance()
    first.rename(players[0][0], "Agnieszka Nowak-Kowal")
    before = log_of(url)
    refused = second.confirm_advance()
    assert "the log moved since this preview" in refused and "rename" in refused, refused
    assert log_of(url) == before
    second.advance()
    # Stage 2 and the final.
    first.finish_every_table(url)
    first.advance()
    first.enter("final s1")
    first.enter("final s2")
    first.finish_every_table(url)
    assert app.tables(db=url).complete
    standings = cli(url, "standings --csv")
    first.print_sheet("standings", [row.split(",")[1] for row in standings.splitlines()[1:4]])


def json_log(url: str) -> list[dict[str, Any]]:
    import json

    return list(json.loads(cli(url, "log --json")))


def play_knockout(console: Console, url: str, tmp_path: Path) -> None:
    """16 players in a knockout: four rounds of duels to the champion."""
    console.upload(players_csv(tmp_path / "puchar.csv", sample_players()[:16]))
    console.draw(seed=5)
    while not app.tables(db=url).complete:
        console.finish_every_table(url)
        if not app.tables(db=url).complete:
            console.advance()


def console_link(url: str) -> str:
    """The events console's token, as `serve --lan` made it and printed it."""
    from tourney.app.floor.console_events import console_of
    from tourney.app.store.database import open_db

    with open_db(url, read_only=True) as database:
        return console_of(database).link()


def create_and_choose(console: Console, events: str, name: str, game: str, seed: int, fmt: str = "stages") -> None:
    """An event made on the events page and chosen: the console goes on to its director's page."""
    page = console.page
    page.goto(events)
    page.fill("#new-name", name)
    page.select_option("#new-game", game)
    page.select_option("#new-format", fmt)
    page.fill("#new-seed", str(seed))
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_selector("#notice")
    assert f"Created tournament {name!r}" in page.locator("#notice").inner_text()
    console.look("events")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Choose {name}", exact=True).click()
    page.wait_for_selector("h1")
    console.director = page.url.rstrip("/")
    assert re.search(r"/director/[a-z2-7]+$", console.director), console.director
    console.look("director")
    fmt_option = "" if fmt == "stages" else f" --format {fmt}"
    console.twin.record(f"new {shlex.quote(name)} --game {game} --seed {seed}{fmt_option}")
    console.twin.record(f"use {shlex.quote(name)}")


@pytest.mark.parametrize("label", ["laptop"])
def test_a_whole_evening_through_the_console_alone_logs_as_the_cli_does(tmp_path: Path, browser: Any,
                                                                         label: str) -> None:
    url = sqlite_url(tmp_path, "console.db")
    twin = Twin()
    # One address posts for two browsers at the speed of a test: past the 30 posts in 10 s of a person.
    with serving(url, None, "--post-rate", "100000") as (base, _process):
        events = f"{base}/console/{console_link(url)}/"
        laptop = browser.new_context(viewport=LAPTOP)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            first = Console(laptop.new_page(), base, twin, LAPTOP, "laptop")
            second = Console(phone.new_page(), base, twin, PHONE, "phone")
            first.page.goto(events)
            first.look("events-empty")
            create_and_choose(first, events, "Piątek w Łodzi", "polish-poker", seed=5)
            second.director = first.director
            play_polish_poker(first, second, url, tmp_path)
            create_and_choose(first, events, "Puchar", "polish-poker", seed=3, fmt="knockout")
            play_knockout(first, url, tmp_path)
        finally:
            laptop.close()
            phone.close()
    cli_url = sqlite_url(tmp_path, "cli.db")
    twin.replay(cli_url)
    # 40 registrations, a drop, the draws, results, finishes, corrections, advances and an undo;
    # 16 registrations and the 15 matches of a knockout.
    for event, at_least in (("Piątek w Łodzi", 65), ("Puchar", 36)):
        console_log, cli_log = log_of(url, event), log_of(cli_url, event)
        assert len(console_log) >= at_least, (event, len(console_log))
        assert console_log == cli_log, event
    kinds = [kind for kind, _data, _undone, _corrected in log_of(url, "Piątek w Łodzi")]
    assert {"correct", "undo", "drop", "rename", "advance", "result", "finish"} <= set(kinds)
    assert cli(url, "standings --csv -t Puchar") == cli(cli_url, "standings --csv -t Puchar")
