"""Player names and clubs as people read them (issue 11 items 1 and 10).

Two spellings that look the same on paper are the same name: Unicode normal form (an NFD
"Kamińska" from a spreadsheet and an NFC one typed at the desk), case, and whitespace that does not
show (no-break spaces, zero-width characters, repeated spaces) make no difference. `clean` gives the
spelling stored for a new name, `key` the form names are compared in, `plain` the form a director
may type without diacritics. `check` refuses what must never be stored: control characters (they
would be printed raw to the director's terminal) and overlong text.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

from tourney.errors import InvalidInputError

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
    """The form two names are compared in: equal keys are the same name to a reader."""
    return clean(text).casefold()


@functools.lru_cache(maxsize=65536)
def plain(text: str) -> str:
    """`key` without diacritics: "Źdźbło" -> "zdzblo", "Łódź" -> "lodz"."""
    folded = key(text)
    if folded.isascii():
        return folded  # nothing to take apart (most names at a large event: the cheap path)
    folded = folded.translate(_PLAIN_LETTERS)
    return "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))


def control_character(text: str) -> str | None:
    """The first control character in `text` (NUL, ESC, newline, tab, DEL, the C1 range), or None."""
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def check(text: str, *, what: str = "name") -> str:
    """`text` cleaned, or `InvalidInputError` naming the problem: empty, a control character, longer
    than MAX_LENGTH characters. The message shows the text escaped, never raw."""
    bad = control_character(text)
    if bad is not None:
        raise InvalidInputError(f"a {what} cannot contain control characters ({bad!r} in {text!r})")
    cleaned = clean(text)
    if not cleaned:
        raise InvalidInputError("a player needs a name" if what == "name" else f"a {what} cannot be empty")
    if len(cleaned) > MAX_LENGTH:
        raise InvalidInputError(f"a {what} has at most {MAX_LENGTH} characters, {cleaned[:20]!r}... has {len(cleaned)}")
    return cleaned


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
