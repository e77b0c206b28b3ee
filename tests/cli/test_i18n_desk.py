"""The CLI's output at the desk in Polish and Russian (issue 29): what a director reads during an
evening. A command speaks its --lang, TOURNEY_LANG, the event's language, the system locale, else
English; every line of `tables`, `status`, `standings`, `log`, `undo`, `correct`, `seat`,
`advance`, `chips`, `finish`, `player show` and `list` of a Polish Poker evening, a knockout, a Lou
evening (by chip counts), a Хлюст evening (by order), a Swiss event with tie-breaks, a round robin
and a double elimination, in pl and in ru, is scanned for the English catalog's sentences; the card
counts take the language's plural forms; `--json` stays as it is."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from i18n_support import english_in
from typer.testing import CliRunner, Result

from tourney.app.read_models.table_views import cards_text
from tourney.cli import app
from tourney.i18n import translator

runner = CliRunner()
PLAYERS = ["Łukasz", "Ewa", "Вера", "Дмитрий", "Grażyna", "Olek", "Kirył", "Zosia", "Irena", "Jarek"]
# conftest.py pins TOURNEY_LANG=en for the suite: these commands unset it and choose their own.
NO_LOCALE = {"TOURNEY_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
POLISH_SYSTEM = {**NO_LOCALE, "LANG": "pl_PL.UTF-8"}


def run(*args: str, env: Mapping[str, str | None] = NO_LOCALE, code: int = 0) -> Result:
    result = runner.invoke(app, list(args), env=dict(env))
    assert result.exit_code == code, result.output
    return result


def english_left(output: str, lang: str) -> list[str]:
    """The English sentences left in a command's output: the commands it names (`tourney seat`),
    the players' names and the game's and event's identifiers are no sentence."""
    text = re.sub(r"`[^`]*`", " ", output)
    for name in PLAYERS:
        text = text.replace(name, " ")
    text = re.sub(r"'Piątek'|polish-poker|sqlite:\S+", " ", text)
    return english_in(text, lang)


def polish_poker_evening(url: str, env: Mapping[str, str | None]) -> list[str]:
    """An evening of Polish Poker to its champion; every command's output a person reads."""
    outputs = [run("player", "add", *PLAYERS, "--db", url, env=env).stdout,
               run("seat", "--db", url, env=env).stdout,
               run("status", "--db", url, env=env).stdout,
               run("standings", "--db", url, env=env).stdout]
    while True:
        tables = json.loads(run("tables", "--json", "--db", url, env=env).stdout)
        playing = [t for t in tables if not t["finished"]]
        if not playing:
            status = json.loads(run("status", "--json", "--db", url, env=env).stdout)
            if status["complete"]:
                break
            outputs.append(run("advance", "--db", url, env=env).stdout)
            continue
        table = playing[0]
        loser = next(p["name"] for p in table["players"] if not p["eliminated"])
        outputs.append(run("result", str(table["table"]), loser, "--db", url, env=env).stdout)
        outputs.append(run("tables", "--db", url, env=env).stdout)
        if len(outputs) % 7 == 0:
            outputs.append(run("status", "--db", url, env=env).stdout)
    outputs += [run("standings", "--db", url, env=env).stdout, run("status", "--db", url, env=env).stdout,
                run("log", "--db", url, env=env).stdout]
    return outputs


