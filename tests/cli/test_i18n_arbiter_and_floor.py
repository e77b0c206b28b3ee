"""The arbiter's answers and the floor's refusals in the command's or page's language (issue 29):
`tourney rules check`, `settle` and `showdown` (Chlust and Хлюст) read in Polish (a Polish system,
`LANG=pl_PL.UTF-8`) and Russian (`TOURNEY_LANG=ru`) with no English left (the scan of
tests/i18n_support.py), the canonical declaration and the cards kept as typed; in English byte for
byte as before there were catalogs. The refusals of the phones' reports, the table links and the
sheets' links are raised in words and said in the page's language (`error_text`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from i18n_support import english_in
from typer.testing import CliRunner, Result

from tourney import app as operations
from tourney.app.floor import reports
from tourney.app.floor.director_forms import decision
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.sheet_links import check_base, sheet_links
from tourney.app.read_models.refusals import error_text
from tourney.cli import app
from tourney.errors import AccessError, IllegalActionError, InvalidInputError, TourneyError
from tourney.i18n import translator

runner = CliRunner()
NO_LOCALE = {"TOURNEY_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
LANGUAGES = {"pl": {**NO_LOCALE, "LANG": "pl_PL.UTF-8"}, "ru": {**NO_LOCALE, "TOURNEY_LANG": "ru"},
             "en": {**NO_LOCALE, "TOURNEY_LANG": "en"}}

# Each asks a sentence of every kind the command prints: a declaration that exists with the joker's
# help, one that does not (with and without the joker), a Lou deal with a loo and one that keeps a
# part of the pot, Chlust's kinds and tie-breaks, Хлюст's Листы, Хлюст and duel.
QUESTIONS = {
    "check-joker": ["rules", "check", "FULL:K/9", "-c", "KS KH 9S 9H JK"],
    "check-no-joker": ["rules", "check", "FIVE:A", "-c", "AS AH AD 9H"],
    "check-short": ["rules", "check", "FIVE:A", "-c", "AS AH 9S 9H JK"],
    "check-plain": ["rules", "check", "PAIR:K", "-c", "KS KH 9S"],
    "declarations": ["rules", "declarations"],
    "declarations-ranked": ["rules", "declarations", "--suit-order", "ranked"],
    "settle-loo": ["rules", "settle", "lou", "-p", "15", "-t", "A=2,B=1,C=0"],
    "settle-kept": ["rules", "settle", "lou", "-p", "16", "-t", "A=3,B=0"],
    "chlust-kind": ["rules", "showdown", "chlust", "AH KH TC", "JS JD JC", "QS QD TH", "-u", "KD"],
    "chlust-cards": ["rules", "showdown", "chlust", "AH KH QH", "AS AD AC", "KS QS JS", "-u", "9C",
                     "-o", "with_nines=true"],
    "chlust-elder": ["rules", "showdown", "chlust", "AH KH QH", "AD KD QD", "-u", "9C", "-o", "with_nines=true"],
    "chlust-none": ["rules", "showdown", "chlust", "AH KD QC", "AS JD TH", "-u", "9C", "-o", "with_nines=true"],
    "khlyust-listy": ["rules", "showdown", "khlyust", "AH AD AC", "KS QS JS", "7D 8D 9C", "-u", "TD"],
    "khlyust-instant": ["rules", "showdown", "khlyust", "AH KD QC", "KS QS JS", "7D 8D 9C", "-u", "TD",
                        "-o", "instant_khlyust=true"],
    "khlyust-declared": ["rules", "showdown", "khlyust", "AH KD QC", "KS QS JS", "7D 8D 9C", "-u", "TD"],
    "khlyust-duel": ["rules", "showdown", "khlyust", "AH AD AS", "KS QS JS", "-u", "6D", "-o", "three_aces=true"],
}

ENGLISH = {
    "check-joker": "FULL:K/9 EXISTS: 1 card missing, filled by the joker\n",
    "check-no-joker": "FIVE:A does NOT exist: 2 cards missing\n",
    "check-short": "FIVE:A does NOT exist: 3 cards missing, the joker fills only one\n",
    "check-plain": "PAIR:K EXISTS\n",
    "settle-loo": ("A: +10 (2 tricks)\nB: +5 (1 trick)\nC: -15 (looed: matches the pot)\n"
                   "next pot: 15 (the game goes on)\n"),
    "settle-kept": ("A: +15 (3 tricks)\nB: -16 (looed: matches the pot)\n"
                    "next pot: 17, of which 1 stays from this pot (the game goes on)\n"),
    "chlust-kind": ("trump diamonds (upcard KD), wild card TC\n"
                    "hand 1: AH KH TC  three of a suit (hearts), impure, W as QH\n"
                    "hand 2: JS JD JC  three jacks, pure\n"
                    "hand 3: QS QD TH  no combination\n"
                    "winner: hand 2 (JS JD JC), by a better kind (three jacks > three of a suit > three of a rank)\n"),
    "khlyust-listy": ("trump D (upcard TD); 32 cards (§3.5)\n"
                      "hand 1: AH AD AC  Листы of aces\n"
                      "hand 2: KS QS JS  Хлюст (three of a suit)\n"
                      "hand 3: 7D 8D 9C  no combination\n"
                      "winner: hand 1 (AH AD AC) takes the kassa before play: the highest Листы (Листы of aces) "
                      "takes the whole kassa (§3.6)\n"),
}


def run(args: list[str], lang: str) -> Result:
    result = runner.invoke(app, args, env=dict(LANGUAGES[lang]))
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_the_arbiters_answers_read_in_the_language(question: str, lang: str) -> None:
    said = run(QUESTIONS[question], lang).stdout
    assert said.strip()
    assert not english_in(said, lang), f"{question}: English left: {english_in(said, lang)}"
    assert not english_in(said.replace("Листы", " "), lang)


@pytest.mark.parametrize("question", list(QUESTIONS))
def test_the_arbiters_answers_in_english_are_as_they_were(question: str) -> None:
    said = run(QUESTIONS[question], "en").stdout
    if question in ENGLISH:
        assert said == ENGLISH[question]
    if question.startswith("declarations"):
        # The spoken readings, as `Declaration.spoken` has always said them.
        from tourney.rules.polish_poker import CANONICAL, DECLARATIONS

        for line in said.splitlines():
            canonical, spoken = line.split(maxsplit=2)[1:]
            assert spoken == DECLARATIONS[CANONICAL.index(canonical)].spoken()
    assert english_in(said, "pl"), "the scan can fail on these lines"


def test_the_arbiters_words_in_polish_and_russian() -> None:
    assert run(QUESTIONS["check-joker"], "pl").stdout == "FULL:K/9 ISTNIEJE: brakuje 1 karty, uzupełnia ją joker\n"
    assert run(QUESTIONS["check-short"], "ru").stdout == (
        "FIVE:A НЕТ: не хватает 3 карт, джокер заменяет только одну\n")
    assert run(QUESTIONS["settle-kept"], "pl").stdout.splitlines() == [
        "A: +15 (3 lewy)", "B: -16 (lu: dopłaca tyle, ile jest w puli)",
        "następna pula: 17, z czego 1 zostaje z tej puli (gra toczy się dalej)"]
    assert run(QUESTIONS["settle-loo"], "ru").stdout.splitlines()[:2] == ["A: +10 (2 взятки)", "B: +5 (1 взятка)"]
    assert run(QUESTIONS["chlust-kind"], "pl").stdout.splitlines()[:2] == [
        "atu: kara (odkryta karta KD), dzika karta TC",
        "ręka 1: AH KH TC  trzy w kolorze (kiery), nieczysty, W jako QH"]
    assert run(QUESTIONS["khlyust-listy"], "ru").stdout.splitlines()[1] == "рука 1: AH AD AC  Листы: тузы"
    spoken = {line.split(maxsplit=2)[1]: line.split(maxsplit=2)[2] for line in
              run(QUESTIONS["declarations"], "pl").stdout.splitlines()}
    assert (spoken["PAIR:K"], spoken["FULL:9/T"], spoken["TWOPAIR:A/J"], spoken["SFLUSH:H"]) == (
        "Para króli", "Full: trójka dziewiątek i para dziesiątek", "Dwie pary: asy i walety", "Poker: kiery")
    assert run(QUESTIONS["declarations"], "ru").stdout.splitlines()[-1].endswith("FIVE:A          Пять тузов")
    # --json never changes.
    assert run([*QUESTIONS["settle-loo"], "--json"], "pl").stdout == run([*QUESTIONS["settle-loo"], "--json"],
                                                                          "en").stdout


@pytest.fixture
def floor_url(tmp_path: Path) -> str:
    """A Polish Poker event seated at two tables, the floor's links made, reports kept for the director."""
    url = f"sqlite:///{tmp_path / 'floor.db'}"
    operations.new_tournament("Piątek", game="pp", seed=11, lang="pl", db=url)
    operations.add_players(["Łukasz", "Ewa", "Вера", "Дмитрий", "Grażyna", "Olek", "Zenon", "Ольга", "Henryk",
                            "Wojciech", "Anna", "Пётр"], db=url)
    operations.seat(db=url)
    open_floor(db=url)
    reports.set_mode("approve", db=url)
    return url


