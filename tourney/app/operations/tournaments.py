"""Tournaments of a database: create one, choose the current one, list them, plan and read the status."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney import collector
from tourney.app.store.database import open_db
from tourney.app.store.unit_of_work import read
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, Translator, check_language

if TYPE_CHECKING:
    from tourney.app.read_models.table_views import TableView
    from tourney.engine.format_config import FormatConfig
    from tourney.engine.format_options import FormatOption
    from tourney.engine.planner import Plan
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

# Far above any real event (3,000 players plan in milliseconds) and far below what exhausts memory:
# a plan for 10^9 players took 13 GB.
MAX_PLAN_PLAYERS = 100_000
# Above this many tables still playing, the status summarises (counts and the slowest tables)
# instead of listing every one: a floor of 84 playing tables reads better as numbers.
SUMMARY_ABOVE = 8
SLOWEST_SHOWN = 5


@dataclass(frozen=True, slots=True)
class Created:
    """A new tournament; `current` is the one the database's commands act on after it (the new
    one unless another tournament is `running`); `shown` names the database for people."""

    tournament: Tournament
    current: Tournament
    running: tuple[Tournament, ...]
    format: FormatConfig
    shown: str

    @property
    def format_text(self) -> str | None:
        """The format with its options as people read them ("knockout, best of 3"); None for the
        default format, which a tournament without a `format` event has."""
        return self.format_said(ENGLISH)

    def format_said(self, tr: Translator) -> str | None:
        """`format_text` in `tr`'s language."""
        from tourney.app.read_models.event_text import format_text
        from tourney.engine.format_config import FormatConfig

        return None if self.format == FormatConfig() else format_text(self.format, tr=tr)


def new_tournament(name: str, *, game: str, seed: int | None = None, format: str | None = None,
                   options: Mapping[str, object] | None = None, date: str | None = None, lang: str | None = None,
                   db: str | None = None, **given: object) -> Created:
    """Create a tournament of `game` (a name or alias), creating the database if need be; `format`
    any registered format (`format_names()`; None: the default, RULES §1.12's stages) with `options`
    by name (text as typed after `--format-option NAME=`, or values; `best_of=3` and the like as
    keywords too). It becomes the current one unless another tournament of the database is
    running. `date` the event's date, YYYY-MM-DD (default today), which every sheet prints; `lang`
    the event's language (en, pl, ru: `tourney/i18n`; None: none stored)."""
    from tourney.engine.format_config import FormatConfig, check_format, config_from_options
    from tourney.engine.format_registry import DEFAULT_FORMAT, format_names
    from tourney.rules.games import find_game
    from tourney.storage.events import create_and_choose

    checked_tournament_name(name)  # before the database is opened: a refused name creates no file
    descriptor = find_game(game)
    chosen_format = DEFAULT_FORMAT if format is None else format
    if chosen_format not in format_names():
        raise InvalidInputError.in_words("--format %(value)s: expected one of %(known)s", value=repr(chosen_format),
                                         known=", ".join(format_names()))
    config = config_from_options(chosen_format, {**(options or {}), **given})
    check_format(descriptor, config)
    day = event_date(date)
    language = None if lang is None else check_language(lang)
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    with open_db(db, create=True) as database:
        # The default format needs no event: a log without one is of it (every log before formats).
        made = create_and_choose(database, name=name, game=descriptor.name, seed=chosen,
                                 format=None if config == FormatConfig() else config.to_json(), day=day,
                                 lang=language)
        shown = database.shown
    return Created(made.tournament, made.current, tuple(made.running), config, shown)


def event_date(text: str | None) -> datetime.date | None:
    """The date of `--date YYYY-MM-DD` (None: today), or one line saying what is wrong with it."""
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInputError.in_words("--date %(value)s: expected a date as YYYY-MM-DD, e.g. 2026-03-14",
                                         value=repr(text)) from None


def checked_tournament_name(name: str) -> str:
    """`name` as it will be stored, or `InvalidInputError`: empty, a control character, too long, or
    only digits (`--tournament 3` means the tournament with id 3, so such a name could never be
    chosen). Storage checks the same again inside the transaction, with the names already taken."""
    from tourney.engine import names

    if not name.strip():
        raise InvalidInputError.in_words("a tournament needs a name")
    cleaned = names.check(name, what="tournament name")
    if cleaned.isdigit():
        raise InvalidInputError.in_words("a tournament name cannot be only digits (%(name)s): it would read as an id",
                                         name=repr(cleaned))
    return cleaned


