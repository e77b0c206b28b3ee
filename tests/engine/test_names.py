"""Names as people read them (issue 11 items 1 and 10): cleaning, comparison keys, refusals, and
finding a player from what a director types."""

from __future__ import annotations

import unicodedata
from pathlib import Path

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


# ------------------------------------------------------------------ issue 16 item 11
# Every kind of invisible or direction character the trial used, each inside an otherwise good name.
INVISIBLE = {
    "\u200e": "LEFT-TO-RIGHT MARK", "\u200f": "RIGHT-TO-LEFT MARK", "\u061c": "ARABIC LETTER MARK",
    "\u2060": "WORD JOINER", "\u2062": "INVISIBLE TIMES", "\u2061": "FUNCTION APPLICATION",
    "\u034f": "COMBINING GRAPHEME JOINER", "\ufe0f": "VARIATION SELECTOR-16", "\ufe00": "VARIATION SELECTOR-1",
    "\u180e": "MONGOLIAN VOWEL SEPARATOR", "\U000e0041": "TAG LATIN CAPITAL LETTER A",
    "\u2066": "LEFT-TO-RIGHT ISOLATE", "\u2067": "RIGHT-TO-LEFT ISOLATE", "\u2069": "POP DIRECTIONAL ISOLATE",
    "\u3164": "HANGUL FILLER", "\u202e": "RIGHT-TO-LEFT OVERRIDE", "\u202a": "LEFT-TO-RIGHT EMBEDDING",
    "\u200b": "ZERO WIDTH SPACE", "\u00ad": "SOFT HYPHEN",
}


@pytest.mark.parametrize(("hidden", "name"), INVISIBLE.items())
@pytest.mark.parametrize("what", ["name", "club", "tournament name"])
def test_invisible_and_direction_characters_are_refused_by_name(hidden: str, name: str, what: str) -> None:
    with pytest.raises(InvalidInputError, match="invisible or direction characters") as info:
        names.check(f"Anna{hidden}Nowak", what=what)
    message = str(info.value)
    assert f"U+{ord(hidden):04X} {name}" in message and what in message
    assert hidden not in message  # shown escaped: the error line reads as it prints


def test_every_default_ignorable_and_bidi_control_character_is_refused() -> None:
    """Unicode's own sets (through ICU), not a hand-made list: a character the data adds is refused
    too. The format characters (Cf) of the standard library's older data are all among them."""
    import icu  # type: ignore[import-untyped,unused-ignore]

    refused = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]")
    samples = [chr(c) for c in range(0x110000) if refused.contains(chr(c))][::7]
    assert len(samples) > 500
    for hidden in samples:
        with pytest.raises(InvalidInputError):
            names.check(f"Ewa{hidden}")
    format_characters = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert "\u200e" in format_characters and "\u202e" in format_characters


@pytest.mark.parametrize("blank", ["\u2800", "\u0301", "\u3000\u2800", "--", "\u2014 \u2014", "."])
def test_a_blank_looking_name_is_refused(blank: str) -> None:
    with pytest.raises(InvalidInputError, match=r"reads as blank|needs a name"):
        names.check(blank)