def refusal(call: object, *args: object, **kwargs: object) -> TourneyError:
    with pytest.raises(TourneyError) as raised:
        call(*args, **kwargs)  # type: ignore[operator]
    return raised.value


def test_the_floors_refusals_are_said_in_the_pages_language(floor_url: str) -> None:
    floor = read_floor(floor_url, None)
    token = open_floor(keep_director=True, db=floor_url).table_link(1)
    first = floor.state.tables[0]
    reports.submit(reports.TableReport(1, token, "result", [first.seats[0]], reports.progress_mark(first), "k1"),
                   db=floor_url)
    refused = {
        "no such report": refusal(reports.withdraw, 1, token, 99, db=floor_url),
        "not its report": refusal(reports.withdraw, 2, open_floor(keep_director=True, db=floor_url).table_link(2), 1,
                                  db=floor_url),
        "a bad mode": refusal(reports.set_mode, "sometimes", db=floor_url),
        "wrong link": refusal(reports.withdraw, 1, "forged", 1, db=floor_url),
        "empty key": refusal(reports.submit, reports.TableReport(1, token, "result", ["Ewa"], "", ""), db=floor_url),
        "two losers": refusal(reports.preview, reports.TableReport(1, token, "result", ["Ewa", "Olek"],
                                                                   reports.progress_mark(first), "k"),
                              floor),
        "a bad base": refusal(check_base, "ftp://192.168.1.5"),
        "an old stage": refusal(sheet_links, floor, "http://192.168.1.5:8000", stage=2),
        "a forged decision": refusal(decision, {"decision": ["maybe"]}),
    }
    english = {name: str(error) for name, error in refused.items()}
    assert english == {
        "no such report": "there is no report 99",
        "not its report": "report 1 is not one of table 2's",
        "a bad mode": "reports are either applied at once or approved: apply or approve, not 'sometimes'",
        "wrong link": "this link does not report table 1 of the current stage: ask the director for the table's "
                      "current link",
        "empty key": "a report's key must be 1-64 printable characters",
        "two losers": "a round has one loser",
        "a bad base": "--links takes the server's address as `tourney serve` printed it (e.g. "
                      "http://192.168.1.5:8000), not 'ftp://192.168.1.5'",
        "an old stage": "--links: only the current stage (1) has table links, not 2",
        "a forged decision": "accept or reject",
    }
    assert isinstance(refused["wrong link"], AccessError)
    assert isinstance(refused["not its report"], IllegalActionError)
    assert isinstance(refused["two losers"], InvalidInputError)
    for lang in ("pl", "ru"):
        tr = translator(lang)
        for name, error in refused.items():
            said = error_text(error, tr)
            assert said != str(error), f"{name}: not translated"
            assert not english_in(said, lang), f"{name}: English left: {english_in(said, lang)}"
            assert error_text(error, translator("en")) == str(error)
    assert error_text(refused["not its report"], translator("pl")) == "zgłoszenie 1 nie pochodzi ze stołu 2"
    assert reports.phone_message(refused["two losers"], translator("ru")) == "в круге один проигравший"


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_the_arenas_lines_read_in_the_language(tmp_path: Path, lang: str) -> None:
    results = tmp_path / "arena.jsonl"
    played = run(["arena", "run", "--bots", "random,random", "--games", "4", "--out", str(results)], lang).stdout
    reported = run(["arena", "report", str(results)], lang).stdout
    for said in (played, reported):
        assert not english_in(said, lang), f"English left: {english_in(said, lang)}"
    heading = reported.splitlines()[1].split()
    assert heading[:3] == (["bot", "partie", "wygr."] if lang == "pl" else ["бот", "партии", "победы"])