def test_a_polish_system_enters_a_round_and_reads_a_polish_answer(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pl.db'}"
    made = run("new", "Piątek", "--game", "polish-poker", "--seed", "3", "--db", url, env=POLISH_SYSTEM).stdout
    assert made.startswith("Utworzono turniej 'Piątek'")
    assert run("player", "add", *PLAYERS, "--db", url, env=POLISH_SYSTEM).stdout == \
        "Zgłoszono 10 graczy; w turnieju 'Piątek' jest ich 10.\n"
    assert run("seat", "--db", url, env=POLISH_SYSTEM).stdout.startswith("Etap 1 rozlosowany (ziarno ")
    table = json.loads(run("tables", "1", "--json", "--db", url, env=POLISH_SYSTEM).stdout)
    loser = table["players"][0]["name"]
    answer = run("result", "1", loser, "--db", url, env=POLISH_SYSTEM).stdout.splitlines()
    assert re.fullmatch(r"stół 1, etap 1: limit kart \d+, następny zaczyna \S+", answer[0])
    assert re.fullmatch(rf"  msc\. 1  {loser}\s+2 karty", answer[1])
    assert all(line.endswith("1 karta") for line in answer[2:])
    # TOURNEY_LANG=en over the Polish system: the same entry read in English.
    english = run("result", "1", loser, "--db", url, env={**POLISH_SYSTEM, "TOURNEY_LANG": "en"}).stdout
    assert english.startswith("table 1, stage 1: cap ") and re.search(rf"{loser}\s+3 cards\n", english)


def test_tourney_lang_ru_makes_the_desk_speak_russian(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ru.db'}"
    run("new", "Пятница", "--game", "polish-poker", "--seed", "5", "--db", url)
    assert run("lang", "ru", "--db", url).stdout == "Язык турнира 'Пятница' теперь ru.\n"
    run("player", "add", *PLAYERS, "--db", url)
    assert run("seat", "--db", url).stdout.startswith("Этап 1: рассадка готова (зерно ")
    loser = json.loads(run("tables", "2", "--json", "--db", url).stdout)["players"][1]["name"]
    answer = run("result", "2", loser, "--db", url).stdout.splitlines()
    assert re.fullmatch(r"стол 2, этап 1: предел \d+, следующим начинает \S+", answer[0])
    assert re.fullmatch(rf"  место 2  {loser}\s+2 карты", answer[2])
    assert answer[1].endswith("1 карта")
    # --lang of one command is not a flag of these; TOURNEY_LANG overrides the event's language.
    assert run("tables", "2", "--db", url, env={**NO_LOCALE, "TOURNEY_LANG": "pl"}).stdout.startswith("stół 2")


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_a_polish_poker_evening_has_no_english_left(tmp_path: Path, lang: str) -> None:
    url = f"sqlite:///{tmp_path / 'evening.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "11", "--lang", lang, "--db", url)
    outputs = polish_poker_evening(url, NO_LOCALE)
    log = json.loads(run("log", "--json", "--db", url).stdout)
    result = next(e for e in reversed(log) if e["kind"] == "result")
    other = next(p for p in PLAYERS if p != result["data"]["loser"])
    refused = run("correct", str(result["id"]), "--loser", other, "--db", url, code=1)
    outputs.append(refused.stdout)  # a correction the later entries cannot survive: refused, nothing printed
    outputs.append(run("undo", "--db", url).stdout)
    seat = next(e for e in log if e["kind"] == "result" and e["data"]["table"] == 1)
    outputs.append(run("log", "--db", url).stdout)
    outputs.append(run("status", "--db", url).stdout)
    text = "\n".join(outputs)
    assert not english_left(text, lang), (english_left(text, lang), text)
    assert seat  # the evening entered rounds at table 1


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_a_correction_preview_and_an_undo_read_in_the_events_language(tmp_path: Path, lang: str) -> None:
    url = f"sqlite:///{tmp_path / 'fix.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "4", "--lang", lang, "--db", url)
    run("player", "add", *PLAYERS, "--db", url)
    seated = run("seat", "--db", url).stdout
    table = json.loads(run("tables", "1", "--json", "--db", url).stdout)
    first, second = table["players"][0]["name"], table["players"][1]["name"]
    run("result", "1", first, "--db", url)
    event = json.loads(run("log", "--json", "--db", url).stdout)[-1]["id"]
    preview = run("correct", str(event), "--loser", second, "--db", url).stdout
    applied = run("correct", str(event), "--loser", second, "--yes", "--db", url).stdout
    undone = run("undo", "--db", url).stdout
    log = run("log", "--db", url).stdout
    words = {"pl": ("Poprawka zdarzenia", "Nie zastosowano", "Zastosowano jako zdarzenie", "Cofnięto: zdarzenie"),
             "ru": ("Исправление события", "Не применено", "Применено как событие", "Отменено: событие")}[lang]
    assert preview.startswith(words[0]) and words[1] in preview
    assert words[2] in applied and undone.startswith(words[3])
    text = "\n".join((seated, preview, applied, undone, log))
    assert not english_left(text, lang), (english_left(text, lang), text)


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_a_knockout_evening_has_no_english_left(tmp_path: Path, lang: str) -> None:
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--format", "knockout", "--seed", "2", "--lang", lang,
        "--db", url)
    outputs = [run("player", "add", *PLAYERS[:6], "--db", url).stdout, run("seat", "--db", url).stdout,
               run("tables", "--db", url).stdout, run("status", "--db", url).stdout,
               run("standings", "--db", url).stdout]
    while True:
        tables = [t for t in json.loads(run("tables", "--json", "--db", url).stdout) if not t["finished"]]
        if not tables:
            if json.loads(run("status", "--json", "--db", url).stdout)["complete"]:
                break
            outputs += [run("status", "--db", url).stdout, run("advance", "--db", url).stdout]
            continue
        table = tables[0]
        names = [p["name"] for p in table["players"]]
        outputs.append(run("finish", str(table["table"]), *names, "--db", url).stdout)
        outputs.append(run("tables", "--db", url).stdout)
    outputs += [run("standings", "--db", url).stdout, run("status", "--db", url).stdout,
                run("log", "--db", url).stdout, run("undo", "--db", url).stdout, run("status", "--db", url).stdout]
    text = "\n".join(outputs)
    assert not english_left(text, lang), (english_left(text, lang), text)


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {1: "1 card", 2: "2 cards", 5: "5 cards", 12: "12 cards", 21: "21 cards", 22: "22 cards"}),
    ("pl", {1: "1 karta", 2: "2 karty", 5: "5 kart", 12: "12 kart", 21: "21 kart", 22: "22 karty", 25: "25 kart"}),
    ("ru", {1: "1 карта", 2: "2 карты", 5: "5 карт", 12: "12 карт", 21: "21 карта", 22: "22 карты", 25: "25 карт"}),
])
def test_card_counts_take_the_languages_plural_forms(lang: str, forms: dict[int, str]) -> None:
    tr = translator(lang)
    assert {count: cards_text(count, tr) for count in forms} == forms


