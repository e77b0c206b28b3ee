"""What every command group shares: the error boundary, JSON output, reading files."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer

# Typer >= 0.29 vendors click; its exceptions are what a parse error raises.
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from tourney.app.files import read_text, write_text
from tourney.errors import TourneyError

__all__ = ["TourneyGroup", "fail", "print_json", "read_text", "stdout_is_terminal", "write_text"]


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


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
