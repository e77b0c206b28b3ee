"""The CLI's rarer lines in the command's language (issue 29): `tourney list`, `backup` and its
`--restore`, `serve`'s banner, the usage errors, the CSV import's, the files' and the corrections'
refusals, a player's path and the tie-break columns, read under a Polish system (`LANG=pl_PL.UTF-8`)
and in Russian; the same in English, byte for byte as before there were catalogs. An error raised
`in_words` carries its catalog sentence (`Worded`), said at the error boundary in the command's
language."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from i18n_support import english_in
from typer.testing import CliRunner, Result

from tourney.cli import app
from tourney.cli._admin_lines import serving_line
from tourney.errors import InvalidInputError, Worded, worded, worded_n
from tourney.i18n import translator

runner = CliRunner()
PLAYERS = ["Łukasz", "Ewa", "Вера", "Дмитрий", "Grażyna", "Olek"]
NO_LOCALE = {"TOURNEY_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
POLISH = {**NO_LOCALE, "LANG": "pl_PL.UTF-8"}
RUSSIAN = {**NO_LOCALE, "TOURNEY_LANG": "ru"}
ENGLISH = {**NO_LOCALE, "TOURNEY_LANG": "en"}


def run(*args: str, env: Mapping[str, str | None] = POLISH, code: int = 0) -> Result:
    result = runner.invoke(app, list(args), env=dict(env))
    assert result.exit_code == code, result.output
    return result


def refused(*args: str, env: Mapping[str, str | None] = POLISH, code: int = 1) -> str:
    return run(*args, env=env, code=code).stderr


@pytest.fixture
def evening(tmp_path: Path) -> str:
    """A Polish Poker event, its players seated, two rounds of table 1 entered (the system's
    language decides: no event language)."""
    url = f"sqlite:///{tmp_path / 'desk.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "3", "--db", url, env=ENGLISH)
    run("player", "add", *PLAYERS, "--db", url, env=ENGLISH)
    run("seat", "--db", url, env=ENGLISH)
    at_one = json.loads(run("tables", "1", "--json", "--db", url).stdout)["players"]
    run("result", "1", at_one[0]["name"], "--db", url)
    run("result", "1", at_one[0]["name"], "--db", url)
    return url


def test_list_backup_and_restore_read_in_polish(evening: str, tmp_path: Path) -> None:
    listed = run("list", "--db", evening).stdout.splitlines()
    assert listed[0].startswith("*    1  Piątek  polish-poker  etap 1") and listed[0].endswith("6 graczy")
    assert listed[1] == "* bieżący: `tourney use NAZWA|ID` wybiera inny."
    backup = tmp_path / "kopia.jsonl"
    made = run("backup", str(backup), "--portable", "--db", evening).stdout
    assert made.startswith("Kopia zapasowa ") and made.endswith("(eksport przenośny: 1 turniej, 9 zdarzeń).\n")
    restored = run("backup", "--restore", str(backup), "--db", f"sqlite:///{tmp_path / 'new.db'}").stdout
    assert restored.startswith("Przywrócono 'Piątek' do ") and restored.endswith("(9 zdarzeń, 0 zgłoszeń ze stołów).\n")
    again = refused("backup", "--restore", str(backup), "--db", f"sqlite:///{tmp_path / 'new.db'}")
    assert again == "error: turniej o nazwie 'Piątek' już istnieje (id 1); niczego nie przywrócono\n"
    # English exactly as it always read.
    english = run("list", "--db", evening, env=ENGLISH).stdout
    assert english.splitlines()[0].endswith("  polish-poker  stage 1      6 players")
    assert english.endswith("* current: `tourney use NAME|ID` chooses another.\n")
    assert run("backup", str(tmp_path / "b.jsonl"), "--portable", "--db", evening, env=ENGLISH).stdout.endswith(
        "(portable export: 1 tournament(s), 9 events).\n")


def test_usage_errors_read_in_the_systems_language(evening: str) -> None:
    assert refused("plan", "--players", "x", code=2) == (
        "error: Nieprawidłowa wartość '--players' / '-n': --players musi być liczbą całkowitą, podano 'x' "
        "(zobacz 'tourney plan --help')\n")
    assert refused("plan", "--playrs", "3", code=2) == (
        "error: Nie ma takiej opcji: --playrs (możliwe opcje: --players) (zobacz 'tourney plan --help')\n")
    assert refused("player", "rename", "--db", evening, code=2) == (
        "error: Brak argumentu 'OLD'. (zobacz 'tourney player rename --help')\n")
    assert refused("serve", "--port", "0", code=2, env=RUSSIAN) == (
        "error: Неверное значение '--port': 0 вне диапазона 1<=x<=65535. (см. 'tourney serve --help')\n")
    assert refused("rsult", code=2) == "error: Nie ma takiego polecenia 'rsult'. (zobacz 'tourney --help')\n"
    # English: click's own words, as before.
    assert refused("plan", "--players", "x", code=2, env=ENGLISH) == (
        "error: Invalid value for '--players' / '-n': --players must be a whole number, got 'x' "
        "(see 'tourney plan --help')\n")
    assert refused("plan", "3", "4", code=2, env=ENGLISH) == (
        "error: Got unexpected extra argument(s) (3 4) (see 'tourney plan --help')\n")


def test_an_import_and_a_correction_are_refused_in_polish(evening: str, tmp_path: Path) -> None:
    no_name = tmp_path / "gracze.csv"
    no_name.write_text("nazwisko,klub\nAnna,KS\n", encoding="utf-8")
    assert refused("player", "import", str(no_name), "--db", evening) == (
        f"error: {no_name}, wiersz 1: brak kolumny 'name' wśród 2 kolumn nagłówka: 'nazwisko', 'klub' — pierwszy "
        "wiersz musi nazywać kolumny, w tym 'name'\n")
    twice = tmp_path / "dwa.csv"
    twice.write_text("name\nAnna\nanna\n", encoding="utf-8")
    assert "wiersz 3: 'anna' jest już w wierszu 2 ('Anna'): usuń jeden z tych dwóch wierszy" in refused(
        "player", "import", str(twice), "--db", evening)
    assert refused("player", "import", str(tmp_path / "brak.csv"), "--db", evening) == (
        f"error: nie ma takiego pliku: '{tmp_path / 'brak.csv'}'\n")
    log = json.loads(run("log", "--json", "--db", evening).stdout)
    register = next(e["id"] for e in log if e["kind"] == "register")
    assert refused("correct", str(register), "--loser", "Ewa", "--db", evening) == (
        f"error: correct: zdarzenie {register} to register, a nie wynik rundy (przyjmuje name albo club)\n")
    first = next(e["id"] for e in log if e["kind"] == "result")
    assert refused("undo", str(first), "--db", evening) == (
        f"error: zdarzenie {first + 1}: result zależy od zdarzenia {first}: najpierw cofnij zdarzenie {first + 1}\n")
    assert refused("correct", str(first), "--db", evening) == (
        "error: powiedz, co poprawić: jedno z --loser NAZWISKO, --order G1 G2 ..., --counts NAZWISKO=N ..., "
        "--name NOWE / --club NOWY\n")
    english = refused("correct", str(register), "--loser", "Ewa", "--db", evening, env=ENGLISH)
    assert english == f"error: correct: event {register} is a register, not a round result (it takes name or club)\n"


def test_a_players_path_and_the_tie_break_columns_read_in_russian(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    run("new", "Пятница", "--game", "pp", "--format", "swiss", "--rounds", "2", "--tiebreaks",
        "buchholz,direct-encounter", "--seed", "4", "--db", url, env=RUSSIAN)
    run("player", "add", *PLAYERS[:4], "--db", url, env=RUSSIAN)
    run("seat", "--db", url, env=RUSSIAN)
    table = json.loads(run("tables", "1", "--json", "--db", url, env=RUSSIAN).stdout)
    winner, loser = (p["name"] for p in table["players"])
    run("finish", "1", winner, loser, "--db", url, env=RUSSIAN)
    assert run("player", "show", winner, "--db", url, env=RUSSIAN).stdout.splitlines()[1] == (
        f"  тур 1  стол 1  место 1  победа над: {loser}")
    assert run("player", "show", loser, "--db", url, env=ENGLISH).stdout.splitlines()[1] == (
        f"  round 1  table 1  seat 2  lost to {winner}")
    heading = run("standings", "--db", url, env=RUSSIAN).stdout.splitlines()[1]
    assert heading.endswith("очки  Бухгольц  Личная встреча")
    assert run("standings", "--db", url, env=ENGLISH).stdout.splitlines()[1].endswith(
        "points  buchholz  direct-encounter")
    assert "дополнительные показатели: Бухгольц, затем личная встреча" in run("status", "--db", url,
                                                                            env=RUSSIAN).stdout


def test_serves_banner_reads_in_the_language() -> None:
    pages = ["Standings", "Bracket", "Seating"]
    assert serving_line("Piątek", "http://127.0.0.1:8000/", pages, translator("pl")) == (
        "Turniej 'Piątek' pod http://127.0.0.1:8000/ (klasyfikacja, drabinka, rozstawienie); Ctrl-C zatrzymuje.")
    assert serving_line(None, "http://127.0.0.1:8000/", pages) == (
        "Serving no event yet on http://127.0.0.1:8000/ (standings, bracket, seating); Ctrl-C stops.")


def test_a_worded_error_is_english_as_raised_and_said_in_each_language() -> None:
    error = InvalidInputError.in_words("%(source)s line %(line)s: %(error)s", source="g.csv", line=3,
                                       error=worded("a chip count cannot be negative: %(pair)s", pair="'a=-1'"))
    assert str(error) == "g.csv line 3: a chip count cannot be negative: 'a=-1'"
    assert isinstance(error.words, Worded)
    assert translator("pl").words(error.words) == "g.csv, wiersz 3: liczba żetonów nie może być ujemna: 'a=-1'"
    assert translator("en").words(error.words) == str(error)
    assert InvalidInputError("plain").words is None


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {1: "1 tournament", 2: "2 tournaments", 5: "5 tournaments", 21: "21 tournaments"}),
    ("pl", {1: "1 turniej", 2: "2 turnieje", 5: "5 turniejów", 12: "12 turniejów", 21: "21 turniejów",
            22: "22 turnieje", 25: "25 turniejów"}),
    ("ru", {1: "1 турнир", 2: "2 турнира", 5: "5 турниров", 12: "12 турниров", 21: "21 турнир", 22: "22 турнира",
            25: "25 турниров"}),
])
def test_the_new_counts_take_the_languages_plural_forms(lang: str, forms: dict[int, str]) -> None:
    tr = translator(lang)
    assert {n: tr.ngettext("%(num)s tournament", "%(num)s tournaments", n) for n in forms} == forms
    cards = {n: tr.words(worded_n("playing, %(num)s card(s)", "playing, %(num)s card(s)", n)) for n in (1, 2, 5)}
    expected = {"en": ("playing, 1 card(s)", "playing, 2 card(s)", "playing, 5 card(s)"),
                "pl": ("w grze, 1 karta", "w grze, 2 karty", "w grze, 5 kart"),
                "ru": ("играет, 1 карта", "играет, 2 карты", "играет, 5 карт")}[lang]
    assert tuple(cards.values()) == expected


def test_the_scan_finds_the_english_of_these_lines() -> None:
    """The desk's scans can fail on these lines: English ones are full of the catalog's pieces."""
    said = serving_line("Friday", "http://x/", ["Standings"]) + " Read-only pages, visible to every computer"
    assert english_in(said, "pl")


def test_a_refusal_before_the_event_is_read_is_in_the_events_language(tmp_path: Path) -> None:
    """The commands choose their language first: a refusal of their options reads in the event's."""
    url = f"sqlite:///{tmp_path / 'ru.db'}"
    run("new", "Пятница", "--game", "pp", "--seed", "4", "--lang", "ru", "--db", url, env=NO_LOCALE)
    assert refused("correct", "1", "--db", url, env=NO_LOCALE).startswith("error: укажите, что исправить: одно из")
    assert refused("seat", "--encoding", "cp1250", "--db", url, env=NO_LOCALE) == (
        "error: --encoding и --separator говорят, как читать ФАЙЛ из --ratings: укажите и его\n")
    assert refused("backup", "x.db", "--restore", "y.jsonl", "--db", url, env=NO_LOCALE).startswith(
        "error: --restore КОПИЯ не принимает ФАЙЛ")


