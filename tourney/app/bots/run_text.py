"""What `tourney run` tells the director once bots have played: the tables played per stage, the
tables left to the director and why, the bots' faults, and the standings' top once complete; and
what `tourney demo` shows of its event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.app.read_models.stage_labels import stage_name

if TYPE_CHECKING:
    from tourney.app.bots.bot_run import BotRun
    from tourney.app.bots.demo import DemoRun


def run_lines(done: BotRun, *, shown: int) -> tuple[str, ...]:
    """The report of a bot run; of the standings, the heading and the first `shown` rows."""
    from tourney.app.read_models.standings_text import standings_lines

    state = done.state
    unit = state.kind.unit
    lines = []
    for stage in sorted(set(done.tables) | set(done.seated)):
        seated = " (seated by this run)" if stage in done.seated else ""
        lines.append(f"{stage_name(state, stage)}{seated}: {done.tables.get(stage, 0)} table(s) played by bots, "
                     f"{done.entries.get(stage, 0)} entries")
    lines += [f"table {left.table} of {unit} {left.stage} is left to the director: {left.reason}"
              for left in done.left]
    for player, counts in done.faults.items():
        lines.append(f"faults of {player}: " + ", ".join(f"{kind} {n}" for kind, n in counts.items()))
        if done.reasons.get(player):
            lines.append(f"  why: {'; '.join(done.reasons[player])}")
    if state.complete:
        played = bool(done.tables)
        lines.append(f"Tournament {done.tournament.name!r} is complete" + ("." if played else "; nothing to play."))
        ranked = list(standings_lines(state.standings(), columns=state.kind.standings_columns, unit=unit))
        lines += ranked[:1 + shown]
        if len(ranked) > 1 + shown:
            lines.append(f"... {len(ranked) - 1 - shown} more: tourney standings")
    elif not done.left:
        where = f"{unit.capitalize()} {state.stage}"
        lines.append(f"{where}: every table has finished" if all(t.finished for t in state.tables)
                     else f"{where}: nothing for bots to play")
    return tuple(lines)


def demo_lines(run: DemoRun) -> tuple[str, ...]:
    """The demo event after its bots played it: the plan, the round results entered per stage, the
    final table, the standings and the champion."""
    from tourney.app.operations.tournaments import plan_lines
    from tourney.app.read_models.stage_labels import stage_heading
    from tourney.app.read_models.standings_text import place_lines
    from tourney.app.read_models.table_views import table_view

    state = run.state
    assert state.plan is not None
    champion = state.standings()[0].player
    return (*plan_lines(state.plan),
            *(f"{stage_heading(state, stage)}: {rounds} round results entered"
              for stage, rounds in sorted(run.rounds.items())),
            "", *table_view(state, state.tables[0]).lines(), "", *place_lines(state.standings()),
            f"Champion: {champion} (bot {run.bots[champion]})")