def format_choices() -> tuple[str, tuple[str, ...]]:
    """The default format and every registered format's name (in the registry's order)."""
    from tourney.engine.format_registry import DEFAULT_FORMAT, format_names

    return DEFAULT_FORMAT, format_names()


@dataclass(frozen=True, slots=True)
class FormatOptionHelp:
    """One option as `tourney new --help` shows it: its name, flag, value, default and help, and
    the labels of the formats taking it (the same name means the same flag in every format)."""

    name: str
    flag: str
    value_name: str
    is_switch: bool
    default: str
    helps: tuple[tuple[tuple[str, ...], str], ...]  # (the formats' labels, the help they give it), in order
    spec: FormatOption  # the first format's spec (its type, choices, bounds and label, for a form)


def format_options_help() -> tuple[FormatOptionHelp, ...]:
    """Every option of every registered format, in the order the formats list them (formats in
    their order): what `tourney new` offers as `--format-option NAME=VALUE` and as each one's flag."""
    from tourney.engine.format_registry import all_formats

    specs: dict[str, list[tuple[str, FormatOption]]] = {}
    for fmt in all_formats():
        for spec in fmt.option_specs:
            specs.setdefault(spec.name, []).append((fmt.label, spec))
    found = []
    for name, taken in specs.items():
        first = taken[0][1]
        helps: dict[str, list[str]] = {}
        for label, spec in taken:
            helps.setdefault(spec.help, []).append(label)
        default = "" if first.null_default else str(first.default).lower() if first.type is bool else str(first.default)
        found.append(FormatOptionHelp(name, first.switch, first.value_name, first.type is bool, default,
                                      tuple((tuple(labels), text) for text, labels in helps.items()), first))
    return tuple(found)


def format_option_lines() -> list[tuple[str, str]]:
    """`tourney new --help`'s list of each format's options: (format, "name=default (choices), ...")."""
    from tourney.engine.format_registry import all_formats

    rows = []
    for fmt in all_formats():
        said = []
        for spec in fmt.option_specs:
            default = ("(the format's)" if spec.null_default else str(spec.default).lower() if spec.type is bool
                       else str(spec.default) or "(the format's)")
            choices = f" ({'|'.join(spec.choices)})" if spec.choices and not spec.listed else ""
            said.append(f"{spec.name}={default}{choices}")
        rows.append((fmt.name, ", ".join(said) if said else "no options"))
    return rows


def use_tournament(tournament: str, *, db: str | None = None) -> Tournament:
    """Make `tournament` (a name in any case, or an id) the one every operation acts on by default."""
    from tourney.storage.events import use_tournament as choose

    with open_db(db) as database:
        return choose(database, tournament=tournament)


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """One line of `tourney list`."""

    id: int
    name: str
    game: str
    state: str  # registering / stage N / complete (`--json`: "stage N" whatever the format's word)
    players: int  # not dropped
    current: bool
    unit: str = "stage"  # the format's word for its stage ("round"), which `tourney list` says

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "state": self.state, "players": self.players,
                "current": self.current}


def list_tournaments(*, db: str | None = None) -> list[TournamentSummary]:
    """Every tournament of the database, oldest first, marking the current one."""
    from tourney.app.read_models.event_text import format_unit_of
    from tourney.storage import repo
    from tourney.storage.events import overview

    with open_db(db, read_only=True) as database:
        found = overview(database)
        with database.read() as session:
            firsts = {item.tournament.id: repo.first_event(session=session, tournament_id=item.tournament.id)
                      for item in found}
    summaries = []
    for item in found:
        row = item.tournament
        assert row.id is not None
        first = firsts[row.id]
        summaries.append(TournamentSummary(row.id, row.name, row.game, progress(item.summary.stage,
                                           complete=item.summary.complete), item.summary.players, item.current,
                                           format_unit_of(first.data if first and first.kind == "format" else None)))
    return summaries


def progress(stage: int, *, complete: bool) -> str:
    """registering / stage N / complete."""
    if complete:
        return "complete"
    return f"stage {stage}" if stage else "registering"


