"""Text a terminal cannot show, made readable: the codec error handler of tourney's output streams.

A Latin-2 or cp1250 terminal has no Cyrillic or Chinese letters. Instead of a UnicodeEncodeError
(after a result was stored) or a question mark, a name the terminal's encoding lacks is printed in
Latin letters (ICU's transliteration: "Юрий" -> "Yuriy", "王伟" -> "wáng wěi", accents dropped only
where the encoding lacks them too), and what has no Latin form either as an escape (`\\U0001f600`).
A lone surrogate from a file name read as bytes (`os.fsdecode`) is written back as the byte it
stands for, as Python's `surrogateescape` does: "Kamiński.html" in Latin-2 bytes prints as given.
"""

from __future__ import annotations

import codecs
import unicodedata
from functools import cache, partial
from typing import Any

READABLE = "tourney-readable"
# Cyrillic as an English reader says it (BGN: "Юрий" -> "Yuriy", where ICU's default gives the
# scholarly "Ûrij"), then every other script by ICU's default.
LATIN = "Russian-Latin/BGN; Any-Latin"
_SURROGATE_BYTES = range(0xDC80, 0xDD00)  # what surrogateescape decodes the bytes 0x80-0xFF to


def handler_for(encoding: str) -> str:
    """The name of the error handler that makes text readable in `encoding` (registered here).

    One handler per encoding: the error a charmap codec (Latin-2, cp1250) raises names only
    "charmap", and what the transliteration may keep depends on the stream's real encoding."""
    name = f"{READABLE}-{codecs.lookup(encoding).name}"
    codecs.register_error(name, partial(_readable, encoding))
    return name


def _readable(encoding: str, error: UnicodeError) -> tuple[bytes, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = readable_bytes(error.object[error.start:error.end], encoding)
    longer_by = len(shown.decode(encoding, "surrogateescape")) - (error.end - error.start)
    return shown, error.end + _padding_taken(error.object, error.end, longer_by)


def _padding_taken(text: str, end: int, longer_by: int) -> int:
    """How many of the spaces after a name that became `longer_by` characters longer it takes, so
    that a column padded after it stays in line ("王伟" + 10 spaces -> "wáng wěi" + 4). Two spaces
    are always left: the gap between columns (a single space is a sentence's, left alone)."""
    spaces = len(text) - len(text[end:].lstrip(" ")) - end
    return max(0, min(longer_by, spaces - 2))


def readable_bytes(text: str, encoding: str) -> bytes:
    """`text` (characters `encoding` cannot encode) as bytes of `encoding` a reader can read."""
    out = bytearray()
    start = 0
    while start < len(text):
        escaped = ord(text[start]) in _SURROGATE_BYTES
        end = start
        while end < len(text) and (ord(text[end]) in _SURROGATE_BYTES) == escaped:
            end += 1
        run = text[start:end]
        out += bytes(ord(c) - 0xDC00 for c in run) if escaped else _latin(run, encoding)
        start = end
    return bytes(out)


def _latin(run: str, encoding: str) -> bytes:
    """A run of characters in Latin letters, each accent kept where `encoding` has it."""
    out = bytearray()
    # NFC: ICU may leave an accent combining ("e" + caron), which the encoding may have precomposed.
    for char in unicodedata.normalize("NFC", _transliterated(run, LATIN)):
        for candidate in (char, _transliterated(char, "Latin-ASCII")):
            try:
                out += candidate.encode(encoding)
                break
            except UnicodeEncodeError:
                continue
        else:
            out += char.encode("ascii", "backslashreplace")
    return bytes(out)


def _transliterated(text: str, rules: str) -> str:
    transliterator = _transliterator(rules)
    return text if transliterator is None else str(transliterator.transliterate(text))


@cache
def _transliterator(rules: str) -> Any:
    """ICU's transliterator (None without PyICU: every character is then escaped)."""
    try:
        import icu  # type: ignore[import-untyped,import-not-found,unused-ignore]  # PyICU ships no type hints (not-found: a build environment without it)
    except ImportError:
        return None
    return icu.Transliterator.createInstance(rules)
