"""Player names and clubs as people read them (issue 11 items 1 and 10, issue 16 item 11).

Two spellings that look the same on paper are the same name: Unicode normal form (an NFD
"Kamińska" from a spreadsheet and an NFC one typed at the desk), case, whitespace that does not
show (no-break spaces, zero-width characters, repeated spaces) and look-alike letters from another
script (a Cyrillic "а" in "Аnna") make no difference. `clean` gives the spelling stored for a new
name, `key` the form names are compared in (Unicode's confusable skeleton, UTS #39), `plain` the
form a director may type without diacritics. `check` refuses what must never be stored: control
characters (they would be printed raw to the director's terminal), overlong text, invisible and
direction characters (Unicode's Default_Ignorable_Code_Point and Bidi_Control sets: a RIGHT-TO-LEFT
OVERRIDE reverses how a name reads on every sheet), a name with nothing to read, compatibility
characters (fullwidth or superscript digits, UTS #39's Not_NFKC), and a word mixing scripts.

The Unicode data (properties, script sets, the confusable skeleton) is ICU's, through PyICU: the
standard library's unicodedata has neither Default_Ignorable_Code_Point nor scripts nor UTS #39.
ICU is imported on the first non-ASCII name only, so an all-ASCII event never loads it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

from tourney.errors import InvalidInputError, Worded, worded_p

MAX_LENGTH: Final = 60
# Characters that take no room on paper: removed, so "Anna\u200bNowak" reads as "AnnaNowak".
_INVISIBLE: Final = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
_SPACES: Final = re.compile(r"\s+")
# Letters NFKD does not take apart (ł is its own letter, not l with a mark); casefolded already.
_PLAIN_LETTERS: Final = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ı": "i"})


def clean(text: str) -> str:
    """The spelling stored for `text`: NFC, invisible characters removed, every run of whitespace
    (no-break spaces included) one plain space, no leading or trailing space."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text).translate(_INVISIBLE)
    return _SPACES.sub(" ", text).strip()


@functools.lru_cache(maxsize=65536)  # lookups compare one text against every registered name
def key(text: str) -> str:
    """The form two names are compared in: equal keys are the same name to a reader.

    ASCII names: case folded. Others: invisible characters dropped (an old name stored with a
    left-to-right mark still finds its plain spelling), NFKC ("Ａnna" is "Anna"), each non-ASCII
    character replaced by its UTS #39 skeleton before case folding (so "Аnna" with a Cyrillic "А",
    or an all-Cyrillic "АВС", collides with the Latin name it looks like). ASCII letters keep their
    own spelling: "Arne" and "Ame" stay two names (the skeleton of "m" is "rn", which would merge
    names people tell apart)."""
    cleaned = clean(text)
    if cleaned.isascii():
        return cleaned.casefold()
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", cleaned))
    skeleton = "".join(c if c.isascii() else _skeleton(c) for c in decomposed)
    return unicodedata.normalize("NFD", _SPACES.sub(" ", skeleton).strip().casefold())


@functools.cache  # a few hundred distinct characters at any event: each looked up in ICU once
def _skeleton(character: str) -> str:
    """The UTS #39 skeleton of one (decomposed) character; nothing for an invisible one."""
    unicode = _unicode()
    return "" if unicode.invisible.contains(character) else str(unicode.spoof.getSkeleton(0, character))


@functools.lru_cache(maxsize=65536)
def plain(text: str) -> str:
    """The name case folded without diacritics: "Źdźbło" -> "zdzblo", "Łódź" -> "lodz"."""
    folded = clean(text).casefold()
    if folded.isascii():
        return folded  # nothing to take apart (most names at a large event: the cheap path)
    folded = folded.translate(_PLAIN_LETTERS)
    return "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))


def control_character(text: str) -> str | None:
    """The first control character in `text` (NUL, ESC, newline, tab, DEL, the C1 range), or None."""
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def check(text: str, *, what: str = "name") -> str:
    """`text` cleaned, or `InvalidInputError` naming the problem: a control character, an invisible
    or direction character, empty, longer than MAX_LENGTH characters, no letter or digit, a
    compatibility character, a word mixing scripts. The message shows the text escaped, never raw."""
    said = _what(what)
    bad = control_character(text)
    if bad is not None:
        raise InvalidInputError.in_words("a %(what)s cannot contain control characters (%(bad)s in %(text)s)",
                                         what=said, bad=repr(bad), text=repr(text))
    cleaned = clean(text)
    if not cleaned:
        if what == "name":
            raise InvalidInputError.in_words("a player needs a name")
        raise InvalidInputError.in_words("a %(what)s cannot be empty", what=said)
    if len(cleaned) > MAX_LENGTH:
        raise InvalidInputError.in_words("a %(what)s has at most %(most)s characters, %(start)s... has %(length)s",
                                         what=said, most=MAX_LENGTH, start=repr(cleaned[:20]), length=len(cleaned))
    if not text.isascii():
        _check_unicode(text, cleaned, what)
    if not any(unicodedata.category(c)[0] in "LN" for c in cleaned):
        # A braille blank, a lone combining mark, only dashes: nothing a reader can call a name.
        raise InvalidInputError.in_words("a %(what)s needs a letter or a digit: %(text)s reads as blank", what=said,
                                         text=repr(cleaned))
    return cleaned