def test_json_output_is_the_same_in_every_language(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'json.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "3", "--lang", "ru", "--db", url)
    run("player", "add", *PLAYERS, "--db", url)
    run("seat", "--db", url)
    for command in (("tables", "--json"), ("status", "--json"), ("standings", "--json"), ("log", "--json"),
                    ("standings", "--csv")):
        outputs = {run(*command, "--db", url, env={**NO_LOCALE, "TOURNEY_LANG": lang}).stdout
                   for lang in ("en", "pl", "ru")}
        assert len(outputs) == 1, command


def test_the_evenings_common_refusals_are_said_in_the_commands_language(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "3", "--lang", "pl", "--db", url)
    run("player", "add", "Anna", "Anka", *PLAYERS, "--db", url)
    run("seat", "--db", url)
    at_one = [p["name"] for p in json.loads(run("tables", "1", "--json", "--db", url).stdout)["players"]]

    def refusal(*args: str, env: Mapping[str, str | None] = NO_LOCALE) -> str:
        return run(*args, "--db", url, env=env, code=1).stderr

    assert refusal("result", "1", "Xavier") == "error: nieznany gracz 'Xavier'\n"
    assert refusal("result", "9", at_one[0]) == "error: nie ma stołu 9 w etapie 1 (stoły 1-2)\n"
    blocked = refusal("advance")
    assert blocked.startswith("error: nie można zamknąć etapu 1: stół 1 wciąż gra (w grze ")
    assert "still playing" not in blocked and blocked.count("\n") == 1
    ambiguous = refusal("player", "drop", "An")
    assert ambiguous == "error: 'An' może oznaczać: Anna, Anka; wpisz więcej liter\n"
    russian = refusal("player", "drop", "An", env={**NO_LOCALE, "TOURNEY_LANG": "ru"})
    assert russian == "error: 'An' может означать: Anna, Anka; введите имя полнее\n"
    # English stays exactly as raised; the long tail of refusals is English in every language.
    assert refusal("result", "1", "Xavier", env={**NO_LOCALE, "TOURNEY_LANG": "en"}) == \
        "error: unknown player 'Xavier'\n"


@pytest.mark.parametrize(("lang", "heading", "final"), [
    ("pl", "Plan etapów dla 41 graczy, gra polish-poker:", "  finał: 4 graczy, stół finałowy na 4"),
    ("ru", "План этапов для 41 игрока, игра polish-poker:", "  финал: 4 игрока, финальный стол на 4"),
])
def test_the_plan_reads_in_the_commands_language(tmp_path: Path, lang: str, heading: str, final: str) -> None:
    shown = run("plan", "--players", "41", "--db", f"sqlite:///{tmp_path / 'p.db'}",
                env={**NO_LOCALE, "TOURNEY_LANG": lang}).stdout
    lines = shown.splitlines()
    assert lines[0] == heading and final in lines
    assert not english_left(shown, lang), english_left(shown, lang)


def test_player_list_and_show_say_where_each_player_stands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'players.db'}"
    run("new", "Piątek", "--game", "polish-poker", "--seed", "3", "--lang", "pl", "--db", url)
    run("player", "add", *PLAYERS, "--db", url)
    assert run("player", "list", "--db", url).stdout.endswith("10 graczy (zgłoszeni: 10)\n")
    shown = run("player", "show", "Ewa", "--db", url).stdout
    assert shown == "Ewa: zgłoszony, jeszcze bez miejsca\n  jeszcze bez miejsca\n"
    run("seat", "--db", url)
    listed = run("player", "list", "--db", url, env={**NO_LOCALE, "TOURNEY_LANG": "ru"}).stdout
    assert "играет за столом 1" in listed and listed.endswith("10 игроков (играет: 10)\n")
    assert json.loads(run("player", "list", "--json", "--db", url).stdout)[0]["status"] == "playing"


