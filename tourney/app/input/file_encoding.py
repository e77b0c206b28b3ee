"""The text of a file a spreadsheet exported, from its bytes: a byte-order mark decides the encoding;
else the bytes are UTF-8 when they decode as UTF-8; else they are read in the encoding the director
names (`--encoding cp1250`). Nothing else is guessed: letters read in the wrong encoding would store
wrong names, so a file that is none of these is refused naming its first bad line and the fix.

A file that is not text at all (a workbook saved as .xlsx, NUL bytes) is refused as such, instead
of as a CSV whose first line lacks a column.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tourney.errors import InvalidInputError, Worded, worded

# The longest mark first: UTF-32 LE's begins with UTF-16 LE's.
_MARKS: Final = ((codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"), (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
                 (codecs.BOM_UTF8, "utf-8", "UTF-8"), (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
                 (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"))
# Files that are not text, known by their first bytes, and what the director saved by mistake.
_NOT_TEXT: Final = ((b"PK\x03\x04", worded("a zip file, such as an Excel workbook (.xlsx)")),
                    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", worded("an Excel 97-2003 workbook (.xls)")),
                    (b"%PDF", worded("a PDF document")))
# A byte-order mark at the start of a line: the join of two exported files, invisible in any editor.
_MARK_AT_LINE_START: Final = re.compile("^\ufeff+", re.MULTILINE)
_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SAMPLE_CHARS: Final = 4096
_MOST_CONTROLS: Final = 0.05  # text of names and numbers has none; a binary file decoded has ~11 %
_FEWEST_CONTROLS: Final = 32  # below this, a stray escape in a name, which its line's check names


@dataclass(frozen=True, slots=True)
class DecodedText:
    """A file's text (newlines as `\\n`, byte-order marks at line starts removed) and how it was read:
    `encoding` for people ("UTF-16", "cp1250"), `how` the evidence ("BOM", "--encoding"), empty
    for a file that simply is UTF-8."""

    text: str
    encoding: str
    how: str = ""

    @property
    def plain_utf8(self) -> bool:
        """Whether the file was read as every file always was: UTF-8 without a byte-order mark."""
        return self.encoding == "UTF-8" and not self.how


def checked_encoding(name: str) -> str:
    """The codec's own name for an encoding a director named (`windows-1250` -> `cp1250`); a name
    Python does not know, or a codec that does not make text (`base64`), is an `InvalidInputError`."""
    try:
        found = codecs.lookup(name.strip())
    except LookupError:
        found = None
    # CodecInfo's flag (what `bytes.decode` itself checks) marks a codec of bytes to bytes: base64, zlib.
    if found is None or not getattr(found, "_is_text_encoding", True):
        raise InvalidInputError.in_words("unknown encoding %(name)s: give one such as cp1250, iso-8859-2, utf-16 or "
                                         "utf-8", name=repr(name.strip()[:40]))
    return found.name


def decode_file(data: bytes, *, source: str, encoding: str | None = None) -> DecodedText:
    """The text of a file's bytes, read as the module docstring says (`encoding`: the director's
    `--encoding`, checked by `checked_encoding`). Refusals name `source`, the line and the fix."""
    for start, kind in _NOT_TEXT:
        if data.startswith(start):
            raise InvalidInputError.in_words("%(source)s is %(kind)s, not CSV text: save the sheet as CSV",
                                             source=source, kind=kind)
    marked = any(data.startswith(mark) for mark, _, _ in _MARKS)
    if encoding is None and not marked and b"\x00" in data:
        # Before reading it as UTF-8: a binary file is not "a line that is not UTF-8".
        _check_looks_like_text(data.decode("latin-1"), source=source, marked=False)
    decoded = _decoded(data, source=source, encoding=encoding)
    text = decoded.text.replace("\r\n", "\n").replace("\r", "\n")
    _check_looks_like_text(text, source=source, marked=marked)
    return DecodedText(_MARK_AT_LINE_START.sub("", text), decoded.encoding, decoded.how)


def _decoded(data: bytes, *, source: str, encoding: str | None) -> DecodedText:
    for mark, codec, shown in _MARKS:
        if data.startswith(mark):
            body = data[len(mark):]
            return DecodedText(_decode(body, codec, fix=lambda line, shown=shown: worded(  # type: ignore[misc]
                "%(source)s line %(line)s is not %(encoding)s although the file begins with %(encoding)s's "
                "byte-order mark: save the file again as UTF-8", source=source, line=line, encoding=shown)),
                shown, "BOM")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if encoding is None:
            raise InvalidInputError.in_words(
                "%(source)s line %(line)s is not UTF-8: save the file as UTF-8 or give --encoding cp1250 "
                "(Excel's Polish default)", source=source, line=_line_at(data, error.start, "utf-8")) from None
    else:
        if encoding is None or "\x00" not in text:
            return DecodedText(text, "UTF-8", f"the file is UTF-8, not {encoding}" if encoding else "")
    assert encoding is not None
    return DecodedText(_decode(data, encoding, fix=lambda line: worded(
        "%(source)s line %(line)s is neither UTF-8 nor %(encoding)s: give the file's own encoding with "
        "--encoding, or save the file as UTF-8", source=source, line=line, encoding=encoding)),
        encoding, "--encoding")


def _decode(data: bytes, codec: str, *, fix: Callable[[int], Worded]) -> str:
    """`data` in `codec`, or the refusal `fix` words for the line of the first bad byte."""
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        raise InvalidInputError.from_words(fix(_line_at(data, error.start, codec))) from None


def _line_at(data: bytes, offset: int, codec: str) -> int:
    """The line (from 1) of the byte at `offset`, whose bytes before it decode in `codec`."""
    before = data[:offset].decode(codec, errors="replace")
    return before.count("\n") + before.count("\r") - before.count("\r\n") + 1


def _check_looks_like_text(text: str, *, source: str, marked: bool) -> None:
    """A file with NUL bytes, or with control characters all over its start, is not a CSV export."""
    nul = text.find("\x00")
    sample = text[:_SAMPLE_CHARS]
    controls = len(_CONTROL.findall(sample))
    if nul < 0 and (controls < _FEWEST_CONTROLS or controls <= _MOST_CONTROLS * len(sample)):
        return
    utf16 = not marked and _alternate_nuls(sample)
    if nul >= 0:
        line = text.count(chr(10), 0, nul) + 1
        if utf16:
            raise InvalidInputError.in_words(
                "%(source)s does not look like a CSV text file (NUL bytes on line %(line)s): save the sheet as CSV; "
                "UTF-16 without a byte-order mark? give --encoding utf-16-le", source=source, line=line)
        raise InvalidInputError.in_words("%(source)s does not look like a CSV text file (NUL bytes on line "
                                         "%(line)s): save the sheet as CSV", source=source, line=line)
    if utf16:
        raise InvalidInputError.in_words("%(source)s does not look like a CSV text file: save the sheet as CSV; "
                                         "UTF-16 without a byte-order mark? give --encoding utf-16-le", source=source)
    raise InvalidInputError.in_words("%(source)s does not look like a CSV text file: save the sheet as CSV",
                                     source=source)


def _alternate_nuls(sample: str) -> bool:
    """Whether every other character is NUL: UTF-16 of Latin letters read as single bytes."""
    return any(half and half.count("\x00") >= 0.9 * len(half) for half in (sample[0::2], sample[1::2]))
