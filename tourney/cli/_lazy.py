"""Commands loaded when they run: `tourney result` imports and builds `result` alone.

Typer builds the click command of every registered command (and imports every command module)
before it parses a single argument: about 50 ms of a one-shot command's start-up. The top-level
group instead knows each command only as "module:attribute" and builds the one the command line
names; `tourney --help` (which lists them all) still builds every one. A help text that needs a
registry (`new --format` lists the formats) is a `lazy_help`, made only when a help screen shows it.
Click's command, context and formatter are typed `Any`: Typer does not export click's classes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import typer
import typer.main
from typer.core import TyperCommand

from tourney.cli._coercion import convert_plainly
from tourney.cli._common import TourneyGroup


class LazyGroup(TourneyGroup):
    """A `TourneyGroup` whose subclass lists its commands in `lazy_commands`: name -> "module:attribute"
    (a module of `tourney.cli`; the attribute is a command function or a `typer.Typer` sub-group)."""

    lazy_commands: ClassVar[Mapping[str, str]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        convert_plainly(self)  # the group's own options (its commands are converted as they are built)

    def list_commands(self, ctx: Any) -> list[str]:
        eager = super().list_commands(ctx)
        return [*eager, *(name for name in self.lazy_commands if name not in eager)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in self.lazy_commands:
            found = build_command(cmd_name, self.lazy_commands[cmd_name])
            self.commands[cmd_name] = found  # built once per process
        return found


# Marker text -> the function that makes the help text (Typer copies a parameter's help as plain text).
_LAZY_HELP: dict[str, Callable[[], str]] = {}


def lazy_help(make: Callable[[], str]) -> str:
    """A parameter's help text made when a help screen shows it: `make` may import a registry, which
    building the command (every command, for `tourney --help`) must not pay for."""
    marker = f"(help {len(_LAZY_HELP) + 1}, made when shown)"
    _LAZY_HELP[marker] = make
    return marker


class LazyHelpCommand(TyperCommand):
    """A command whose `lazy_help` texts are made just before its help screen is formatted."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # Made afresh for each screen (the command is built once per process; the desk shows help again).
        lazy = [(param, marker) for param in self.params if (marker := getattr(param, "help", None)) in _LAZY_HELP]
        try:
            for param, marker in lazy:
                param.help = _LAZY_HELP[marker]()  # type: ignore[attr-defined]
            super().format_help(ctx, formatter)
        finally:
            for param, marker in lazy:
                param.help = marker  # type: ignore[attr-defined]


def build_command(name: str, target: str) -> Any:
    """The click command `name` for "module:attribute", built exactly as when it was registered on the
    top-level Typer app (plain help, no rich): under a one-command wrapper app with the same settings;
    its plain parameters convert without pydantic (`_coercion.convert_plainly`)."""
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(f"tourney.cli.{module_name}")
    obj: Any = getattr(module, attribute)
    wrapper = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    if isinstance(obj, typer.Typer):
        wrapper.add_typer(obj, name=name)
    else:
        # A command may name a command class of its own ("module:Class", a LazyHelpCommand's subclass).
        cls: Any = LazyHelpCommand
        special = getattr(obj, "command_class", None)
        if special is not None:
            class_module, _, class_name = str(special).partition(":")
            cls = getattr(importlib.import_module(class_module), class_name)
        wrapper.command(name, cls=cls)(obj)
    wrapper.callback()(_no_options)  # a callback makes the wrapper a group, as the real top level is
    group = typer.main.get_command(wrapper)
    command = group.commands[name]  # type: ignore[attr-defined]
    convert_plainly(command)
    return command


def _no_options() -> None:
    pass
