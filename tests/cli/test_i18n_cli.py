"""Choosing the language of the printed sheets (issue 29): `tourney new --lang`, `tourney lang`,
`tourney print --lang`, `TOURNEY_LANG`, the system locale, English."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from typer.testing import CliRunner, Result

from tourney.cli import app

runner = CliRunner()
PLAYERS = ["Łukasz Żółć", "Ewa", "Вера", "Дмитрий", "Grażyna", "Olek", "Kirył", "Zosia"]
NO_LOCALE = {"TOURNEY_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


def run(*args: str, env: Mapping[str, str | None] = NO_LOCALE, code: int = 0) -> Result:
    result = runner.invoke(app, list(args), env=dict(env))
    assert result.exit_code == code, result.output
    return result


def polish_event(tmp_path: Path, *lang: str) -> str:
    url = f"sqlite:///{tmp_path / 'pl.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--date", "2026-03-14", *lang, "--db", url)
    run("player", "add", *PLAYERS, "--db", url)
    run("seat", "--db", url)
    return url


def test_print_standings_in_russian_of_a_polish_event(tmp_path: Path) -> None:
    url = polish_event(tmp_path, "--lang", "pl")
    assert run("lang", "--db", url).stdout == "Język turnieju 'Piątek': pl.\n"  # said in the event's language
    polish = run("print", "standings", "--db", url).stdout
    assert '<html lang="pl">' in polish and "Klasyfikacja tymczasowa: turniej wciąż trwa" in polish
    assert "14 marca 2026" in polish and "Blef" in polish
    russian = run("print", "standings", "--lang", "ru", "--db", url).stdout
    assert '<html lang="ru">' in russian and "Предварительное положение: турнир ещё идёт" in russian
    assert "14 марта 2026" in russian and "Польский покер" in russian
    assert "Provisional" not in russian and "Klasyfikacja" not in russian
    english = run("print", "table-sheets", "--lang", "en", "--db", url).stdout
    assert '<html lang="en">' in english and "Rules at this table" in english and "2026-03-14" in english


def test_the_env_var_overrides_the_event_and_the_event_the_system_locale(tmp_path: Path) -> None:
    url = polish_event(tmp_path, "--lang", "pl")
    assert '<html lang="ru">' in run("print", "seating", "--db", url, env={**NO_LOCALE, "TOURNEY_LANG": "ru"}).stdout
    assert '<html lang="pl">' in run("print", "seating", "--db", url, env={**NO_LOCALE, "LANG": "ru_RU.UTF-8"}).stdout
    assert '<html lang="en">' in run("print", "seating", "--lang", "en", "--db", url,
                                     env={**NO_LOCALE, "TOURNEY_LANG": "ru"}).stdout


def test_without_an_event_language_the_system_locale_decides_else_english(tmp_path: Path) -> None:
    url = polish_event(tmp_path)
    assert run("lang", "--db", url).stdout.startswith("Language of 'Piątek': none chosen")
    assert '<html lang="en">' in run("print", "standings", "--db", url).stdout
    assert '<html lang="pl">' in run("print", "standings", "--db", url, env={**NO_LOCALE, "LANG": "pl_PL.UTF-8"}).stdout
    assert '<html lang="en">' in run("print", "standings", "--db", url, env={**NO_LOCALE, "LANG": "de_DE.UTF-8"}).stdout


def test_tourney_lang_changes_the_events_language(tmp_path: Path) -> None:
    url = polish_event(tmp_path, "--lang", "pl")
    assert run("lang", "ru_RU", "--db", url).stdout == "Язык турнира 'Piątek' теперь ru.\n"  # in the new one
    folder = tmp_path / "sheets"
    run("print", "all", "-o", str(folder), "--db", url)
    for sheet in ("standings", "bracket", "seating", "seat-cards", "table-sheets"):
        assert '<html lang="ru">' in (folder / f"{sheet}.html").read_text(encoding="utf-8"), sheet


def test_an_unknown_language_is_refused_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    refused = run("new", "X", "--game", "pp", "--lang", "de", "--db", url, code=1)
    assert refused.stderr == "error: --lang: unknown language 'de' (languages: en, pl, ru)\n"
    assert not (tmp_path / "x.db").exists()  # refused before the database is created
    url = polish_event(tmp_path)
    assert run("print", "standings", "--lang", "xx", "--db", url, code=2).stderr.endswith(
        "--lang: unknown language 'xx' (languages: en, pl, ru)\n")
    assert "TOURNEY_LANG: unknown language 'eo'" in run("print", "standings", "--db", url, code=1,
                                                       env={**NO_LOCALE, "TOURNEY_LANG": "eo"}).stderr
    assert run("lang", "klingon", "--db", url, code=1).stderr.startswith("error: language: unknown language")


def test_a_web_page_takes_its_address_then_the_browser_then_the_event(tmp_path: Path) -> None:
    from tourney.app.operations.languages import page_language_of, show_language

    url = polish_event(tmp_path, "--lang", "pl")
    row, stored = show_language(db=url)
    assert stored == "pl"
    assert page_language_of(row, db=url) == "pl"
    assert page_language_of(row, query="ru", accept_language="en", db=url) == "ru"
    assert page_language_of(row, accept_language="ru-RU,ru;q=0.9", db=url) == "ru"
    assert page_language_of(row, query="xx", db=url) == "pl"


def test_a_portable_backup_carries_the_events_language(tmp_path: Path) -> None:
    url = polish_event(tmp_path, "--lang", "ru")
    export = tmp_path / "friday.jsonl"
    run("backup", str(export), "--portable", "--db", url)
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    run("backup", "--restore", str(export), "--db", target)
    assert run("lang", "--db", target).stdout == "Язык турнира 'Piątek': ru.\n"


def test_the_floor_reads_the_events_language_for_its_printed_sheets(tmp_path: Path) -> None:
    from tourney.app.floor.console_exports import console_sheet
    from tourney.app.floor.floor_read import read_floor

    url = polish_event(tmp_path, "--lang", "pl")
    floor = read_floor(url, None)
    assert floor.lang == "pl"
    assert '<html lang="pl">' in console_sheet(floor, "standings", links_base=None)
    assert '<html lang="ru">' in console_sheet(floor, "standings", links_base=None, lang="ru")
