"""A CSV file as spreadsheets export it (players, ratings): its text and separator, and a line for
the command's output naming what was guessed to read it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.app.input.file_encoding import DecodedText, checked_encoding, decode_file
from tourney.app.input.files import read_bytes
from tourney.app.input.separators import checked_separator, header_separator
from tourney.errors import Worded, worded


@dataclass(frozen=True, slots=True)
class SpreadsheetText:
    """The text of a CSV file, its separator, and `read_as` ("read as UTF-16 (BOM), separator ';'")
    when it was read otherwise than as UTF-8 with commas; None for such a file, read as always."""

    text: str
    separator: str
    read_as: str | None  # in English, as it always read
    read_words: Worded | None = None  # the same, as a sentence said in the reader's language


def read_spreadsheet(path: Path, *, source: str, encoding: str | None = None,
                     separator: str | None = None) -> SpreadsheetText:
    """Read a CSV file: the encoding as `tourney.app.input.file_encoding` tells it (`encoding`: the
    director's `--encoding`), the separator from its header line unless `separator` is given.
    Every refusal is an `InvalidInputError` naming `source` and, where it has one, the line."""
    return spreadsheet_text(read_bytes(path), source=source, encoding=encoding, separator=separator)


def spreadsheet_text(data: bytes, *, source: str, encoding: str | None = None,
                     separator: str | None = None) -> SpreadsheetText:
    """`read_spreadsheet` of a file's bytes already read (an upload to the director's console)."""
    codec = checked_encoding(encoding) if encoding is not None else None
    chosen = checked_separator(separator) if separator is not None else None
    decoded = decode_file(data, source=source, encoding=codec)
    used = chosen if chosen is not None else header_separator(decoded.text)
    if decoded.plain_utf8 and used == ",":
        return SpreadsheetText(decoded.text, used, None)
    how = read_how(decoded, used)
    return SpreadsheetText(decoded.text, used, str(how), how)


NOT_AS_ASKED = "the file is UTF-8, not "  # file_encoding's `how` of a file read as UTF-8 despite --encoding


def read_how(decoded: DecodedText, separator: str) -> Worded:
    """How a file was read, as the command's line says it ("read as UTF-16 (BOM), separator ';'"):
    a sentence of the catalog, said in the reader's language (English: as it always read)."""
    shown: object = worded("tab") if separator == "\t" else repr(separator)
    if not decoded.how:
        return worded("read as %(encoding)s, separator %(separator)s", encoding=decoded.encoding, separator=shown)
    how: object = decoded.how
    if decoded.how == "BOM":
        how = worded("BOM")
    elif decoded.how.startswith(NOT_AS_ASKED):
        how = worded("the file is UTF-8, not %(encoding)s", encoding=decoded.how.removeprefix(NOT_AS_ASKED))
    return worded("read as %(encoding)s (%(how)s), separator %(separator)s", encoding=decoded.encoding, how=how,
                  separator=shown)