@dataclass(frozen=True, slots=True)
class PlanShown:
    """A stage plan and what it was made for ("for 30 players of lou", "(fixed at the first seat draw)")."""

    plan: Plan
    source: str

    def lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """What `tourney plan` prints, in `tr`'s language."""
        if tr.lang == ENGLISH.lang:
            return (f"Stage plan {self.source}:", *plan_lines(self.plan))
        return (_plan_heading(self.source, tr), *plan_lines(self.plan, tr))


def _plan_heading(source: str, tr: Translator) -> str:
    """"Stage plan for 30 players of lou:" said again in `tr`'s language (the source is English)."""
    import re

    if source == "(fixed at the first seat draw)":
        return tr.gettext("Stage plan (fixed at the first seat draw):")
    found = re.fullmatch(r"for (\d+) players of (.+)", source)
    if found:
        return tr.ngettext("Stage plan for %(num)s players of %(game)s:", "Stage plan for %(num)s players of %(game)s:",
                           int(found[1]), game=found[2])
    found = re.fullmatch(r"for the (\d+) registered players", source)
    if found:
        return tr.ngettext("Stage plan for the %(num)s registered players:",
                           "Stage plan for the %(num)s registered players:", int(found[1]))
    return f"Stage plan {source}:"


def plan_lines(plan: Plan, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """One line per stage (tables, who advances) and the planner's reason under it."""
    from tourney.app.read_models.plan_reasons import plan_reason
    from tourney.app.read_models.stage_labels import going_on_text, unit_heading

    lines = []
    count = len(plan.stages)
    for number, (stage, reason) in enumerate(zip(plan.stages, plan.reasons, strict=True), start=1):
        sizes = "+".join(str(t) for t in stage.tables)
        if tr.lang == ENGLISH.lang:
            if stage.is_final:
                what = f"final table of {stage.players}"
            else:
                what = (f"{len(stage.tables)} tables ({sizes}), {going_on_text(stage.advance, len(stage.tables))} "
                        f"-> {stage.advance * len(stage.tables)}")
            label = "final" if number == count else f"stage {number}"
            lines += [f"{label:>7}: {stage.players:>4} players, {what}", f"         {reason}"]
            continue
        if stage.is_final:
            what = tr.ngettext("%(num)s players, final table of %(size)s", "%(num)s players, final table of %(size)s",
                               stage.players, size=stage.players)
        else:
            what = tr.ngettext("%(num)s players, %(tables)s tables (%(sizes)s), %(going)s -> %(next)s",
                               "%(num)s players, %(tables)s tables (%(sizes)s), %(going)s -> %(next)s",
                               stage.players, tables=len(stage.tables), sizes=sizes,
                               going=going_on_text(stage.advance, len(stage.tables), tr),
                               next=stage.advance * len(stage.tables))
        label = tr.gettext("final") if number == count else unit_heading("stage", number, tr)
        lines += [f"{label:>7}: {what}", f"         {plan_reason(reason, tr)}"]
    return tuple(lines)


def plan(*, players: int | None = None, game: str = "polish-poker", table_size: int | None = None,
         advance: int | None = None, final_size: int | None = None, db: str | None = None,
         tournament: str | None = None) -> PlanShown:
    """The stage plan (RULES §1.12) for `players` of `game`, or else for the tournament's registered
    players (its fixed plan once seated, unless an override asks for another)."""
    from tourney.engine.planner import plan_stages
    from tourney.rules.games import find_game

    overrides = {"table_size": table_size, "advance": advance, "final_size": final_size}
    if players is not None:
        if not 2 <= players <= MAX_PLAN_PLAYERS:
            raise InvalidInputError.in_words("%(what)s must be from %(low)s to %(high)s, got %(value)s",
                                             what="--players", low=2, high=MAX_PLAN_PLAYERS, value=players)
        descriptor = find_game(game)
        return PlanShown(plan_stages(players, descriptor.table_citations, **overrides, max_table=descriptor.max_table),
                         f"for {players} players of {game}")
    state = read(db, tournament).state
    active = sum(1 for p in state.players if not p.dropped)
    if state.stage > 0 and state.plan is not None and not any(v is not None for v in overrides.values()):
        return PlanShown(state.plan, "(fixed at the first seat draw)")
    if active < 2:
        raise InvalidInputError.in_words_n("%(num)s player(s) registered: a plan needs at least 2 (or use --players N)",
                                           "%(num)s player(s) registered: a plan needs at least 2 (or use --players N)",
                                           active)
    descriptor = state.descriptor
    return PlanShown(plan_stages(active, descriptor.table_citations, **overrides, max_table=descriptor.max_table),
                     f"for the {active} registered players")


@dataclass(frozen=True, slots=True)
class FloorCounts:
    """Tables playing and finished in the current stage; players still in at them, out and dropped."""

    tables_playing_count: int
    tables_finished_count: int
    players_in: int
    players_out: int
    players_dropped: int

    def to_json(self) -> dict[str, int]:
        return {"tables_playing_count": self.tables_playing_count,
                "tables_finished_count": self.tables_finished_count, "players_in": self.players_in,
                "players_out": self.players_out, "players_dropped": self.players_dropped}


@dataclass(frozen=True, slots=True)
class StatusView:
    """Where a tournament stands, as plain values: the stage, the tables still playing, what
    blocks an advance, the floor's counts and slowest tables; `lines` is what `tourney status`
    prints, ending with `next_steps`, what the director can do next."""

    tournament: Tournament
    stage: int
    closed: bool
    complete: bool
    tables_playing: tuple[int, ...]
    blockers: tuple[str, ...]
    active: int  # players not dropped
    counts: FloorCounts
    slowest: tuple[TableView, ...]
    stages: int | None  # the stage plan's length (a format played in rounds has none)
    format: FormatConfig | None  # None: the default format, whose status is as before formats existed
    total_rounds: int | None  # a format's planned rounds, when it knows them
    next_steps: tuple[str, ...]
    lines: tuple[str, ...]

    @property
    def summarised(self) -> bool:
        """Whether so many tables play that the status shows counts instead of the list."""
        return len(self.tables_playing) > SUMMARY_ABOVE

    def to_json(self) -> dict[str, Any]:
        """The shape of `tourney status --json`."""
        row = self.tournament
        data: dict[str, Any] = {"stage": self.stage, "closed": self.closed, "complete": self.complete,
                                "tables_playing": list(self.tables_playing), "blockers": list(self.blockers)}
        data.update(tournament=row.name, id=row.id, game=row.game, players=self.active, stages=self.stages,
                    **self.counts.to_json(),
                    slowest=[{"table": t.number, "in": len(t.still_in), "stops_at": t.advance, "rounds": t.rounds}
                             for t in self.slowest])
        if self.format is not None:
            data.update(format=self.format.to_json(), rounds=self.total_rounds)
        return data


def status(*, db: str | None = None, tournament: str | None = None, tr: Translator = ENGLISH) -> StatusView:
    """The stage, the tables still playing, what blocks an advance; counts and the slowest tables."""
    with collector.paused():  # a large field's state and read model: many containers, none garbage
        return _status(db, tournament, tr)


def _status(db: str | None, tournament: str | None, tr: Translator) -> StatusView:
    from tourney.app.read_models.table_views import table_view
    from tourney.engine.format_config import FormatConfig

    snap = read(db, tournament)
    state, row = snap.state, snap.tournament
    report = state.status()
    active = sum(1 for p in state.players if not p.dropped)
    counts = _floor_counts(state)
    slowest = tuple(table_view(state, t) for t in _slowest(state))
    default = state.format == FormatConfig()
    total = None if default else state.kind.planned_rounds(state)
    steps = _next_steps(state, tuple(report.blockers), len(report.tables_playing), tr)
    # Every count out of the same whole: the registered, then the part who dropped out.
    registered = len(state.players)
    who = (tr.ngettext("%(num)s registered, %(active)s taking part, %(dropped)s dropped out",
                       "%(num)s registered, %(active)s taking part, %(dropped)s dropped out", registered,
                       active=active, dropped=registered - active)
           if active != registered else tr.ngettext("%(num)s players", "%(num)s players", registered))
    head = tr.gettext("Tournament %(name)s (id %(id)s, %(game)s, seed %(seed)s): %(players)s", name=repr(row.name),
                      id=row.id, game=row.game, seed=row.seed, players=who)
    where = _where(state, counts, slowest, tuple(report.tables_playing), tr)
    return StatusView(row, report.stage, report.closed, report.complete, tuple(report.tables_playing),
                      tuple(report.blockers), active, counts, slowest,
                      len(state.plan.stages) if state.plan else None, None if default else state.format, total,
                      steps, (head, *where, *steps))


def _where(state: TournamentState, counts: FloorCounts, slowest: tuple[TableView, ...],
           playing: tuple[int, ...], tr: Translator = ENGLISH) -> list[str]:
    """The lines of `status` between its heading and the next steps: the format, the stage being
    played, its tables (a round's matches; a plan's tables still playing, or counts on a large floor)."""
    from tourney.app.read_models.event_text import format_text
    from tourney.app.read_models.stage_labels import stage_progress
    from tourney.app.read_models.table_views import table_views

    by_plan = state.kind.takes_stage_plan
    lines = [] if by_plan else [tr.gettext("Format: %(format)s.", format=format_text(state.format, tr=tr))]
    if state.stage == 0:
        return lines
    lines.append(tr.ngettext("Now: %(stage)s, %(num)s table(s).", "Now: %(stage)s, %(num)s table(s).",
                             len(state.tables), stage=stage_progress(state, tr=tr)))
    if state.complete:
        return lines
    if not by_plan:
        return [*lines, *(f"  {line}" for line in table_views(state, tr).round_lines(tr))]
    if len(playing) > SUMMARY_ABOVE:
        return [*lines, *_summary_lines(counts, slowest, tr)]
    if playing:
        lines.append(tr.gettext("Tables still playing: %(tables)s.", tables=", ".join(str(t) for t in playing)))
    return lines


def _next_steps(state: TournamentState, blockers: tuple[str, ...], playing: int,
                tr: Translator = ENGLISH) -> tuple[str, ...]:
    """What the director can do next: seat, advance (or what blocks it), or nothing: it is over."""
    from tourney.app.read_models.stage_labels import unit_heading
    from tourney.app.read_models.table_views import blocker_lines, next_draw

    if state.stage == 0:
        return (tr.gettext("Not seated yet: `tourney seat` draws stage 1.") if state.kind.takes_stage_plan
                else tr.gettext("Not seated yet: `tourney seat` seeds the field and draws %(stage)s.",
                                stage=unit_heading(state.kind.unit, 1, tr)),)
    if state.complete:
        return (tr.gettext("Complete: %(winner)s wins.", winner=state.standings()[0].player),)
    if playing > SUMMARY_ABOVE and state.kind.takes_stage_plan:
        return (tr.gettext("`tourney tables` shows every table."),)
    if blockers:
        said = blockers if tr.lang == ENGLISH.lang else blocker_lines(state, tr)
        return (tr.gettext("Advance is blocked by:"), *(f"  - {blocker}" for blocker in said))
    return (tr.gettext("Every table has finished: `tourney advance` %(next)s.", next=next_draw(state, tr)),)


def _summary_lines(counts: FloorCounts, slowest: tuple[TableView, ...], tr: Translator = ENGLISH) -> list[str]:
    playing, finished = counts.tables_playing_count, counts.tables_finished_count
    players = (tr.gettext("Players: %(in)s still in, %(out)s out, %(dropped)s dropped.", dropped=counts.players_dropped,
                          **{"in": counts.players_in, "out": counts.players_out}) if counts.players_dropped
               else tr.gettext("Players: %(in)s still in, %(out)s out.",
                               **{"in": counts.players_in, "out": counts.players_out}))
    return [tr.gettext("Tables: %(playing)s playing, %(finished)s finished.", playing=playing, finished=finished),
            players,
            tr.gettext("Slowest tables (advance waits for all %(playing)s):", playing=playing),
            *("  - " + tr.ngettext("table %(table)s: %(players)s players in, stops at %(advance)s, "
                                   "%(num)s round(s) played",
                                   "table %(table)s: %(players)s players in, stops at %(advance)s, "
                                   "%(num)s round(s) played", table.rounds, table=table.number,
                                   players=len(table.still_in), advance=table.advance)
              for table in slowest)]


def _floor_counts(state: TournamentState) -> FloorCounts:
    playing = sum(1 for t in state.tables if not t.finished)
    players_in, players_out = state.kind.in_and_out(state)
    dropped = sum(1 for p in state.players if p.dropped)
    return FloorCounts(playing, len(state.tables) - playing, players_in, players_out, dropped)


def _slowest(state: TournamentState) -> list[TableState]:
    """The tables furthest from finishing: most players still to go out, then fewest rounds played."""
    playing = [t for t in state.tables if not t.finished]
    playing.sort(key=lambda t: (-(len(t.still_in) - t.advance), t.rounds, t.number))
    return playing[:SLOWEST_SHOWN]
