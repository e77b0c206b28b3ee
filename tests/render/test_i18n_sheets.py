"""Every printed sheet in Polish and Russian (issue 29): a Polish Poker event at each point of its
evening, a knockout, a Chlust (chips) event, a Lou and a Хлюст event (seated, a stage played, to
the end), a double elimination, a round robin and a Swiss event,
rendered in pl and ru with no English sentence left: the visible text (and the titles) scanned
for every message of the English catalog that the language translates differently."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from format_events import EVENT, play, round_robin, swiss_event
from i18n_support import english_in
from render_events import Builder, sample_names, tournament

from tourney.app.floor.sheets import SHEETS, render_sheet
from tourney.app.read_models.format_views import elimination_page
from tourney.engine.bracket import champion, resolve
from tourney.engine.formats.double_elimination import double_elimination
from tourney.engine.tournament import TournamentState
from tourney.i18n import translator
from tourney.render import formats

NAMES = ["Łukasz Żółć", "Хлюстовщик", "Ewa Kamińska", "Wojciech", "Дмитрий", "Вера", "Grażyna", "Zbigniew",
         "Ольга", "Henryk", "Irena", "Jarosław", "Кирилл"]


def visible_text(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    titles = " ".join(re.findall(r'title="([^"]*)"', page))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + titles).split())


def english_left(page: str, lang: str) -> list[str]:
    text = visible_text(page)
    for name in sample_names(12):  # the format pages' players ("Player 0001") are no sentence
        text = text.replace(name, " ")
    return english_in(text, lang)


def polish_poker(played: int | None, game: str = "polish-poker") -> TournamentState:
    """Seated (0 stages played), stage 1 played and not advanced (1), or complete (None)."""
    builder = Builder(game)
    builder.register(NAMES)
    builder.seat(11)
    done = 0
    while played is None or done < played:
        builder.play_stage(11)
        done += 1
        if builder.state.complete or (played is not None and done >= played):
            break
        builder.advance(11)
    return builder.state


def knockout(finished_matches: int | None) -> TournamentState:
    builder = Builder("khlyust")
    builder.add("format", {"format": "knockout", "best_of": 3, "third_place": True})
    builder.register(NAMES[:7])
    builder.seat(3)
    done = 0
    while not builder.state.complete and (finished_matches is None or done < finished_matches):
        open_tables = [t for t in builder.state.tables if not t.finished]
        if not open_tables:
            builder.add("advance", {"stage": builder.state.stage})
            if not builder.state.complete:
                builder.seat(3 + builder.state.stage)
            continue
        table = open_tables[0]
        builder.add("finish", {"table": table.number, "order": list(table.seats)})
        done += 1
    return builder.state


def chlust() -> TournamentState:
    builder = Builder("chlust")
    builder.register(NAMES)
    builder.seat(5)
    return builder.state


def event_sheets(lang: str) -> Iterator[tuple[str, str]]:
    """(what, HTML) of every sheet of the events above, in `lang`."""
    cases = {"polish poker seated": ("polish-poker", polish_poker(0)),
             "polish poker stage 1 played": ("polish-poker", polish_poker(1)),
             "polish poker complete": ("polish-poker", polish_poker(None)),
             "knockout round 1": ("khlyust", knockout(1)), "knockout complete": ("khlyust", knockout(None)),
             "chlust seated": ("chlust", chlust()),
             "lou seated": ("lou", polish_poker(0, "lou")), "lou complete": ("lou", polish_poker(None, "lou")),
             "khlyust stage 1 played": ("khlyust", polish_poker(1, "khlyust"))}
    for what, (game, state) in cases.items():
        event = tournament("Turniej Piątkowy", game)
        for sheet in SHEETS:
            yield f"{what}: {sheet}", render_sheet(sheet, event, state, lang=lang)
        if len(state.history) > 1:
            yield f"{what}: seating 1", render_sheet("seating", event, state, stage=1, lang=lang)
    tr = translator(lang)
    header = replace(EVENT, name="Turniej Piątkowy", stage_text=tr.gettext("round %(number)s playing", number=2),
                     lang=lang)
    bracket = double_elimination(6)
    names = NAMES[:6]
    for matches in (3, None):
        states = resolve(bracket, names, play(bracket, names, matches))
        page = elimination_page(header, bracket, names, states, champ=champion(bracket, states), tr=tr)
        yield f"double elimination after {matches}", formats.render_format_page(page)
    yield "round robin", formats.render_format_page(replace(round_robin(5, played=2), event=header))
    yield "round robin of tables", formats.render_format_page(replace(round_robin(9, table_size=3), event=header))
    yield "swiss", formats.render_format_page(replace(swiss_event(7, 3, 2), event=header))


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_no_english_sentence_is_left_on_any_sheet(lang: str) -> None:
    left = {what: found for what, page in event_sheets(lang) if (found := english_left(page, lang))}
    assert not left, f"English left on the {lang} sheets: {left}"


def test_the_scan_finds_english_on_english_sheets() -> None:
    """The scan itself can fail: the English sheets are full of what it looks for."""
    pages = dict(event_sheets("en"))
    assert {"Rules at this table", "Players, clockwise"} <= set(english_left(pages["polish poker seated: table-sheets"],
                                                                             "pl"))
    assert "Final standings" in english_left(pages["polish poker complete: standings"], "ru")


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", ["Karty stołów", "Blef", "Gra trwa, aż zostanie 1 gracz, który przechodzi dalej (finał).",
            "Każdy zaczyna z 1 kartą.", "zaczyna", "lang=\"pl\"", "strona \" counter(page) \" z"]),
    ("ru", ["Листы столов", "Польский покер", "Играют, пока не останется 1 игрок; он проходит дальше (финал).",
            "Каждый начинает с 1 карты.", "начинает", "lang=\"ru\"", "стр. \" counter(page) \" из"]),
])
def test_a_table_sheet_reads_in_the_language(lang: str, words: list[str]) -> None:
    page = render_sheet("table-sheets", tournament("Turniej", "polish-poker"), polish_poker(0), lang=lang)
    for word in words:
        assert word in html.unescape(page), word


def test_a_knockouts_words_are_translated() -> None:
    page = render_sheet("bracket", tournament("Turniej", "khlyust"), knockout(1), lang="pl")
    text = visible_text(page)
    assert "System pucharowy, do 3 gier" in text and "półfinał" in text.lower() and "Trzecie miejsce" in text
    sheets = visible_text(render_sheet("table-sheets", tournament("Turniej", "khlyust"), knockout(1), lang="ru"))
    assert "Четвертьфинал, матч 3:" in sheets and "до 3 партий (побеждает первый, кто выиграет 2)" in sheets
