"""The director's page and console in Polish and Russian (issue 29): every page of a Polish Poker
evening and of a knockout, in pl and ru, scanned for English left (as tests/render/test_i18n_sheets.py
scans the sheets: each English piece of a catalog message the language says in other words, found as
a whole phrase in the visible text), including what the console quotes from the CLI's read models
(the previews, the log's sentences, the entry line's answer, the reports' and the latest entries'
sentences, why an advance waits). The page's language is the event's unless `?lang=`
asks for another, and a chosen `?lang=` stays on every link and form; the events page follows
`?lang=`, then `Accept-Language`, else English; the English pages link as they always did."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import console_app, director_path, multipart_form
from floor_support import hidden, request, sqlite_url
from i18n_support import english_in

from tourney import app
from tourney.app.floor.console_events import open_console
from tourney.app.floor.floor_read import open_floor

NAMES = ["Łukasz Żółć", "Хлюстовщик", "Ewa Kamińska", "Wojciech", "Дмитрий", "Вера", "Grażyna", "Zbigniew"]
# What the CLI's read models print, shown as the CLI says it (their translation is the CLI's slice).


def visible_text(page: str) -> str:
    page = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<code>.*?</code>", " ", page, flags=re.S)  # commands and their words, as typed
    page = re.sub(r"`[^`<]*`", " ", page)  # a command named in a sentence (`tourney seat`)
    page = re.sub(r'(id="entry-line"[^>]*?) placeholder="[^"]*"', r"\1", page)  # the desk's lines, as typed
    said = " ".join(re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page))
    page = re.sub(r"<option[^>]*value=\"[^\"]*\"[^>]*>(?=[^<]*</option>)", "<option>", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + said).split())


def plug_in_titles() -> list[str]:
    """The titles of games registered from outside tourney (another test's toy game): a plug-in
    brings no catalog, so the events page's list of games names it as it is."""
    from tourney.app.read_models.sheet_words import shipped
    from tourney.rules.games import all_games

    return [game.title for game in all_games() if not shipped(game.new_state)]


def english_left(page: str, lang: str) -> list[str]:
    text = visible_text(page)
    for name in [*NAMES, *plug_in_titles()]:
        text = text.replace(name, " ")
    return english_in(text, lang)


def polish_poker(url: str) -> None:
    """A Polish Poker evening in Polish, seated, a few rounds in, a phone's report waiting."""
    app.new_tournament("Turniej Piątkowy", game="pp", seed=11, lang="pl", db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    state = app.tournament_state(db=url)
    app.enter_result(1, state.tables[0].seats[0], db=url)
    app.enter_result(2, state.tables[1].seats[0], db=url)
    open_floor(db=url)
    open_console(keep=True, db=url)


def registering(url: str) -> None:
    """A Swiss event in Polish taking registrations (the draw's form, an import's preview)."""
    app.new_tournament("Szwajcar", game="pp", format="swiss", table_size=4, seeding="rating", seed=5, lang="pl",
                       db=url)
    app.add_players(NAMES, db=url)
    open_floor(db=url)
    open_console(keep=True, db=url)


def knockout(url: str) -> None:
    """A Хлюст knockout in Polish, its first round seated and one duel finished."""
    app.new_tournament("Puchar Wiosny", game="khlyust", format="knockout", best_of=3, third_place=True, seed=7,
                       lang="pl", db=url)
    app.add_players(NAMES[:6], db=url)
    app.seat(db=url)
    table = app.tournament_state(db=url).tables[0]
    app.finish(table.number, list(table.seats), db=url)
    open_floor(db=url)
    open_console(keep=True, db=url)


def console_link(url: str) -> str:
    from tourney.app.floor.console_events import console_of
    from tourney.app.store.database import open_db

    with open_db(url, read_only=True) as database:
        return console_of(database).link()


def console_pages(base: str, url: str, query: str) -> Iterator[tuple[str, str]]:
    """(what, HTML) of every page of the director and the console of the event at `url`, with `query`
    (`?lang=ru`, or "" for the event's language): each section, then the confirmations and previews."""
    director = director_path(url)
    state = app.tournament_state(db=url)
    sep = "&" if query else "?"
    for section in ("", "/results", "/players", "/stage", "/log", "/print"):
        yield section or "director", request(f"{base}{director}{section}{query}")[1]
    yield "events", request(f"{base}/console/{console_link(url)}/{query}")[1]
    correctable = [e.id for e in state.events if e.kind in ("result", "finish", "register")]
    yield "correct", request(f"{base}{director}/log/correct/{correctable[-1]}{query}")[1]
    yield "players: rename", request(f"{base}{director}/players{query}{sep}rename=Wojciech")[1]
    page = request(f"{base}{director}/players{query}")[1]
    csrf = hidden(page, "csrf")
    yield "players: drop asked", request(f"{base}{director}/players/drop{query}",
                                         data={"csrf": csrf, "name": "Wojciech"})[1]
    body, headers = multipart_form({"csrf": csrf}, {"file": ("gracze.csv", b"name,club\nIrena,KS Blef\n,\n")})
    yield "players: upload refused", request(f"{base}{director}/players/upload{query}", data=body, headers=headers)[1]
    body, headers = multipart_form({"csrf": csrf}, {"file": ("gracze.csv", b"name,club\nIrena,KS Blef\n")})
    yield "players: upload preview", request(f"{base}{director}/players/upload{query}", data=body, headers=headers)[1]
    yield "log: undo asked", request(f"{base}{director}/log/undo/{correctable[-1]}{query}", data={"csrf": csrf})[1]
    yield "log: filtered", request(f"{base}{director}/log{query}{sep}table=99")[1]
    yield "results: refused line", request(f"{base}{director}/results/entry{query}",
                                           data={"csrf": csrf, "line": "zzz"})[1]
    yield "director: advance asked", request(f"{base}{director}/advance{query}", data={"csrf": csrf})[1]
    if state.stage == 0:
        yield "stage: draw previewed", request(f"{base}{director}/stage/draw{query}", data={"csrf": csrf})[1]
    yield "refused: a wrong director link", request(f"{base}/director/nosuchlink{query}")[1]


EVENTS = {"polish poker": polish_poker, "knockout": knockout, "registering": registering}


@pytest.fixture(scope="module", params=list(EVENTS))
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    url = sqlite_url(tmp_path_factory.mktemp(request.param.replace(" ", "-")))
    EVENTS[request.param](url)
    with console_app(url) as base:
        yield base, url


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_no_english_is_left_on_any_console_page(served: tuple[str, str], lang: str) -> None:
    base, url = served
    left = {what: found for what, page in console_pages(base, url, f"?lang={lang}")
            if (found := english_left(page, lang))}
    assert not left, f"English left on the {lang} console: {left}"


def test_the_event_s_language_is_the_page_s(served: tuple[str, str]) -> None:
    """No `?lang=`: the event's language (Polish), and `<html lang>` says so (not the events page,
    which has no event, nor a refusal, given before any event is read: `?lang=`, then the browser's)."""
    base, url = served
    pages = {what: page for what, page in console_pages(base, url, "") if not what.startswith("refused")}
    assert all('<html lang="pl">' in page for what, page in pages.items() if what != "events")
    left = {what: found for what, page in pages.items() if what != "events" and (found := english_left(page, "pl"))}
    assert not left
    assert "Wyniki" in pages["/results"] and "Gracze" in pages["/players"] and "Dziennik" in pages["/log"]


def test_the_scan_finds_english_on_english_pages(tmp_path: Path) -> None:
    """The scan can fail: an English event's pages are full of what it looks for."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=3, lang="en", db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    app.enter_result(1, app.tournament_state(db=url).tables[0].seats[0], db=url)
    open_floor(db=url)
    open_console(keep=True, db=url)
    with console_app(url) as base:
        pages = dict(console_pages(base, url, ""))
    assert {"Latest entries", "Waiting for you"} <= set(english_left(pages["director"], "pl"))
    assert "Add a player" in english_left(pages["/players"], "ru")
    assert '<html lang="en">' in pages["/log"] and "lang=" not in pages["/log"].split("<body>")[1].split("<script")[0]


def links_and_forms(page: str) -> list[str]:
    """Every address of the page's own links and forms (the director's and the console's)."""
    return [html.unescape(u) for u in re.findall(r'(?:href|action|data-url)="(/(?:director|console)/[^"]*)"', page)]


def test_a_chosen_language_stays_on_every_link_and_across_a_form_post(served: tuple[str, str]) -> None:
    base, url = served
    director = director_path(url)
    for section in ("", "/results", "/players", "/stage", "/log", "/print"):
        page = request(f"{base}{director}{section}?lang=ru")[1]
        assert '<html lang="ru">' in page
        addresses = links_and_forms(page)
        assert addresses and all("lang=ru" in address for address in addresses), (section, addresses)
        assert all('name="lang" value="ru"' in form for form in re.findall(r'<form method="get".*?</form>', page, re.S))
    # A post through the page's own form: the answer (a change, then its page) stays in Russian.
    page = request(f"{base}{director}/players?lang=ru")[1]
    action = html.unescape(re.search(r'action="([^"]*/players/rename[^"]*)"', page).group(1))  # type: ignore[union-attr]
    status, answer = request(base + action, data={"csrf": hidden(page, "csrf"), "old": "Wojciech", "new": "Войцех"})
    assert status == 200 and '<html lang="ru">' in answer
    assert "Имя изменено: Wojciech → Войцех." in html.unescape(answer)
    assert all("lang=ru" in address for address in links_and_forms(answer))
    app.rename("Войцех", "Wojciech", db=url)  # as it was, for the other tests


def test_the_events_page_follows_the_address_then_the_browser(served: tuple[str, str]) -> None:
    base, url = served
    events = f"{base}/console/{console_link(url)}/"
    assert '<html lang="en">' in request(events)[1]
    polish = request(events, headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"})[1]
    assert '<html lang="pl">' in polish and "Nowy turniej" in polish
    russian = request(events + "?lang=ru", headers={"Accept-Language": "pl"})[1]
    assert '<html lang="ru">' in russian and "Новый турнир" in russian
    # Choose: the event's floor, still in the language chosen.
    action = html.unescape(re.search(r'action="([^"]*/choose/[^"]*)"', russian).group(1))  # type: ignore[union-attr]
    status, floor = request(base + action, data={"csrf": hidden(russian, "csrf")})
    assert status == 200 and '<html lang="ru">' in floor and "Последние записи" in floor


def test_a_refusal_of_the_line_and_a_stale_preview_read_in_the_page_s_language(served: tuple[str, str]) -> None:
    base, url = served
    director = director_path(url)
    page = request(f"{base}{director}/players?lang=ru")[1]
    csrf = hidden(page, "csrf")
    refused = request(f"{base}{director}/results/entry?lang=ru", data={"csrf": csrf, "line": "zzz"})[1]
    assert "здесь не запись: строка принимает" in html.unescape(refused)
    stale = request(f"{base}{director}/players/drop?lang=pl",
                    data={"csrf": csrf, "name": NAMES[3], "confirm": "yes", "seen": "1"})[1]
    assert "dziennik zmienił się od tego podglądu" in html.unescape(stale)
    assert "Nic nie zapisano: sprawdź nowy podgląd" in html.unescape(stale)
    status, wrong = request(f"{base}/director/nosuchlink?lang=pl")
    assert status == 403 and "ten link sędziego jest nieważny" in wrong


RU_ONE, RU_FEW, RU_MANY = "зарегистрирован", "зарегистрировано", "зарегистрировано"
PLURALS = {  # count: (Polish registered, Russian registered, Polish tables, Russian tables)
    1: ("zarejestrowany", RU_ONE, "stół", "стол"), 2: ("zarejestrowanych", RU_FEW, "stoły", "стола"),
    5: ("zarejestrowanych", RU_MANY, "stołów", "столов"), 12: ("zarejestrowanych", RU_MANY, "stołów", "столов"),
    21: ("zarejestrowanych", RU_ONE, "stołów", "стол"), 22: ("zarejestrowanych", RU_FEW, "stoły", "стола"),
    25: ("zarejestrowanych", RU_MANY, "stołów", "столов")}


@pytest.mark.parametrize("count", sorted(PLURALS))
def test_the_counts_are_plurals(count: int) -> None:
    from tourney.i18n import translator

    polish, russian, *tables = PLURALS[count]
    for lang, expected in (("pl", polish), ("ru", russian)):
        said = translator(lang).ngettext("%(num)s registered", "%(num)s registered", count)
        assert said == f"{count} {expected}"
    for lang, word in zip(("pl", "ru"), tables, strict=True):
        said = translator(lang).ngettext("%(stage)s is drawn: %(num)s table. Undo the advance from the latest "
                                         "entries if it was a mistake.", "%(stage)s is drawn: %(num)s tables. Undo "
                                         "the advance from the latest entries if it was a mistake.", count, stage="X")
        assert f"{count} {word}" in said


def test_the_entry_line_answers_in_the_page_s_language(tmp_path: Path) -> None:
    """A round typed on a Polish event's Results page is answered as `tourney result` answers in
    Polish (the table's lines, plural card counts); the same page asked in English, in English."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Piątek", game="polish-poker", seed=4, lang="pl", db=url)
    app.add_players(["Anna", "Bartosz", "Celina", "Dawid"], db=url)
    app.seat(db=url)
    open_floor(db=url)
    with console_app(url) as base:
        results = f"{base}{director_path(url, 'results')}"
        csrf = hidden(request(results)[1], "csrf")
        polish = html.unescape(request(f"{results}/entry", data={"csrf": csrf, "line": "1 s1"})[1])
        english = html.unescape(request(f"{results}/entry?lang=en", data={"csrf": csrf, "line": "1 s1"})[1])
    assert re.search(r"stół finałowy: limit kart \d+, następny zaczyna \S+\n  msc\. 1  Anna\s+2 karty\n", polish)
    assert re.search(r"final table: cap \d+, \S+ starts next\n  seat 1  Anna\s+3 cards\n", english)


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_an_advance_s_preview_and_an_undo_on_the_line_read_in_the_page_s_language(tmp_path: Path, lang: str) -> None:
    """The previews and answers quoted from the CLI: an advance previewed on the stage page, the
    director page's confirmation, then an undo typed on the entry line (its undone entry and what
    the table looks like again), with no English left."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Puchar", game="lou", format="knockout", seed=2, lang=lang, db=url)
    app.add_players(NAMES[:4], db=url)
    app.seat(db=url)
    for table in app.tournament_state(db=url).tables:
        app.finish(table.number, list(table.seats), db=url)
    open_floor(db=url)
    with console_app(url) as base:
        director = director_path(url)
        csrf = hidden(request(f"{base}{director}/stage")[1], "csrf")
        pages = {"advance previewed": request(f"{base}{director}/stage/advance", data={"csrf": csrf})[1],
                 "director: advance asked": request(f"{base}{director}/advance", data={"csrf": csrf})[1],
                 "undo on the line": request(f"{base}{director}/results/entry",
                                             data={"csrf": csrf, "line": "undo"})[1]}
    assert "<pre" in pages["advance previewed"]  # the preview is there, and scanned
    assert app.tournament_state(db=url).tables[-1].finished is False  # the undo took place
    left = {what: found for what, page in pages.items() if (found := english_left(page, lang))}
    assert not left, left
