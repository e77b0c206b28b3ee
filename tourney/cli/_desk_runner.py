"""The desk's engine room: one typed line in, the same command as `tourney ...` run in this process.

Each entry runs the real top-level click command (the one `tourney` runs) with `standalone_mode`
off, so it goes through the same error boundary and is the same one transaction as a one-shot
command; an error is its one `error:` line and the desk carries on (nothing here ever exits the
process but `quit`). What makes an entry fast is what stays in the process between entries: the
imported modules, the built commands, and the databases the desk keeps open (`KeptDatabases`) with
their cache of the tournament's folded state, so each entry reads only the events appended since.
"""

from __future__ import annotations

import shlex
import sys
from typing import TYPE_CHECKING, Any

import typer

from tourney.app.input.encoding import check_decoded
from tourney.app.input.entry_complete import Words
from tourney.app.store.database import KeptDatabases, TournamentReader
from tourney.errors import TourneyError, worded_p
from tourney.i18n import N_

if TYPE_CHECKING:
    from tourney.app.types import TournamentState
    from tourney.i18n import Translator

QUIT_WORDS = frozenset({"quit", "exit"})
# The entries after which a desk started without --tournament takes the database's current one
# again: a switch made at this desk (never one made by `tourney use` in another terminal).
SWITCHING_COMMANDS = frozenset({"use", "new"})
PROMPT = "desk> "  # before the database has a tournament
DESK_WORDS = ("help", "quit", "exit")
DESK_HELP = N_("At the desk: type a command without `tourney`, e.g. `result 3 ann`, `tables 2`, `undo`, "
                "`standings`. `help COMMAND` explains one; Tab completes commands, tables and names; "
                "`quit` or Ctrl-D leaves.")


def words_of(state: TournamentState) -> Words:
    from tourney.app.read_models.table_views import names_in_play

    names = names_in_play(state)
    return Words(list(names.players), {number: list(players) for number, players in names.tables})