def test_the_options_and_the_ratings_file_are_refused_in_polish(evening: str, tmp_path: Path) -> None:
    assert refused("print", "stanowiska", "--db", evening, code=2) == (
        "error: nieznany wydruk 'stanowiska' (wydruki: standings, bracket, seating, seat-cards, table-sheets, "
        "pairings, all)\n")
    assert refused("new", "Sobota", "--game", "pp", "--date", "14.03.2026", "--db", evening) == (
        "error: --date '14.03.2026': oczekiwano daty RRRR-MM-DD, np. 2026-03-14\n")
    assert refused("player", "add", "Ewa", "--db", evening) == "error: gracz 'Ewa' jest już zgłoszony\n"
    ratings = tmp_path / "rankingi.csv"
    ratings.write_text("name,rating\nZenon,1500\n", encoding="utf-8")
    assert refused("seat", "--ratings", str(ratings), "--db", evening) == (
        "error: --ratings jest dla drabinki rozstawianej według rankingu (`tourney new --seeding rating`)\n")
    url = f"sqlite:///{tmp_path / 'plan.db'}"
    run("new", "Pusty", "--game", "pp", "--db", url)
    run("player", "add", "Ala", "--db", url)
    assert refused("plan", "--db", url) == (
        "error: zgłoszony jest 1 gracz: plan wymaga co najmniej 2 (albo użyj --players N)\n")
    assert refused("plan", "--db", url, env=ENGLISH) == (
        "error: 1 player(s) registered: a plan needs at least 2 (or use --players N)\n")


