"""Names as people read them (issue 11 items 1 and 10): cleaning, comparison keys, refusals, and
finding a player from what a director types."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourney.engine import names
from tourney.errors import InvalidInputError

NFD = unicodedata.normalize("NFD", "Ewa Kamińska")


def test_clean_gives_nfc_and_folds_invisible_and_repeated_spaces() -> None:
    assert NFD != "Ewa Kamińska" and names.clean(NFD) == "Ewa Kamińska"
    assert names.clean("  Anna\u00a0\u00a0Nowak \u2007") == "Anna Nowak"
    assert names.clean("Anna\u200bNowak\ufeff") == "AnnaNowak"
    assert names.key("ANNA  nowak") == names.key("anna\u00a0Nowak") == "anna nowak"


@pytest.mark.parametrize("bad", ["Nul\x00", "Esc\x1b[31mRed", "Two\nLines", "Tab\tbed", "C1\x85x", "Del\x7f"])
def test_control_characters_are_refused_and_shown_escaped(bad: str) -> None:
    with pytest.raises(InvalidInputError, match="control characters") as info:
        names.check(bad)
    assert not any(unicodedata.category(c) == "Cc" for c in str(info.value))


def test_length_is_capped_at_sixty() -> None:
    assert names.check("x" * 60) == "x" * 60
    with pytest.raises(InvalidInputError, match="at most 60"):
        names.check("x" * 61)
    with pytest.raises(InvalidInputError, match="at most 60"):
        names.check("y" * 61, what="club")
    with pytest.raises(InvalidInputError, match="needs a name"):
        names.check(" \u200b ")


def test_plain_drops_diacritics_and_polish_l() -> None:
    assert names.plain("Źdźbło") == "zdzblo"
    assert names.plain("Łódź") == "lodz"
    assert names.plain(NFD) == "ewa kaminska"


@given(st.text(max_size=20))
def test_clean_is_idempotent_and_key_ignores_case_and_normal_form(text: str) -> None:
    once = names.clean(text)
    assert names.clean(once) == once
    assert names.key(unicodedata.normalize("NFD", text)) == names.key(unicodedata.normalize("NFC", text))


EVERYONE = ["Źdźbło Łucja", "Ewa Kamińska", "Ewa Kowalska", "Łódź Team", "Anna Nowak", "Anna Nowacka"]


@pytest.mark.parametrize(("typed", "found"), [
    ("Ewa Kamińska", "Ewa Kamińska"),
    (NFD, "Ewa Kamińska"),  # an NFD entry finds the stored NFC name
    ("ewa  KAMIŃSKA", "Ewa Kamińska"),
    ("zdzblo", "Źdźbło Łucja"),
    ("lodz", "Łódź Team"),
    ("ewa kam", "Ewa Kamińska"),  # a unique prefix
    ("kowal", "Ewa Kowalska"),  # a unique prefix of the surname
    ("nobody", None),
])
def test_resolve(typed: str, found: str | None) -> None:
    assert names.resolve(typed, EVERYONE) == found


def test_resolve_lists_the_candidates_when_ambiguous() -> None:
    with pytest.raises(InvalidInputError, match="'ewa' could be Ewa Kamińska, Ewa Kowalska"):
        names.resolve("ewa", EVERYONE)
    with pytest.raises(InvalidInputError, match="Anna Nowak, Anna Nowacka"):
        names.resolve("anna now", EVERYONE)


def test_resolve_by_seat_and_table_first() -> None:
    seats = ["Anna Nowacka", "Ewa Kowalska"]
    assert names.resolve("s2", EVERYONE, seats) == "Ewa Kowalska"
    assert names.resolve("S1", EVERYONE, seats) == "Anna Nowacka"
    # Ambiguous over everyone, unique at the table.
    assert names.resolve("ewa", EVERYONE, seats) == "Ewa Kowalska"
    with pytest.raises(InvalidInputError, match="no seat 3 at table 4"):
        names.resolve("s3", EVERYONE, seats, where="table 4")
    assert names.resolve("s2", EVERYONE) is None  # no table: not a seat