class Desk:
    """Runs desk entries against one database and (optionally) one tournament.

    `db` and `tournament` are the desk's own `--db` / `--tournament`: added to every command that
    takes them unless the entry names its own. Without `--tournament`, the database's current
    tournament when the desk starts is the desk's (by id), so `tourney use` in another terminal
    never moves this desk's entries; `use` or `new` typed at this desk does.
    """

    def __init__(self, root: Any, *, db: str | None, tournament: str | None) -> None:
        self.root = root
        self.db = db
        self.tournament = tournament
        self.failures = 0
        self.prompt = PROMPT
        self._follows_current = tournament is None
        self._words = Words()
        self._stale = True
        self._context = typer.Context(root, info_name="tourney")
        self._kept = KeptDatabases()
        self._reader = TournamentReader(db, tournament, self._kept)
        self._take_tournament()

    def _take_tournament(self) -> None:
        """Fix the desk's tournament (the current one, unless --tournament chose it) and its prompt."""
        from tourney.app.operations.tournaments import list_tournaments

        try:
            with self._kept.active():
                found = list_tournaments(db=self.db)
        except TourneyError:
            return  # no database yet (`new` at the desk makes one): the next entry tries again
        wanted = None if self._follows_current else self.tournament
        chosen = next((t for t in found if (t.current if wanted is None else wanted in (str(t.id), t.name))), None)
        if chosen is None and wanted is not None:
            lowered = wanted.casefold()
            chosen = next((t for t in found if t.name.casefold() == lowered), None)
        if chosen is None:
            return
        if self._follows_current and self.tournament != str(chosen.id):
            self.tournament = str(chosen.id)
            self._reader.close()
            self._reader = TournamentReader(self.db, self.tournament, self._kept)
        self.prompt = f"{chosen.name}> "

    def warm_up(self) -> None:
        """Import and build every command and fold the tournament's state now, so that the first
        entry costs what every later one does."""
        for name in self.command_names():
            self.subcommand_names(name)
        self._stale = True
        _ = self.words

    # ------------------------------------------------------------------ commands
    def command_names(self) -> list[str]:
        names = [n for n in self.root.list_commands(self._context) if n != "desk"]
        return [*names, *DESK_WORDS]

    def subcommand_names(self, group: str) -> list[str]:
        """The subcommands of a command group such as `player` (none for a plain command)."""
        try:
            command = self.root.get_command(self._context, group)
        except Exception:  # a command module that fails to load: nothing to offer, the entry will say why
            return []
        lister = getattr(command, "list_commands", None)
        return list(lister(self._context)) if lister is not None else []

    def run(self, line: str) -> bool:
        """Run one typed line; False once the director asked to leave."""
        try:
            check_decoded(line.rstrip("\n"), what=worded_p("a text in a refusal", "the line"))
        except TourneyError as error:  # the terminal's encoding is not UTF-8
            self._error(self._said(error))
            return True
        if line.lstrip().startswith("#"):
            return True  # a comment line (a script's); inside an entry `#` is part of a name
        try:
            args = shlex.split(line)
        except ValueError as error:  # an unclosed quote
            self._error(self._language().gettext("cannot read that line: %(reason)s", reason=error))
            return True
        if args and args[0] == "tourney":
            args = args[1:]  # typed out of habit
        if not args:
            return True
        if args[0] in QUIT_WORDS:
            return False
        if args[0] == "help":
            if len(args) == 1:
                typer.echo(self._language().gettext(DESK_HELP))
            args = [*args[1:], "--help"]
        elif args[0] == "desk":
            self._error(self._language().gettext("already at the desk"))
            return True
        elif args[0] == "serve":  # it would hold the desk until Ctrl-C
            self._error(self._language().gettext("`serve` is a separate command: run `tourney serve` in another "
                                                 "terminal; the wall shows each entry made here"))
            return True
        succeeded = self._invoke(args)
        self._stale = True
        if self._follows_current and ((succeeded and args[0] in SWITCHING_COMMANDS) or self.prompt == PROMPT):
            self._take_tournament()
        return True

    def _with_desk_options(self, args: list[str]) -> list[str]:
        """`args` plus `--db URL` and `--tournament NAME` where the command takes them and the
        entry did not give its own."""
        command = self._leaf(args)
        if command is None:
            return args
        extra: list[str] = []
        for name, value in (("db", self.db), ("tournament", self.tournament)):
            if value is None:
                continue
            # An option: `use`'s positional NAME|ID is also called `tournament`.
            param = next((p for p in command.params if p.name == name and p.param_type_name == "option"), None)
            if param is None:
                continue
            opts = [*param.opts, *param.secondary_opts]
            if any(a in opts or a.startswith(tuple(f"{o}=" for o in opts if o.startswith("--"))) for a in args):
                continue
            extra += [param.opts[0], value]
        if "--" in args:  # options after `--` would be read as arguments
            cut = args.index("--")
            return [*args[:cut], *extra, *args[cut:]]
        return [*args, *extra]

    def _leaf(self, args: list[str]) -> Any:
        """The click command `args` names (a group's subcommand when it is a group), or None."""
        command: Any = self.root
        for word in args:
            get = getattr(command, "get_command", None)
            if get is None:
                return command
            command = get(self._context, word)
            if command is None:
                return None
        return None if command is self.root else command

    def _invoke(self, args: list[str]) -> bool:
        """Run one entry; whether it succeeded."""
        try:
            with self._kept.active():
                code = self.root.main(args=self._with_desk_options(args), prog_name="tourney",
                                      standalone_mode=False)
        except SystemExit as stop:  # the error boundary has already printed the `error:` line
            code = stop.code
        except TourneyError as error:  # raised outside a command (e.g. while building it)
            self._error(self._said(error))
            return False
        except Exception as error:  # a bug must not end the director's session
            self._error(f"unexpected {type(error).__name__}: {error}")
            return False
        if code not in (0, None):
            self.failures += 1
            return False
        return True

    def _language(self) -> Translator:
        """The desk's own lines' language: the desk's event's, as its commands choose theirs."""
        from tourney.cli._live import command_translator

        with self._kept.active():
            return command_translator(self.db, self.tournament)

    def _said(self, error: TourneyError) -> str:
        tr = self._language()
        return tr.words(error.words) if error.words is not None and tr.lang != "en" else str(error)

    def _error(self, message: str) -> None:
        self.failures += 1
        typer.echo(f"error: {message}", err=True)

    # ------------------------------------------------------------------ completion words
    @property
    def words(self) -> Words:
        """Player names and tables for completion, re-read from the state after each entry.

        Read when completion asks (on Tab), not after every entry: an entry then never pays for it,
        and the state is cached in the process, so a read costs only the events since the last."""
        if self._stale:
            self._stale = False
            self._words = self._read_words()
        return self._words

    def _read_words(self) -> Words:
        try:
            return self._reader.view(words_of)
        except TourneyError:
            return Words()  # no database or tournament yet: nothing to offer

    def close(self) -> None:
        self._reader.close()
        self._kept.close()


def read_lines(desk: Desk) -> None:
    """The plain loop, for a desk whose input is not a terminal: one entry per line of standard
    input until EOF or `quit`, each echoed after the prompt before its output, so that the
    transcript reads like a session at the prompt. Lines are read as bytes, so a line that is not
    UTF-8 is refused alone (`Desk.run`) instead of ending the loop with a decoding error."""
    raw_input = getattr(sys.stdin, "buffer", None)
    while True:
        line = (raw_input.readline().decode("utf-8", "surrogateescape") if raw_input is not None
                else sys.stdin.readline())
        if not line:
            return
        if line.strip():
            typer.echo(f"{desk.prompt}{line.rstrip()}")
        if not desk.run(line):
            return
