"""The wall, the TV's screens, the tables' phone pages and the players' look-up in Polish and
Russian (issue 29): every screen kind (standings, seating, tables, the stages' bracket, a
knockout's bracket, the champion) and the phone and look-up pages (each player's path included) of
a Polish Poker, a Chlust, a Lou and a Хлюст event, a Хлюст and a Lou knockout, a double
elimination, a round robin and a Swiss event, rendered in pl and ru with no English sentence left
(the scan of tests/render/test_i18n_sheets.py); each page in the event's language unless its
address asks for another (`?lang=`, kept on its links), the look-up also by the browser's
`Accept-Language`."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from html import escape as html_escape
from pathlib import Path
from typing import Any

import pytest
from floor_support import hidden, request, serving, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_pages import lookup_page, table_page
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.wall import open_wall
from tourney.app.floor.wall_pages import KINDS, WallQuery, render_screen, wall_screen
from tourney.i18n import translator

sys.path.insert(0, str(Path(__file__).parents[1] / "render"))

from test_i18n_sheets import english_left

NAMES = ["Łukasz Żółć", "Ewa Kamińska", "Wojciech", "Дмитрий", "Вера", "Grażyna", "Zbigniew", "Ольга", "Henryk"]
SCRIPT = re.compile(r"<script\b.*?</script>", re.S)  # code, not words: the TV's sheet-fitting script


def english_on(html: str, lang: str) -> list[str]:
    """The English sentences left on a page in `lang` (its scripts' code aside)."""
    return english_left(SCRIPT.sub(" ", html), lang)


def _polish_poker(url: str, lang: str, stages: int | None) -> None:
    """Seated (0), stage 1 played and advanced (1), or played to the end (None)."""
    app.new_tournament("Turniej Piątkowy", game="pp", seed=11, lang=lang, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    played = 0
    while stages is None or played < stages:
        state = read_floor(url, None).state
        for table in state.tables:
            app.finish(table.number, table.seats, db=url)
        if read_floor(url, None).state.complete:
            break
        app.advance(db=url)
        played += 1


def _pot_game(game: str, finished: int) -> Callable[[str, str], None]:
    """A pot game's stage 1 seated, `finished` of its tables finished (their order entered)."""

    def make(url: str, lang: str) -> None:
        app.new_tournament("Sobota", game=game, seed=5, lang=lang, db=url)
        app.add_players(NAMES, db=url)
        app.seat(db=url)
        for table in read_floor(url, None).state.tables[:finished]:
            app.finish(table.number, table.seats, db=url)

    return make


def _round_format(format_: str, game: str = "pp", **options: Any) -> Callable[[str, str], None]:
    """A format of rounds (or a bracket) of 6 players: round 1 seated, one match of it finished."""

    def make(url: str, lang: str) -> None:
        app.new_tournament("Runda", game=game, format=format_, seed=5, lang=lang, db=url, **options)
        app.add_players(NAMES[:6], db=url)
        app.seat(db=url)
        table = next(t for t in read_floor(url, None).state.tables if not t.finished)
        app.finish(table.number, list(table.seats), db=url)

    return make


def _knockout(url: str, lang: str, done: bool) -> None:
    app.new_tournament("Puchar", game="khlyust", format="knockout", best_of=3, third_place=True, seed=5, lang=lang,
                       db=url)
    app.add_players(NAMES[:6], db=url)
    app.seat(db=url)
    while done and not read_floor(url, None).state.complete:
        state = read_floor(url, None).state
        open_tables = [t for t in state.tables if not t.finished]
        if not open_tables:
            app.advance(db=url)
            continue
        app.finish(open_tables[0].number, open_tables[0].seats, db=url)


EVENTS = {"polish poker seated": lambda url, lang: _polish_poker(url, lang, 0),
          "polish poker stage 2": lambda url, lang: _polish_poker(url, lang, 1),
          "polish poker complete": lambda url, lang: _polish_poker(url, lang, None),
          "chlust seated": _pot_game("chlust", 0),
          "lou, a table finished": _pot_game("lou", 1),
          "khlyust, a table finished": _pot_game("khlyust", 1),
          "knockout round 1": lambda url, lang: _knockout(url, lang, False),
          "knockout complete": lambda url, lang: _knockout(url, lang, True),
          "lou knockout": _round_format("knockout", game="lou"),
          "double elimination": _round_format("double-elimination"),
          "round robin": _round_format("round-robin"),
          "swiss": _round_format("swiss", rounds=3)}


def pages(url: str) -> Iterator[tuple[str, str]]:
    """(what, HTML) of every TV screen (each kind, every page of it, the champion first once over)
    and of the phone and look-up pages of the event at `url`, in the event's language."""
    with open_wall(url, None) as wall:
        snap = wall.read()
        for kind in KINDS:
            query = WallQuery(kind)
            first = wall_screen(snap, query)
            for number in range(1, first.pages + 1):
                yield f"tv {kind} {number}", render_screen(snap, WallQuery(kind, page=number), "/_token", 1000,
                                                           snap.lang or "en")
    floor = open_floor(db=url)
    for table in floor.state.tables:
        yield f"table {table.number}", table_page(floor, table.number)
    for query in ("", "a", "zzz", "ewa", "vera", "o"):
        yield f"look-up {query!r}", lookup_page(floor, query)


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("event", list(EVENTS))
def test_every_screen_and_phone_page_reads_in_the_events_language(tmp_path: Path, event: str, lang: str) -> None:
    url = sqlite_url(tmp_path)
    EVENTS[event](url, lang)
    kinds_seen = set()
    for what, html in pages(url):
        assert f'<html lang="{lang}">' in html, what
        left = english_on(html, lang)
        assert not left, f"{event}, {what} ({lang}): English left: {left}"
        kinds_seen.update(k for k in ("champion-screen", "class=\"stages\"", "class=\"elimination\"",
                                      "final-table", "class=\"grid", "table class=\"rows\"") if k in html)
    if event == "polish poker complete":
        assert {"champion-screen", "class=\"stages\""} <= kinds_seen
    if event == "knockout complete":
        assert {"champion-screen", "class=\"elimination\""} <= kinds_seen
    if event == "polish poker seated":
        assert {"class=\"grid", "table class=\"rows\""} <= kinds_seen


def test_the_phone_pages_with_reports_waiting_read_in_polish(tmp_path: Path) -> None:
    """A table's queue, its settled reports, the answers of a post and a withdrawal, the finish to
    confirm: every sentence a phone shows after reporting."""
    url = sqlite_url(tmp_path)
    _polish_poker(url, "pl", 0)
    floor = open_floor(db=url)
    reports.set_mode("approve", db=url)
    table = floor.state.tables[0]
    with serving(url) as (base, _process):
        path = f"{base}/table/1/{floor.table_link(1)}"
        page = request(path)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "device": "phone-abc"}
        status, sent = request(path, data={**form, "key": "k1", "kind": "result", "player": table.seats[0]})
        assert status == 200 and "zgłoszenie 1 wysłane" in sent
        status, second = request(path, data={**form, "key": "k2", "kind": "result", "player": table.seats[1]})
        assert "sprzeczne ze zgłoszeniem 1" in second
        status, withdrawn = request(f"{path}/withdraw/2", data={"csrf": form["csrf"]})
        assert status == 200 and "zgłoszenie 2 wycofane" in withdrawn
        status, asked = request(path, data={**form, "key": "k3", "kind": "finish", "player": [table.seats[0]] * 2})
        assert status == 400 and "gracz wybrany dwa razy" in asked
    # What a report says is the log's sentence of its entry ("result table 1: Ann loses the round"),
    # from the shared read model `event_text` (the console's and the CLI's slice of issue 29).
    known = read_floor(url, None)
    entries = {html_escape(reports.describe(r.kind, r.data)) for r in (*known.reports, *known.settled)}
    for what, html in (("sent", sent), ("second", second), ("withdrawn", withdrawn), ("asked", asked)):
        for entry in entries:
            html = html.replace(entry, " ")
        left = english_on(html, "pl")
        assert not left, f"{what}: English left: {left}"


def test_an_address_asks_for_another_language_and_its_links_keep_it(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    _polish_poker(url, "pl", 0)
    floor = open_floor(db=url)
    with serving(url) as (base, _process):
        tv = request(f"{base}/tv/standings?rotate=20")[1]
        assert '<html lang="pl">' in tv and "Klasyfikacja" in tv and "lang=p" not in tv and "lang=r" not in tv
        tv_ru = request(f"{base}/tv/standings?rotate=20&lang=ru")[1]
        assert '<html lang="ru">' in tv_ru and "Турнирное положение" in tv_ru
        assert 'data-next="/tv/seating?page=1&amp;rotate=20&amp;lang=ru"' in tv_ru
        assert all("lang=ru" in link for link in re.findall(r'<a href="(/tv/[^"]*)"', tv_ru))
        tv_en = request(f"{base}/tv/tables?lang=en")[1]
        assert '<html lang="en">' in tv_en and "Table 1" in tv_en and "Stół" not in tv_en
        sheet = request(f"{base}/standings?lang=ru")[1]
        assert '<html lang="ru">' in sheet and 'href="/seating?lang=ru"' in sheet
        assert '<html lang="pl">' in request(f"{base}/standings")[1]
        assert '<html lang="ru">' in request(f"{base}/nowhere?lang=ru")[1]
        status, bad = request(f"{base}/tv/standings?rows=x&lang=ru")
        assert status == 400 and "Неверный адрес" in bad and "?rows= принимает целое число" in bad
        phone_path = f"/table/1/{floor.table_link(1)}"
        phone = request(f"{base}{phone_path}?lang=ru")[1]
        assert '<html lang="ru">' in phone and "Кто проиграл этот круг?" in phone
        assert f'action="{phone_path}?lang=ru"' in phone and f'data-url="{phone_path}?lang=ru"' in phone
        phone_pl = request(base + phone_path)[1]
        assert '<html lang="pl">' in phone_pl and "Kto przegrał tę rundę?" in phone_pl and "?lang=" not in phone_pl
        # A report posted from the Russian page is answered in Russian.
        form = {"csrf": hidden(phone, "csrf"), "at": hidden(phone, "at"), "key": "r1", "device": "phone-r",
                "kind": "result", "player": floor.state.tables[0].seats[0]}
        status, answer = request(f"{base}{phone_path}?lang=ru", data=form)
        assert status == 200 and '<html lang="ru">' in answer
        assert "внесено (событие" in answer or "сообщение 1 отправлено" in answer


def test_the_look_up_follows_the_browsers_language_unless_the_address_names_one(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    _polish_poker(url, "pl", 0)
    with serving(url) as (base, _process):
        assert '<html lang="pl">' in request(f"{base}/find?q=ewa")[1]
        russian = request(f"{base}/find?q=ewa", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})[1]
        assert '<html lang="ru">' in russian and "Найдите своё место" in russian
        assert re.search(r"стол \d+, место \d+", russian)
        english = request(f"{base}/find?q=ewa", headers={"Accept-Language": "de-DE, en;q=0.8"})[1]
        assert '<html lang="en">' in english and "Find your seat" in english
        asked = request(f"{base}/find?q=ewa&lang=pl", headers={"Accept-Language": "ru"})[1]
        assert '<html lang="pl">' in asked and '<input type="hidden" name="lang" value="pl">' in asked
    # The table pages take no Accept-Language: the event's language, or the address's.
    floor = read_floor(url, None)
    assert '<html lang="pl">' in table_page(floor, 1)


def test_english_event_pages_stay_english(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    floor = open_floor(db=url)
    assert floor.lang is None
    page = table_page(floor, 1)
    assert '<html lang="en">' in page and "Who lost this round?" in page and "?lang=" not in page
    with open_wall(url, None) as wall:
        screen = wall_screen(wall.read(), WallQuery("standings"))
    assert screen.headings == ("rank", "player", "table", "status") and screen.nav[0] == (
        "Standings", "/tv/standings?page=1")
    assert translator("en").gettext("Tables") == "Tables"


@pytest.mark.parametrize(("lang", "step"), [
    ("pl", r"<li>runda 1: stół \d+, miejsce \d+, (?:gra z|wygrana z|przegrana z): [^<]+</li>"),
    ("ru", r"<li>тур 1: стол \d+, место \d+, (?:играет с|победа над|поражение от): [^<]+</li>"),
    ("en", r"<li>round 1: table \d+, seat \d+, (?:playing|beat|lost to) [^<]+</li>"),
])
def test_a_players_path_reads_in_the_language(tmp_path: Path, lang: str, step: str) -> None:
    """The look-up's path of a Swiss player: each round's step in the page's language, as `tourney
    player show` says it (the format words it for the catalogs; English as it always read)."""
    url = sqlite_url(tmp_path)
    EVENTS["swiss"](url, lang)
    pages = [lookup_page(open_floor(db=url), name) for name in NAMES[:6]]
    steps = [found for page in pages for found in re.findall(r"<li>[^<]*</li>", page) if re.fullmatch(step, found)]
    assert len(steps) == 6, pages