def pot_game_evening(url: str, *, by_chips: bool) -> list[str]:
    """A pot game's evening to its champion: each table entered by its chip counts (`tourney chips`,
    100 a player, all different) or by its order (`tourney finish`); every output a person reads."""
    outputs = [run("player", "add", *PLAYERS, "--db", url).stdout, run("seat", "--db", url).stdout,
               run("tables", "--db", url).stdout]
    while True:
        tables = [t for t in json.loads(run("tables", "--json", "--db", url).stdout) if not t["finished"]]
        if not tables:
            if json.loads(run("status", "--json", "--db", url).stdout)["complete"]:
                break
            outputs += [run("status", "--db", url).stdout, run("standings", "--db", url).stdout,
                        run("advance", "--db", url).stdout]
            continue
        table = tables[0]
        names = [p["name"] for p in table["players"] if not p["eliminated"]]
        if by_chips:
            counts = {name: 100 - 10 * rank for rank, name in enumerate(names[1:], start=1)}
            counts[names[0]] = 100 * len(names) - sum(counts.values())
            outputs.append(run("chips", str(table["table"]), *(f"{n}={c}" for n, c in counts.items()),
                               "--db", url).stdout)
        else:
            outputs.append(run("finish", str(table["table"]), *names, "--db", url).stdout)
    champion = json.loads(run("standings", "--json", "--db", url).stdout)
    first = champion[0]["player"] if isinstance(champion, list) else champion["rows"][0]["player"]
    outputs += [run("standings", "--db", url).stdout, run("status", "--db", url).stdout,
                run("log", "--db", url).stdout, run("player", "list", "--db", url).stdout,
                run("player", "show", first, "--db", url).stdout, run("list", "--db", url).stdout]
    return outputs


