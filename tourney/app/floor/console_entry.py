"""The results section of the director's console: a keyboard-first entry line that reads what the
desk reads (`app/input/entry_line.py`) and completes as the desk does (`app/input/entry_complete.py`),
answered in the CLI's lines (`entry_run.py`); below it, a card per table of the stage being played
with the table as `tourney tables` prints it and buttons and forms that post the same entries.
Rendered with `templates/console/results.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.app.input.entry_complete import Words, argument_candidates, split_partial, table_candidates
from tourney.app.input.entry_line import COMMANDS, MAX_LINE, EntryLine, entry, is_table_word, read_entry_line
from tourney.errors import InvalidInputError, TourneyError
from tourney.i18n import ENGLISH, Translator, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.read_models.table_views import TableView
    from tourney.engine.tournament import TournamentState

MAX_FIELDS = 64  # the gate reads no more fields than this
MAX_CANDIDATES = 60  # completions one answer lists (a whole room's players at most)
_FIRST_WORDS = (*COMMANDS, "final")


@dataclass(frozen=True, slots=True)
class Answer:
    """What the last entry said: the line it read and the CLI's lines (stdout, or its `error:` line)."""

    said: str
    lines: tuple[str, ...]
    ok: bool


@dataclass(frozen=True, slots=True)
class TableCard:
    """One table of the stage being played: its lines as `tourney tables` prints them and what a
    tap can enter at it."""

    number: int
    lines: tuple[str, ...]
    finished: bool
    still_in: tuple[str, ...]
    rounds: bool  # a round's (or a duel's game's) loser is entered with `result`
    loss: str  # the result button's words: "lost a round", "lost a game"
    duel: bool  # forfeits are for duels
    chips: bool  # a pot game: the table reports chip counts


@dataclass(frozen=True, slots=True)
class ResultsPage:
    event: str
    stage: str
    base: str
    csrf: str
    poll_token: str
    line: str  # the entry line's text (kept after a refusal)
    focus_line: bool  # the line takes the focus (not after a tap on a card: a phone's keyboard stays shut)
    answer: Answer | None
    cards: tuple[TableCard, ...]
    note: str  # why there are no cards


def entry_words(state: TournamentState) -> Words:
    """The players and tables completion offers (the desk's words, and the final table's number)."""
    from tourney.app.read_models.table_views import final_table, names_in_play

    names = names_in_play(state)
    try:
        final: int | None = final_table(state)
    except TourneyError:
        final = None
    return Words(list(names.players), {number: list(players) for number, players in names.tables}, final)


def completions(state: TournamentState, line: str) -> list[dict[str, str]]:
    """What Tab offers at the end of `line`: each candidate's text, its note (a table's players
    still in) and the whole line with it put in place of the word being typed."""
    if len(line) > MAX_LINE:
        return []
    done, raw, typed = split_partial(line)
    if done and done[0] == "tourney":
        done = done[1:]
    words = entry_words(state)
    if not done:
        found = [(name, "") for name in _FIRST_WORDS if name.startswith(typed.casefold())
                 and (name != "final" or words.final is not None)]
        found += list(table_candidates(words, typed))
    elif is_table_word(done[0]):
        found = list(argument_candidates("result", done, typed, words))
    elif done[0].casefold() not in COMMANDS or done[0].casefold() == "undo":
        found = []  # not an entry of this line; or an event id, which the log page lists
    else:
        found = list(argument_candidates(done[0].casefold(), done[1:], typed, words))
    head = line[:len(line) - len(raw)]
    return [{"text": text, "note": note, "line": head + text + ("" if text.endswith("=") else " ")}
            for text, note in found[:MAX_CANDIDATES]]


def posted_entry(form: Mapping[str, Sequence[str]], tr: Translator = ENGLISH) -> EntryLine:
    """The entry a post asks for: its typed `line`, or a card's fields: `command`, `table`, and
    `name` repeated (the loser, the order, the forfeits); for chips `player-I` with its `count-I`.
    (A blank field is not sent at all: a form's empty line or count is missing, not "".)"""
    from tourney.app.floor.floor_forms import field

    if "command" not in form:
        return read_entry_line(field(form, "line"), tr)
    command = field(form, "command")
    names = [n for n in form.get("name", ()) if n.strip()]
    if command == "chips":
        names = [f"{player}={count}" for i in range(1, MAX_FIELDS + 1)
                 if (player := field(form, f"player-{i}")) and (count := field(form, f"count-{i}").strip())]
    if command not in COMMANDS or command == "undo":
        raise InvalidInputError(tr.gettext("this form names no entry: type it on the entry line instead"))
    return entry(command, [field(form, "table"), *names], tr)


def table_card(view: TableView, tr: Translator = ENGLISH) -> TableCard:
    duel = not view.by_plan and len(view.players) == 2
    return TableCard(view.number, view.lines(tr), view.finished, view.still_in,
                     rounds=view.reports_rounds and (view.by_plan or duel),
                     loss="lost a round" if view.by_plan else "lost a game", duel=duel,
                     chips=not view.reports_rounds)


def results_page(floor: FloorRead, *, line: str = "", answer: Answer | None = None, focus_line: bool = True) -> str:
    from tourney.app.floor.console_lang import page_lang, render_page, stage_words
    from tourney.app.read_models.stage_labels import unit_heading
    from tourney.app.read_models.table_views import table_views

    state = floor.state
    token = floor.director_link()
    lang = page_lang(floor.lang)
    tr = translator(lang)
    tables = table_views(state)
    # `tourney tables`' own line, said in the page's language
    note = "" if tables.tables else tr.gettext("No tables yet: `tourney seat` draws %(stage)s.",
                                               stage=unit_heading(tables.unit, 1, tr))
    if state.complete:
        note = tr.gettext("The tournament is complete.")
    page = ResultsPage(
        event=floor.tournament.name, stage=stage_words(state, tr),
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), poll_token=poll_token(floor),
        line=line, focus_line=focus_line, answer=answer, cards=tuple(table_card(t, tr) for t in tables.tables),
        note=note)
    return render_page("console/results.html", lang, page=page, poll_url=POLL_URL)
