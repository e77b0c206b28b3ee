"""Issue 21 item 6: "find your seat" sorts as people expect (ICU collation, Polish tailoring): Ł
between L and M, Ż after Z, numbers by value, Cyrillic after Latin; a long list by surname."""

from __future__ import annotations

from render_events import Builder, tournament

from tourney.app.input import collation
from tourney.app.read_models import views


def _find(names: list[str]) -> tuple[list[str], bool]:
    builder = Builder()
    builder.register(names)
    builder.seat(3)
    page = views.seating_page(tournament(), builder.state)
    return [entry.player for entry in page.find], page.by_surname


def test_find_your_seat_sorts_with_icu_collation() -> None:
    names = ["Хлюст", "Marek", "Łukasz", "Lena", "Żaneta", "Zenon", "Ala", "Ąna", "ewa", "Player 10", "Player 9",
             "Борис"]
    found, long_list = _find(names)
    assert not long_list
    assert found == ["Ala", "Ąna", "ewa", "Lena", "Łukasz", "Marek", "Player 9", "Player 10", "Zenon", "Żaneta",
                     "Борис", "Хлюст"]


def test_a_long_list_sorts_by_surname() -> None:
    surnames = ["Nowak", "Kowalski", "Wiśniewski", "Łapa", "Lis", "Zając", "Żak", "Adamski"]
    names = [f"{first} {last}" for last in surnames for first in ("Anna", "Piotr", "Ewa", "Jan", "Zofia", "Łucja")]
    found, long_list = _find(names)
    assert len(names) > collation.LONG_LIST and long_list
    assert [name.split()[-1] for name in found][::6] == ["Adamski", "Kowalski", "Lis", "Łapa", "Nowak", "Wiśniewski",
                                                         "Zając", "Żak"]
    assert found[:6] == ["Anna Adamski", "Ewa Adamski", "Jan Adamski", "Łucja Adamski", "Piotr Adamski",
                         "Zofia Adamski"]
