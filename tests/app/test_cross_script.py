"""Issue 29 item 4: quick entry across scripts. A Latin spelling finds a Cyrillic name and a Cyrillic
spelling a Latin one (`vera` finds Вера, `Ева` finds Ewa, `jurij`/`yuriy`/`iurii` find Юрий), by
prefixes of the name or of any word; ambiguous entries refused listing the candidates; an exact or
same-script match always wins. The same reading serves completion, the console's players search
and log filter, the phones' /find look-up and the ratings CSV. Item 5: sorting in a language."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tourney.app.floor.console_players import matches
from tourney.app.input import collation, cross_script
from tourney.app.input.entry_complete import Words, argument_candidates, matching
from tourney.app.input.names import chip_counts, player_name, resolve
from tourney.app.operations.ratings import match_ratings, read_ratings_file
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.errors import InvalidInputError


def seated(names: Sequence[str], game: str = "polish-poker", seed: int = 3) -> TournamentState:
    state = TournamentState(game)
    for number, name in enumerate(names, start=1):
        state.apply(Event(number, "register", {"name": name, "club": None}))
    state.apply(Event(len(names) + 1, "seat", draw_seats(state, seed)))
    return state


def refused(everyone: Sequence[str], typed: str) -> str:
    with pytest.raises(InvalidInputError) as error:
        resolve(typed, everyone)
    return str(error.value)


# ------------------------------------------------------------------ Latin finds Cyrillic and back


def test_vera_finds_вера_and_ева_finds_ewa() -> None:
    everyone = ["Вера", "Ewa", "Борис", "Tomasz"]
    assert resolve("vera", everyone) == "Вера"
    assert resolve("Vera", everyone) == "Вера"
    assert resolve("Wiera", everyone) == "Вера"  # the Polish spelling
    assert resolve("Ева", everyone) == "Ewa"
    assert resolve("ЕВА", everyone) == "Ewa"
    assert resolve("Томаш", everyone) == "Tomasz"


@pytest.mark.parametrize("typed", ["jurij", "yuriy", "iurii", "Yuri", "Yury", "Jurij", "juri", "yu", "ju"])
def test_юрий_by_its_romanisations(typed: str) -> None:
    assert resolve(typed, ["Юрий", "Ewa", "Яна", "Борис"]) == "Юрий"


@pytest.mark.parametrize(("typed", "name"), [
    ("Fyodor", "Фёдор"), ("Fiodor", "Фёдор"), ("Fedor", "Фёдор"), ("Piotr", "Пётр"), ("Pyotr", "Пётр"),
    ("Semyon", "Семён"), ("Siemion", "Семён"),
    ("Aleksiej", "Алексей"), ("Alexey", "Алексей"), ("Aleksei", "Алексей"),
    ("Shchukin", "Щукин"), ("Szczukin", "Щукин"), ("Khrushchev", "Хрущёв"), ("Chruszczow", "Хрущёв"),
    ("Zhanna", "Жанна"), ("Żanna", "Жанна"), ("Žanna", "Жанна"),
    ("Chlust", "Хлюст"), ("Khlyust", "Хлюст"), ("Ludmila", "Людмила"), ("Lyudmila", "Людмила"),
    ("Liudmiła", "Людмила"), ("Daria", "Дарья"), ("Darya", "Дарья"), ("Dar'ya", "Дарья"),
    ("Maria", "Мария"), ("Mariya", "Мария"), ("Marija", "Мария"), ("Natalia", "Наталья"),
    ("Tsvetkov", "Цветков"), ("Cwietkow", "Цветков"), ("Chernov", "Чернов"), ("Czernow", "Чернов"),
    ("Yelena", "Елена"), ("Jelena", "Елена"), ("Elena", "Елена"), ("Belyy", "Белый"), ("Bely", "Белый"),
    ("Sergey", "Сергей"), ("Siergiej", "Сергей"), ("Olga", "Ольга"), ("Maya", "Майя"), ("Maja", "Майя"),
])
def test_russian_names_by_english_and_polish_spellings(typed: str, name: str) -> None:
    assert resolve(typed, [name, "Борис", "Anna"]) == name


@pytest.mark.parametrize(("typed", "name"), [
    ("Михал", "Michał"), ("Войцех", "Wojciech"), ("Гжегож", "Grzegorz"), ("Кшиштоф", "Krzysztof"),
    ("Шимон", "Szymon"), ("Лодзь", "Łódź"), ("Лукаш", "Łukasz"), ("Здзбло", "Źdźbło"), ("Ежи", "Jerzy"),
    ("Станислав", "Stanisław"), ("Пётр", "Piotr"), ("Чеслав", "Czesław"), ("Анджей", "Andrzej"),
])
def test_polish_names_by_cyrillic_spellings(typed: str, name: str) -> None:
    assert resolve(typed, [name, "Tomasz", "Борис"]) == name


def test_ё_й_щ_in_the_name_and_in_what_is_typed() -> None:
    everyone = ["Щёкин Андрей", "Йошкин Кот", "Ewa Nowak"]
    assert resolve("shchekin", everyone) == "Щёкин Андрей"
    assert resolve("szczokin", everyone) == "Щёкин Андрей"  # ё after a consonant as Polish writes it
    assert resolve("andrey", everyone) == "Щёкин Андрей"  # a later word
    assert resolve("ioshkin", everyone) == "Йошкин Кот"
    assert resolve("Йошкин", everyone) == "Йошкин Кот"  # its own script, as before
    assert resolve("щекин", everyone) == "Щёкин Андрей"  # ё typed as е: quick entry's own diacritics rule


def test_a_prefix_of_the_name_or_of_any_word_across_scripts() -> None:
    everyone = ["Вера Иванова", "Павел Смирнов", "Ewa Kowalska"]
    assert resolve("ver", everyone) == "Вера Иванова"
    assert resolve("ivan", everyone) == "Вера Иванова"  # a prefix of the surname
    assert resolve("smirn", everyone) == "Павел Смирнов"
    assert resolve("vera iv", everyone) == "Вера Иванова"  # several words: the last one a prefix
    assert resolve("ковал", everyone) == "Ewa Kowalska"
    assert resolve("ева ков", everyone) == "Ewa Kowalska"
    assert resolve("vera smirnov", everyone) is None


# ------------------------------------------------------------------ ambiguity and who wins


def test_an_ambiguous_entry_across_scripts_is_refused_listing_the_candidates() -> None:
    assert refused(["Вера", "Вероника", "Ewa"], "ver") == "'ver' could be Вера, Вероника: type more of the name"
    assert resolve("vera", ["Вера", "Вероника"]) == "Вера"  # the whole name wins over a prefix, as ever
    assert refused(["Ewa Nowak", "Ewa Nowacka"], "ева нов").startswith("'ева нов' could be Ewa Nowak, Ewa Nowacka")
    many = [f"Иван {i}" for i in range(10)]
    assert refused(many, "ivan").endswith("and 2 more: type more of the name")


def test_a_same_script_match_wins_over_one_across_scripts() -> None:
    everyone = ["Anna", "Анна", "Vera Nowak", "Вера"]
    assert resolve("Anna", everyone) == "Anna"
    assert resolve("an", everyone) == "Anna"
    assert resolve("Анна", everyone) == "Анна"
    assert resolve("ан", everyone) == "Анна"
    assert resolve("vera", everyone) == "Vera Nowak"  # a Latin prefix of a Latin name comes first
    assert resolve("вера", everyone) == "Вера"
    # Latin only finds Latin by the ordinary rules: `ewa` is not guessed to be a Latin "Eva".
    assert resolve("ewa", ["Eva"]) is None


def test_the_players_at_the_table_come_first_across_scripts() -> None:
    names = ["Вера", "Борис", "Ян", "Вероника", "Глеб", "Дина", "Олег", "Павел", "Роман", "Семён", "Тамара", "Ульяна"]
    state = next(s for s in (seated(names, seed=seed) for seed in range(100))
                 if not any({"Вера", "Вероника"} <= set(t.seats) for t in s.tables))
    table = next(t for t in state.tables if "Вера" in t.seats)
    assert player_name(state, "ver", table=table.number) == "Вера"
    with pytest.raises(InvalidInputError, match="could be Вера, Вероника"):
        player_name(state, "ver")


def test_seats_and_unknown_names_as_before() -> None:
    state = seated(["Вера", "Борис", "Ян", "Глеб"])
    table = state.tables[0]
    assert player_name(state, "s2", table=table.number) == table.seats[1]
    assert player_name(state, "zenon") == "zenon"  # unknown: passed on for the engine's own message


def test_chip_counts_by_latin_spellings() -> None:
    state = seated(["Вера", "Юрий", "Анна"], game="khlyust")
    table = state.tables[0]
    assert chip_counts(state, ["vera=100", "yuriy=0", "anna=200"], table) == {"Вера": 100, "Юрий": 0, "Анна": 200}
    with pytest.raises(InvalidInputError, match="has two chip counts"):
        chip_counts(state, ["vera=100", "Вера=0"], table)


def test_nothing_to_read_finds_nobody() -> None:
    assert cross_script.resolve("12", [["Вера"]]) is None
    assert cross_script.resolve("", [["Вера"]]) is None
    assert cross_script.resolve("'", [["Вера"]]) is None
    assert cross_script.matching(["Вера"], "") == []


def test_a_hostile_name_keeps_a_bounded_number_of_readings() -> None:
    name = "Chrzczrzczrzczrzczrzczrzczrzczrzcz"
    assert len(cross_script.reading(name).words[0]) <= cross_script.MAX_READINGS


# ------------------------------------------------------------------ the other places names are typed


def test_completion_offers_вера_for_ve_after_the_same_script_names() -> None:
    assert matching(["Вера", "Борис", "Veronika"], "ve") == ["Veronika", "Вера"]
    assert matching(["Ewa Nowak", "Борис"], "нов") == ["Ewa Nowak"]
    words = Words(players=["Вера", "Борис", "Ян"], tables={1: ["Вера", "Борис", "Ян"]})
    assert list(argument_candidates("result", ["1"], "ve", words)) == [("'Вера'", "")]
    assert list(argument_candidates("chips", ["1"], "bo", words)) == [("'Борис'=", "")]


def test_the_console_offers_вера_for_ve(tmp_path: Path) -> None:
    from tourney.app.floor.console_entry import completions

    state = seated(["Вера", "Борис", "Ян", "Глеб"])
    table = next(t.number for t in state.tables if "Вера" in t.seats)
    assert [c["text"] for c in completions(state, f"result {table} ve")] == ["'Вера'"]


def test_the_console_search_and_log_filter_find_across_scripts() -> None:
    from tourney.app.floor.console_log import LogFilter, log_lines

    assert matches("Вера Иванова", "vera") and matches("Вера Иванова", "iva") and matches("Ewa", "Ева")
    assert not matches("Вера Иванова", "petr")
    state = seated(["Вера", "Борис", "Ян", "Глеб"])
    lines, _more = log_lines(state, LogFilter(player="vera"))
    assert [(line.kind, line.text) for line in lines if line.kind == "register"] == [("register", "register Вера")]
    assert all("Борис" not in line.text for line in lines)


def test_the_find_page_finds_вера_by_vera(tmp_path: Path) -> None:
    from tourney import app
    from tourney.app.floor.floor_pages import lookup_page
    from tourney.app.floor.floor_read import open_floor

    url = f"sqlite:///{tmp_path / 'find.db'}"
    app.new_tournament("Friday", game="pp", seed=3, db=url)
    app.add_players(["Вера Иванова", "Борис", "Ewa", "Глеб"], db=url)
    app.seat(db=url)
    floor = open_floor(db=url)
    page = lookup_page(floor, "vera")
    assert "Вера Иванова" in page and "Борис" not in page
    assert "Вера Иванова" in lookup_page(floor, "ivan")
    assert "Ewa" in lookup_page(floor, "Ева")


def test_a_ratings_csv_names_players_in_the_other_script(tmp_path: Path) -> None:
    state = seated(["Вера", "Юрий", "Ewa", "Глеб"])
    csv = tmp_path / "ratings.csv"
    csv.write_text("name,rating\nvera,1500\nyuriy,1400\nЕва,1300\nГлеб,1200\n", encoding="utf-8")
    assert match_ratings(state, read_ratings_file(csv)) == {"Вера": 1500, "Юрий": 1400, "Ewa": 1300, "Глеб": 1200}


# ------------------------------------------------------------------ item 5: sorting in a language


def test_sorting_in_a_language_defaults_to_polish() -> None:
    names = ["Борис", "Łukasz", "Lena", "Ёлка", "Ева", "Marek", "Player 10", "Player 9", "Ельцин"]
    polish = ["Lena", "Łukasz", "Marek", "Player 9", "Player 10", "Борис", "Ева", "Ёлка", "Ельцин"]
    assert collation.alphabetical(names, str) == polish
    assert collation.alphabetical(names, str, language="pl") == polish
    assert collation.alphabetical(names, str, language="ru") == [
        "Борис", "Ева", "Ёлка", "Ельцин", "Lena", "Łukasz", "Marek", "Player 9", "Player 10"]
    # English: Ł is an L with a mark (Lena, Łukasz); Cyrillic after Latin.
    assert collation.alphabetical(["Łukasz", "Luiza", "Lena"], str, language="en") == ["Lena", "Luiza", "Łukasz"]
    assert collation.alphabetical(["Łukasz", "Luiza", "Lena"], str) == ["Lena", "Luiza", "Łukasz"]
    assert collation.alphabetical(["Łukasz", "Mark", "Lz"], str) == ["Lz", "Łukasz", "Mark"]
    assert collation.alphabetical(["Łukasz", "Mark", "Lz"], str, language="en") == ["Łukasz", "Lz", "Mark"]


def test_an_all_latin_event_never_loads_icu() -> None:
    import subprocess
    import sys

    code = ("import sys\n"
            "from tourney.app.input.names import resolve\n"
            "from tourney.app.input.entry_complete import matching\n"
            "assert resolve('zenon', ['Anna Nowak', 'Bob']) is None\n"
            "assert matching(['Anna Nowak', 'Bob'], 'x') == []\n"
            "print('icu' in sys.modules)\n")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           cwd=Path(__file__).parents[2])
    assert shown.stdout.strip() == "False"