@pytest.mark.parametrize(("spoof", "match"), [
    ("\u0410nna", r"mixes scripts in 'Аnna' \(Cyrillic, Latin\)"),  # a Cyrillic А
    ("Ann\u0430 Nowak", "mixes scripts"),  # a Cyrillic а at the end
    ("\u039fla", r"\(Greek, Latin\)"),  # a Greek Ο
    ("Anna N\u043ewak", "'Nоwak'"),  # a Cyrillic о in the surname
    ("Anna\uff12", "FULLWIDTH DIGIT TWO.*reads as '2'"),
    ("Anna\u00b2", "SUPERSCRIPT TWO.*reads as '2'"),
    ("\uff21nna", "FULLWIDTH LATIN CAPITAL LETTER A"),
    ("Team 1\u0662", "mixes digits"),  # an Arabic-Indic two after an ASCII one
    ("Zoe\u0308\u0308", "repeats a combining mark"),
])
def test_mixed_script_and_compatibility_look_alikes_are_refused(spoof: str, match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        names.check(spoof)


@pytest.mark.parametrize("good", [
    "Ewa Kamińska", "Źdźbło Łucja", "Алексей Иванов", "Γιώργος Παπαδόπουλος", "山田たろう", "김민준",
    "Nguyễn Văn An", "O'Brien-Smith", "Zoë", "محمد", "Anna Иванова", "Team 2", "3",
])
def test_names_in_one_script_per_word_are_accepted(good: str) -> None:
    assert names.check(good) == good


def test_key_compares_confusable_skeletons() -> None:
    assert names.key("\u0410nna") == names.key("Anna") == "anna"  # Cyrillic А
    assert names.key("\u0410\u0412\u0421") == names.key("ABC")  # a whole Cyrillic look-alike
    assert names.key("\uff21nna") == names.key("Anna")  # fullwidth
    assert names.key("Anna\u200eNowak") == names.key("AnnaNowak")  # an old name stored with an LRM
    assert names.key("Arne") != names.key("Ame")  # ASCII keeps its spelling: rn is not m
    assert names.key("Łucja") != names.key("Lucja")  # a letter of its own, not a look-alike
    assert names.resolve("Anna", ["\u0410nna", "Ewa"]) == "\u0410nna"


def test_a_whole_script_look_alike_of_a_registered_name_is_refused() -> None:
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState
    from tourney.errors import IllegalActionError

    state = TournamentState("polish-poker")
    state.apply(Event(1, "register", {"name": "ABC", "club": None}))
    with pytest.raises(IllegalActionError, match="'ABC' is already registered"):
        state.apply(Event(2, "register", {"name": "\u0410\u0412\u0421", "club": None}))
    state.apply(Event(2, "register", {"name": "\u0430\u0432\u0441", "club": None}))  # lower case: "авс" ≠ "abc"


def test_old_names_with_invisible_characters_still_fold() -> None:
    """A log written before these checks replays: fold does not check, and look-ups use the key."""
    from tourney.engine.events import Event
    from tourney.engine.tournament import fold

    state = fold("polish-poker", [Event(1, "register", {"name": "Anna\u200eNowak", "club": "Kr\u202eak"}),
                                  Event(2, "register", {"name": "\u0410nna", "club": None})])
    assert [p.name for p in state.players] == ["Anna\u200eNowak", "\u0410nna"]
    assert state.find_player("AnnaNowak") == "Anna\u200eNowak"
    assert state.find_player("anna") == "\u0410nna"


@pytest.mark.parametrize("spoof", ["Anna\u202eNowak", "\u0410nna", "Ewa\u2066K\u2069", "\u2800", "Zo\ufe0fe"])
def test_every_command_that_names_refuses_in_one_line_and_changes_nothing(spoof: str, tmp_path: Path) -> None:
    """new, player add (name and club), player import, player rename, correct --name / --club."""
    import sqlite3

    from typer.testing import CliRunner

    from tourney.cli import app

    url = f"sqlite:///{tmp_path / 'event.db'}"
    runner = CliRunner()

    def tourney(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, [*args, "--db", url])
        return result.exit_code, result.stderr

    assert tourney("new", "Friday", "--game", "polish-poker")[0] == 0
    assert tourney("player", "add", "Ewa", "--club", "Asy")[0] == 0

    def rows() -> list[tuple[object, ...]]:
        with sqlite3.connect(tmp_path / "event.db") as connection:
            return connection.execute("SELECT * FROM tournament, event").fetchall()

    before = rows()
    csv = tmp_path / "players.csv"
    csv.write_text(f"name,club\nOla,Asy\n{spoof},\n", encoding="utf-8")
    for args in (["new", spoof, "--game", "lou"], ["player", "add", spoof], ["player", "add", "Ola", "--club", spoof],
                 ["player", "import", str(csv)], ["player", "rename", "Ewa", spoof],
                 ["correct", "2", "--name", spoof, "--yes"], ["correct", "2", "--club", spoof, "--yes"]):
        code, stderr = tourney(*args)
        assert code == 1 and len(stderr.splitlines()) == 1 and stderr.startswith("error: "), (args, stderr)
        assert not any(c in stderr for c in INVISIBLE), (args, stderr)  # shown escaped
    assert rows() == before


@given(st.text(max_size=30))
def test_check_either_refuses_in_one_line_or_returns_a_visible_name(text: str) -> None:
    import icu  # type: ignore[import-untyped,unused-ignore]

    refused = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]")
    try:
        name = names.check(text)
    except InvalidInputError as error:
        assert "\n" not in str(error)
        return
    assert not any(refused.contains(c) or unicodedata.category(c) == "Cc" for c in name)
    assert any(unicodedata.category(c)[0] in "LN" for c in name) and names.check(name) == name