@pytest.mark.parametrize(("game", "lang"), [("lou", "pl"), ("lou", "ru"), ("khlyust", "pl"), ("khlyust", "ru")])
def test_a_lou_and_a_khlyust_evening_have_no_english_left(tmp_path: Path, game: str, lang: str) -> None:
    """Lou's tables entered by chip counts, Хлюст's by their order, to the champion."""
    url = f"sqlite:///{tmp_path / 'pot.db'}"
    outputs = [run("new", "Piątek", "--game", game, "--seed", "6", "--lang", lang, "--db", url).stdout]
    outputs += pot_game_evening(url, by_chips=game == "lou")
    text = "\n".join(outputs)
    assert not english_left(text, lang), (english_left(text, lang), text)
    assert ("wygrał turniej" if lang == "pl" else "выиграл турнир") in text  # the champion's status


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_a_swiss_evening_with_tie_breaks_has_no_english_left(tmp_path: Path, lang: str) -> None:
    """Three rounds of a Swiss event: its tie-break columns by their names in the language (the
    --json keys stay), each player's path of rounds, the list of events."""
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    outputs = [run("new", "Piątek", "--game", "polish-poker", "--format", "swiss", "--rounds", "3", "--tiebreaks",
                   "buchholz-cut1,sonneborn-berger", "--seed", "8", "--lang", lang, "--db", url).stdout,
               run("player", "add", *PLAYERS[:6], "--db", url).stdout, run("seat", "--db", url).stdout]
    for _round in range(3):  # an advance draws the next round
        for table in json.loads(run("tables", "--json", "--db", url).stdout):
            if not table["finished"]:
                names = [p["name"] for p in table["players"]]
                outputs.append(run("finish", str(table["table"]), *names, "--db", url).stdout)
        outputs += [run("standings", "--db", url).stdout, run("status", "--db", url).stdout]
        if not json.loads(run("status", "--json", "--db", url).stdout)["complete"]:
            outputs.append(run("advance", "--db", url).stdout)
    outputs += [run("player", "show", name, "--db", url).stdout for name in PLAYERS[:6]]
    outputs += [run("list", "--db", url).stdout, run("log", "--db", url).stdout]
    text = "\n".join(outputs)
    assert not english_left(text, lang), (english_left(text, lang), text)
    heading = {"pl": "Buchholz bez najsłabszego  Sonneborn-Berger", "ru": "усечённый Бухгольц  Зоннеборн-Бергер"}
    assert heading[lang] in text and "buchholz-cut1" not in text
    assert "buchholz_cut1" in run("standings", "--json", "--db", url).stdout  # the keys stay as they are


@pytest.mark.parametrize(("format_", "lang"), [("round-robin", "pl"), ("double-elimination", "ru")])
def test_a_round_robin_and_a_double_elimination_have_no_english_left(tmp_path: Path, format_: str, lang: str) -> None:
    """Every match entered by `finish` (the first seated wins) to the end; what the desk prints."""
    url = f"sqlite:///{tmp_path / 'format.db'}"
    outputs = [run("new", "Piątek", "--game", "polish-poker", "--format", format_, "--seed", "9", "--lang", lang,
                   "--db", url).stdout,
               run("player", "add", *PLAYERS[:5], "--db", url).stdout, run("seat", "--db", url).stdout]
    while not json.loads(run("status", "--json", "--db", url).stdout)["complete"]:
        tables = [t for t in json.loads(run("tables", "--json", "--db", url).stdout) if not t["finished"]]
        if not tables:
            outputs += [run("standings", "--db", url).stdout, run("advance", "--db", url).stdout]
            continue
        for table in tables:
            outputs.append(run("finish", str(table["table"]), *(p["name"] for p in table["players"]),
                               "--db", url).stdout)
        outputs.append(run("status", "--db", url).stdout)
    outputs += [run("standings", "--db", url).stdout, run("player", "show", PLAYERS[0], "--db", url).stdout,
                run("player", "list", "--db", url).stdout, run("log", "--db", url).stdout]
    text = "\n".join(outputs)
    assert not english_left(text, lang), (english_left(text, lang), text)
