"""What every command group shares: the error boundary, JSON output, reading files."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer

# Typer >= 0.29 vendors click; its exceptions are what a parse error raises.
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from tourney.errors import TourneyError


class TourneyGroup(TyperGroup):
    """The one error boundary: a `TourneyError` becomes one line on stderr and exit 1; a usage error
    (unknown option, a value of the wrong type) one line and exit 2. Never a traceback."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        try:
            result = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                  standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except NoArgsIsHelpError as error:
            typer.echo(error.format_message())
            sys.exit(0)
        except UsageError as error:
            where = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            typer.echo(f"error: {error.format_message()}{where}", err=True)
            sys.exit(error.exit_code)
        except ClickException as error:
            typer.echo(f"error: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        # With standalone_mode off, click returns a command's exit code instead of exiting.
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except TourneyError as error:
            fail(str(error))
        except BrokenPipeError:
            # The reader (e.g. `| head`) has gone; say nothing more on a closed pipe.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(141) from None
        except OSError as error:
            where = f" {error.filename!r}" if error.filename else ""
            fail(f"cannot access{where}: {error.strerror or error}")


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=None))


def read_text(path: Path) -> str:
    """Read a UTF-8 text file, turning every failure into a one-line error."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no such file: {str(path)!r}")
    except IsADirectoryError:
        fail(f"{str(path)!r} is a directory, not a file")
    except UnicodeDecodeError:
        fail(f"{str(path)!r} is not UTF-8 text")
    except OSError as error:
        fail(f"cannot read {str(path)!r}: {error.strerror}")


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {str(path)!r}: {error.strerror}")


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
