"""Item 5 of issue 29: the seating sheet's "find your seat" list is sorted as the sheet's language
sorts (ICU collation): Russian puts Cyrillic names first, Polish and English (the historical
order) Latin first, with Ł after L in Polish."""

from __future__ import annotations

from tourney import app
from tourney.app.read_models.views import seating_page
from tourney.app.store.unit_of_work import read
from tourney.i18n import translator

NAMES = ["Łucja", "Вера", "Lena", "Anna", "Борис", "Zenon"]


def found_order(url: str, lang: str) -> list[str]:
    snapshot = read(url, None)
    page = seating_page(snapshot.tournament, snapshot.state, tr=translator(lang))
    return [row.player for row in page.find]


def test_the_find_your_seat_list_follows_the_sheet_s_language(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    app.new_tournament("Sort", game="polish-poker", seed=3, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    assert found_order(url, "ru") == ["Борис", "Вера", "Anna", "Lena", "Łucja", "Zenon"]
    assert found_order(url, "pl") == ["Anna", "Lena", "Łucja", "Zenon", "Борис", "Вера"]
    assert found_order(url, "en") == found_order(url, "pl")