def test_a_names_refusal_reads_in_the_language(evening: str) -> None:
    """What the name is for is said by the language too (a name, a club, a tournament's name)."""
    assert refused("player", "add", "Ala\x01", "--db", evening) == (
        "error: nazwisko nie może zawierać znaków sterujących ('\\x01' w 'Ala\\x01')\n")
    assert refused("player", "add", "Ala", "--club", "KS\x02", "--db", evening, env=RUSSIAN) == (
        "error: название клуба не может содержать управляющие символы ('\\x02' в 'KS\\x02')\n")
    assert refused("player", "add", "Ala", "--club", "KS\x02", "--db", evening, env=ENGLISH) == (
        "error: a club cannot contain control characters ('\\x02' in 'KS\\x02')\n")


def test_the_desks_own_lines_read_in_the_events_language(evening: str) -> None:
    result = runner.invoke(app, ["desk", "--db", evening], input='help\ndesk\nresult "1\n', env=dict(POLISH))
    assert "Przy stoliku sędziego: wpisuj polecenia bez `tourney`" in result.stdout
    assert result.stderr == ("error: już jesteś przy stoliku sędziego (desk)\n"
                             "error: nie można odczytać tego wiersza: No closing quotation\n")
    english = runner.invoke(app, ["desk", "--db", evening], input="desk\n", env=dict(ENGLISH))
    assert english.stderr == "error: already at the desk\n"


def test_a_pot_games_chip_counts_are_refused_in_russian(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lou.db'}"
    run("new", "Суббота", "--game", "lou", "--seed", "4", "--db", url, env=RUSSIAN)
    run("player", "add", *PLAYERS, "--db", url, env=RUSSIAN)
    run("seat", "--db", url, env=RUSSIAN)
    table = json.loads(run("tables", "1", "--json", "--db", url, env=RUSSIAN).stdout)
    names = [p["name"] for p in table["players"]]
    counts = [f"{name}=10" for name in names]
    assert refused("chips", "1", *counts, "--db", url, env=RUSSIAN) == (
        f"error: стол 1: фишек в сумме {10 * len(names)}, а за столом их {100 * len(names)} ({len(names)} игроков x "
        "100 фишек)\n")
    assert refused("chips", "1", *counts, "--db", url, env=ENGLISH) == (
        f"error: table 1: the chip counts add up to {10 * len(names)}, but the table holds {100 * len(names)} "
        f"({len(names)} players x 100 chips)\n")