def _check_unicode(text: str, cleaned: str, what: str) -> None:
    """The refusals only a non-ASCII text can earn (`check`)."""
    unicode = _unicode()
    said = _what(what)
    hidden = next((c for c in text if unicode.invisible.contains(c)), None)
    if hidden is not None:
        raise InvalidInputError.in_words("a %(what)s cannot contain invisible or direction characters (%(character)s "
                                         "in %(text)s)", what=said, character=_describe(hidden),
                                         text=_escaped(text, unicode))
    compatible = next((c for c in cleaned if unicodedata.normalize("NFKC", c) != c), None)
    if compatible is not None:
        shown = unicodedata.normalize("NFKC", compatible)
        raise InvalidInputError.in_words("a %(what)s cannot contain %(character)s in %(text)s: it reads as %(shown)s, "
                                         "type that instead", what=said, character=_describe(compatible),
                                         text=repr(cleaned), shown=repr(shown))
    for word in cleaned.split(" "):
        found = unicode.spoof.check(word)
        if found & unicode.mixed_numbers:
            raise InvalidInputError.in_words("a %(what)s mixes digits of different scripts in %(word)s", what=said,
                                             word=repr(word))
        if found & unicode.restriction_level:
            scripts = sorted({str(unicode.script_of(c).getName()) for c in word if c.isalpha()})
            raise InvalidInputError.in_words("a %(what)s mixes scripts in %(word)s (%(scripts)s): a look-alike; type "
                                             "each word in one script", what=said, word=repr(word),
                                             scripts=", ".join(scripts))
        if found:
            raise InvalidInputError.in_words("a %(what)s repeats a combining mark in %(word)s, which does not show",
                                             what=said, word=repr(word))


# What a name is for, as a refusal names it ("a club cannot be empty"): a language says each its way.
_WHATS = {"name": worded_p("a text checked as a name", "name"), "club": worded_p("a text checked as a name", "club"),
          "tournament name": worded_p("a text checked as a name", "tournament name"),
          "file name": worded_p("a text checked as a name", "file name")}


def _what(what: str) -> str | Worded:
    return _WHATS.get(what, what)


def _escaped(text: str, unicode: _Unicode) -> str:
    """`repr(text)` with the invisible characters (which repr leaves raw: a variation selector, the
    Hangul filler) written as escapes, so the error line shows where they are."""
    return "".join(c if not unicode.invisible.contains(c) else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF
                   else f"\\U{ord(c):08x}" for c in repr(text))


def _describe(character: str) -> str:
    """`U+200E LEFT-TO-RIGHT MARK`: an invisible character named so a director can find it."""
    name = unicodedata.name(character, "") or str(_unicode().char_name(character))
    return f"U+{ord(character):04X} {name}".rstrip()


class _Unicode:
    """ICU's Unicode data, loaded once (PyICU): the invisible set and the spoof checker (UTS #39:
    restriction level "highly restrictive", mixed numbers, repeated marks, the skeleton)."""

    def __init__(self) -> None:
        import icu  # type: ignore[import-untyped,import-not-found,unused-ignore]  # PyICU ships no type hints (not-found: a build environment without it)

        # Unicode's own property data, not a hand-made list: everything that shows nothing or
        # reorders what follows (LRM/RLM, isolates, overrides, variation selectors, tags, fillers).
        self.invisible = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Bidi_Control:]]")
        checks = icu.USpoofChecks
        self.restriction_level, self.mixed_numbers = checks.RESTRICTION_LEVEL, checks.MIXED_NUMBERS
        self.spoof = icu.SpoofChecker()
        self.spoof.setChecks(checks.RESTRICTION_LEVEL | checks.MIXED_NUMBERS | checks.INVISIBLE)
        self.spoof.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)
        self.script_of = icu.Script.getScript
        self.char_name = icu.Char.charName


@functools.cache
def _unicode() -> _Unicode:
    return _Unicode()


# ---------------------------------------------------------------------------- quick entry
_SEAT: Final = re.compile(r"[sS]([0-9]{1,3})")
_SHOWN: Final = 8  # candidates listed in an "ambiguous" message


def resolve(text: str, everyone: Sequence[str], seats: Sequence[str] | None = None, *,
            where: str = "this table") -> str | None:
    """The registered name a director means by `text`, or None when nothing matches.

    In order: the exact name; a seat at the table (`s2`, when `seats` are given); the same name as
    people read it (`key`); the same name without diacritics (`plain`); a unique prefix of the whole
    name, then of any word of it. The players at the table (`seats`) are tried before everyone
    else. Several matches at the first step that finds any raise `InvalidInputError` listing them.
    """
    if text in everyone:
        return text
    seat = _SEAT.fullmatch(text.strip())
    if seat is not None and seats is not None:
        number = int(seat.group(1))
        if not 1 <= number <= len(seats):
            raise InvalidInputError(f"no seat {number} at {where} (seats 1-{len(seats)})")
        return seats[number - 1]
    wanted_key, wanted = key(text), plain(text)
    if not wanted:
        return None
    tests: tuple[Callable[[str], bool], ...] = (
        lambda n: key(n) == wanted_key,
        lambda n: plain(n) == wanted,
        lambda n: plain(n).startswith(wanted),
        lambda n: any(word.startswith(wanted) for word in plain(n).split(" ")[1:]),
    )
    pools = [list(seats), list(everyone)] if seats is not None else [list(everyone)]
    for pool in pools:
        for test in tests:
            found = [n for n in pool if test(n)]
            if len(found) == 1:
                return found[0]
            if found:
                shown = ", ".join(found[:_SHOWN]) + (f" and {len(found) - _SHOWN} more" if len(found) > _SHOWN else "")
                raise InvalidInputError(f"{text.strip()!r} could be {shown}: type more of the name")
    return None
