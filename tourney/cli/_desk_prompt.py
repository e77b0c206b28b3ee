"""The interactive desk: a prompt_toolkit line editor (history, Tab completion) over a `Desk`."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys

from tourney.cli._desk_complete import DeskCompleter

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from tourney.cli._desk_runner import Desk

class _KeptHistory(FileHistory):
    """A history file that a full disk or a read-only directory never turns into a crash: the
    entry itself is already recorded in the database; only its line in the history is lost."""

    def store_string(self, string: str) -> None:
        with contextlib.suppress(OSError):
            super().store_string(string)


def open_history(path: Path | None) -> History:
    """The history kept in `path` (its directory created), or one kept only in memory when there is
    no path or it cannot be written (said on stderr)."""
    if path is None:
        return InMemoryHistory()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError as error:
        typer.echo(f"note: history not kept across sessions, cannot write {str(path)!r}: {error.strerror}",
                   err=True)
        return InMemoryHistory()
    return _KeptHistory(path)


def tab_bindings(completer: Completer) -> KeyBindings:
    """Tab as in a shell: a single candidate is inserted at once (with a space after it, unless it
    ends in `=`, as `NAME=` does for chips), several open the menu with their common part inserted.

    Computed synchronously, unlike prompt_toolkit's default Tab: the line is complete before the
    next key is read, however fast keys arrive (a fast typist, a test's pipe input)."""
    bindings = KeyBindings()

    @bindings.add("tab")
    def _complete(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.complete_state is not None:
            buffer.complete_next()
            return
        found = list(completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
        if len(found) == 1:
            buffer.apply_completion(found[0])
            if not found[0].text.endswith("="):
                buffer.insert_text(" ")
        elif found:
            buffer.start_completion(insert_common_part=True)

    return bindings


def terminal_code_bindings() -> KeyBindings:
    """Escape sequences that are not keys are dropped instead of crashing the prompt's event loop.

    A colour code pasted from a coloured terminal (`ESC [ 31 m`) reads, to prompt_toolkit's parser,
    like a mouse report, whose handler then fails to parse it. The desk does not use the mouse
    (mouse support stays off, so a terminal never sends real reports): every such sequence is
    ignored, and the text around it stays on the line."""
    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _ignore(_event: KeyPressEvent) -> None:
        return None

    return bindings


def run_prompt(desk: Desk, *, history: History, input: Input | None = None,
               output: Output | None = None) -> None:
    """Read and run entries until `quit` or Ctrl-D; Ctrl-C clears the line being typed."""
    completer = DeskCompleter(desk)
    session: PromptSession[str] = PromptSession(
        lambda: desk.prompt, completer=completer, history=history, complete_while_typing=False,
        key_bindings=merge_key_bindings([tab_bindings(completer), terminal_code_bindings()]),
        input=input, output=output)
    while True:
        try:
            line = session.prompt()
        except KeyboardInterrupt:
            continue
        except EOFError:
            return
        if not desk.run(line):
            return
