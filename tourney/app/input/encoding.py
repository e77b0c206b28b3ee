"""Text that arrived as bytes which were not UTF-8.

A terminal in another encoding (Latin-2 typing "Kamiński") hands Python bytes that are not UTF-8;
Python keeps each such byte as a lone surrogate ("surrogateescape"), which no database, file or
terminal accepts later. Such text is refused at once, in one line that says why and shows the
bytes escaped, instead of guessing the encoding: a name stored in the wrong letters is worse than
a refused one.
"""

from __future__ import annotations

import re

from tourney.errors import InvalidInputError, Worded


def undecodable(text: str) -> bool:
    """True when `text` carries a byte that was not UTF-8 (a lone surrogate)."""
    return not text.isascii() and any("\ud800" <= c <= "\udfff" for c in text)


def shown_escaped(text: str) -> str:
    """`text` quoted for an error line (`repr`), each undecodable byte shown as \\xNN."""
    return re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", repr(text))


def check_decoded(text: str, *, what: str | Worded = "the argument") -> str:
    """`text`, or `InvalidInputError` when the terminal's encoding is not UTF-8."""
    if undecodable(text):
        raise InvalidInputError.in_words("%(what)s %(text)s is not UTF-8: the terminal's encoding is not UTF-8 (use a "
                                         "UTF-8 locale, e.g. LANG=pl_PL.UTF-8)", what=what, text=shown_escaped(text))
    return text