def test_the_arenas_lines_in_english_are_as_they_were(tmp_path: Path) -> None:
    results = tmp_path / "arena.jsonl"
    played = run(["arena", "run", "--bots", "random,random", "--games", "4", "--out", str(results)], "en").stdout
    assert played.splitlines()[:2] == ["4 games", "bot        games    wins    ties   win %  mean place  faults"]
    assert played.splitlines()[-1] == f"results: {results}  (tourney arena report {results})"
    reported = run(["arena", "report", str(results)], "en").stdout.splitlines()
    assert reported[0] == "4 games of polish-poker, seed 1"
    assert reported[1] == "bot        games    wins    ties   win %         95% CI  mean place     rating (95%)  faults"
    assert english_in("\n".join(reported), "pl")


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_the_games_list_reads_in_the_language(lang: str) -> None:
    said = run(["games"], lang).stdout
    words = "\n".join(_sentences_of_games(line) for line in _tourneys_own_games(said))
    assert not english_in(words, lang), f"English left: {english_in(words, lang)}"
    first = said.splitlines()[0]
    assert first == ("chlust  Chlust: 2-4 graczy, stoły na żywo do 4 zgłaszają żetony" if lang == "pl"
                     else "chlust  Хлуст: 2-4 игроков, живые столы до 4 сообщают фишки")


