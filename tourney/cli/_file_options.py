"""The options of every command that reads a spreadsheet's CSV export (`player import`, `seat
--ratings`): `--encoding` and `--separator`, checked as they are parsed (an unknown name is a
one-line usage error, exit 2)."""

from __future__ import annotations

from typing import Annotated

import typer


def parse_encoding(value: str) -> str:
    """A Typer `parser=`: the codec's name for the encoding named (`windows-1250` -> `cp1250`)."""
    from tourney.app.input.file_encoding import checked_encoding
    from tourney.errors import InvalidInputError

    try:
        return checked_encoding(value)
    except InvalidInputError as error:
        raise typer.BadParameter(str(error)) from None


def parse_separator(value: str) -> str:
    """A Typer `parser=`: `,`, `;` or a tab (`tab`)."""
    from tourney.app.input.separators import checked_separator
    from tourney.errors import InvalidInputError

    try:
        return checked_separator(value)
    except InvalidInputError as error:
        raise typer.BadParameter(str(error)) from None


EncodingOption = Annotated[str | None, typer.Option(
    "--encoding", metavar="NAME", parser=parse_encoding, show_default=False,
    help="The file's encoding when it is not UTF-8 and has no byte-order mark, e.g. cp1250 (Excel's Polish "
         "default) or iso-8859-2. A byte-order mark (UTF-8, UTF-16, UTF-32) decides by itself.")]
SeparatorOption = Annotated[str | None, typer.Option(
    "--separator", metavar="SEP", parser=parse_separator, show_default=False,
    help="The field separator: ',' ';' or tab (default: told by the header line).")]