def _tourneys_own_games(listing: str) -> list[str]:
    """The lines of `tourney games` about tourney's own games: a game another test registers (a
    toy) brings no catalog and keeps its own words."""
    from tourney.app.read_models.sheet_words import shipped
    from tourney.rules.games import all_games

    own = {game.name for game in all_games() if shipped(game.new_state)}
    kept: list[str] = []
    keeping = False
    for line in listing.splitlines():
        if not line.startswith(" "):
            keeping = line.split()[0] in own
        if keeping:
            kept.append(line)
    return kept


def _sentences_of_games(line: str) -> str:
    """A line of `tourney games` without what is typed as it is: the formats', aliases' and bots'
    names and an option's NAME=DEFAULT [CHOICES] (`--option trick_tie=carry [carry|split]`)."""
    if line.startswith("    --option "):
        return line.strip().split("  ", 1)[1]
    return line.split(":", 1)[0] if line.startswith("    ") else line


def test_the_games_list_in_english_is_as_it_was() -> None:
    said = run(["games"], "en").stdout.splitlines()
    assert said[:2] == ["chlust  Chlust: 2-4 players, live tables of up to 4 report chips",
                        "    formats: stages, knockout, double-elimination, round-robin, swiss"]
    assert said[4] == "    --option with_nines=False  Play with 24 cards (the 9s added). (§2.1 chlust.with_nines)"
    assert english_in("\n".join(_sentences_of_games(line) for line in said), "pl")


def refused_line(args: list[str], lang: str) -> str:
    result = runner.invoke(app, args, env=dict(LANGUAGES[lang]))
    assert result.exit_code == 1, result.output
    return result.stderr


def test_the_engines_and_the_commands_refusals_are_said_in_the_language(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'plan.db'}"
    run(["new", "Piątek", "--game", "pp", "--seed", "3", "--db", url], "en")
    run(["player", "add", "Ewa", "Olek", "Anna", "Zenon", "Bożena", "Piotr", "Jan", "--db", url], "en")
    mine = tmp_path / "mine.txt"
    mine.write_text("not a record\n", encoding="utf-8")
    asked = {
        "table size": ["seat", "--table-size", "9", "--db", url],
        "advance": ["seat", "--advance", "7", "--table-size", "4", "--db", url],
        "rename": ["player", "rename", "Ewa", "Olek", "--db", url],
        "record": ["play", "pp", "--record", str(mine)],
        "arbiter": ["rules", "settle", "pp", "-p", "1", "-t", "A=1"],
        "cards": ["rules", "check", "FULL:K/9", "-c", ""],
    }
    english = {name: refused_line(args, "en") for name, args in asked.items()}
    assert english["table size"] == "error: table size must be 2-6 (the caps of RULES §1.3), not 9\n"
    assert english["rename"] == "error: rename: a player named 'Olek' is already registered\n"
    assert english["arbiter"] == "error: settle settles Lou deals, not Polish Poker\n"
    for lang in ("pl", "ru"):
        for name, args in asked.items():
            said = refused_line(args, lang)
            assert said != english[name] and said.startswith("error: ")
            said = said.replace("error: rename: ", "error: ")  # the entry's kind: the log's word, as typed
            assert not english_in(said, lang), f"{name}: English left: {english_in(said, lang)}"
    assert refused_line(asked["table size"], "pl") == (
        "error: rozmiar stołu musi wynosić 2-6 (limity z RULES §1.3), a nie 9\n")
    assert refused_line(asked["arbiter"], "ru") == "error: settle рассчитывает сдачи Лу, а не Польский покер\n"
