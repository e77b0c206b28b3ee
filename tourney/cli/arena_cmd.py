"""`tourney arena run ...`: many seeded games between bots; `tourney arena report FILE`: ratings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._bot_limits import (
    BotCpuOption,
    BotLogsOption,
    BotMemoryOption,
    HelloTimeoutOption,
    MaxForfeitsOption,
    MaxStrikesOption,
    MoveTimeoutOption,
    SandboxOption,
)
from tourney.cli._common import TourneyGroup, print_json, stdout_is_terminal
from tourney.cli._live import eventless_translator
from tourney.errors import worded_p

if TYPE_CHECKING:
    from tourney.i18n import Translator

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True,
                  help="The bot arena: seeded games between bots (any language), ratings and reports.")

SKIPPED_SHOWN = 10  # skipped lines named in a report (the rest: --json)
BOTS_HELP = ("Comma-separated entrants, each [LABEL=]SPEC: a bot kind of the game (`tourney games` lists each game's "
             "bots, e.g. random or prob:T), cmd:COMMAND (a program speaking the JSON-lines protocol, see the README) "
             "or package.module:Class (a Python bot).")


@app.command("run", short_help="Play seeded games between bots, seats rotated.")
def run(
    bots: Annotated[str | None, typer.Option(help=BOTS_HELP)] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", metavar="[LABEL=]SPEC",
        help="One more entrant, as in --bots but alone, so that its command line may hold a comma (repeatable).")]
        = None,
    game: Annotated[str, typer.Option(help="The game (name or alias; see `tourney games`).")] = "polish-poker",
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run: same seed, same games.")] = 1,
    players: Annotated[int | None, typer.Option(
        help="Players per game (default: one seat per bot; fewer seats than bots makes them take turns).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (or Ray tasks at once).")] = 1,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray (pip install 'tourney[ray]').")]
        = "local",
    ray_address: Annotated[str | None, typer.Option(help="Address of a Ray cluster (default: start one here).")]
        = None,
    duplicate: Annotated[bool, typer.Option(
        "--duplicate", help="Replay every deal with the bots rotated through the seats (cancels card luck).")]
        = False,
    records: Annotated[Path | None, typer.Option(help="Write every game's record into this folder.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Append one JSON line per game; running the same command again resumes the run.")] = None,
    move_timeout: MoveTimeoutOption = 1.0,
    hello_timeout: HelloTimeoutOption = 5.0,
    max_strikes: MaxStrikesOption = 3,
    max_forfeits: MaxForfeitsOption = 3,
    bot_memory: BotMemoryOption = None,
    bot_cpu: BotCpuOption = None,
    bot_logs: BotLogsOption = None,
    sandbox: SandboxOption = "auto",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A rule option of the game (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the leaderboard as JSON.")] = False,
) -> None:
    """Play seeded games between bots with seats rotated, on local workers or Ray; print a leaderboard."""
    from functools import partial

    from tourney.app.bots.arena import run_arena_games, sandbox_notice
    from tourney.arena.lineup import split_entries
    from tourney.errors import InvalidInputError

    if bots is None and not bot:
        raise InvalidInputError("give the entrants: --bots A,B,... and/or --bot [LABEL=]SPEC (repeatable)")
    entries = [*(split_entries(bots) if bots is not None else []), *(bot or [])]
    play = partial(run_arena_games, entries, game=game, games=games, seed=seed, players=players, workers=workers,
                   backend=backend, ray_address=ray_address, duplicate=duplicate, records=records, out=out,
                   move_timeout=move_timeout, hello_timeout=hello_timeout, max_strikes=max_strikes,
                   max_forfeits=max_forfeits, bot_memory=bot_memory, bot_cpu=bot_cpu, bot_logs=bot_logs,
                   options=option or [], sandbox=sandbox)
    if any(spec.partition("=")[2].strip().startswith("cmd:") or spec.startswith("cmd:") for spec in entries):
        notice = sandbox_notice(sandbox)
        if notice is not None:
            typer.echo(notice, err=True)
    if stdout_is_terminal() and not as_json:
        from tourney.arena.progress import LiveProgress

        with LiveProgress(games) as live:
            report = play(observer=live.update)
    else:
        report = play()
    if as_json:
        print_json({"games": len(report.games), "played": report.played, "bots": [
            {"bot": label, "games": t.games, "wins": t.wins, "ties": t.ties, "mean_place": t.mean_place,
             "faults": t.faults}
            for label, t in report.leaderboard.ranked()]})
        return
    resumed = len(report.games) - report.played
    tr = eventless_translator()
    if resumed:
        typer.echo(tr.ngettext("%(num)s games (%(resumed)s already in %(out)s)",
                               "%(num)s games (%(resumed)s already in %(out)s)", len(report.games), resumed=resumed,
                               out=out))
    else:
        typer.echo(tr.ngettext("%(num)s games", "%(num)s games", len(report.games)))
    for line in report.leaderboard.lines(None if tr.lang == "en" else _column_heading(tr)):
        typer.echo(line)
    if out is not None:
        typer.echo(tr.gettext("results: %(out)s  (tourney arena report %(out)s)", out=out))


@app.command("report", short_help="Per bot: games, wins, ratings with intervals.")
def report(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A results file of `tourney arena run --out`.")],
    html: Annotated[Path | None, typer.Option(help="Also write an HTML report with a ratings chart here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Per bot: games, wins, ties (shared first places), win rate and OpenSkill rating each with a 95 %
    interval, mean place, faults."""
    from tourney.app.bots.arena import arena_report
    from tourney.arena.ratings import Z95

    built = arena_report(file, html=html)
    if as_json:
        print_json(built.to_json())
        return
    tr = eventless_translator()
    said = _column_heading(tr)
    width = max([len(row.label) for row in built.rows] + [len(said("bot"))])
    typer.echo(tr.gettext("%(games)s games of %(game)s, seed %(seed)s", games=built.games,
                          game=built.header.get("game"), seed=built.header.get("seed")))
    # Both intervals at 95 %: the win rate's (Wilson) and the rating's (mu ± 1.96 sigma).
    typer.echo(f"{said('bot'):<{width}}  {said('games'):>6}  {said('wins'):>6}  {said('ties'):>6}  "
               f"{said('win %'):>6}  {said('95% CI'):>13}  {said('mean place'):>10}  {said('rating (95%)'):>15}  "
               f"{said('faults')}")
    for row in built.rows:
        faults = ", ".join(f"{kind} {n}" for kind, n in row.faults.items()) or "-"
        typer.echo(f"{row.label:<{width}}  {row.games:>6}  {row.wins:>6}  {row.ties:>6}  {100 * row.win_rate:>5.1f}%  "
                   f"{100 * row.ci_low:>5.1f}-{100 * row.ci_high:<5.1f}%  {row.mean_place:>10.2f}  "
                   f"{row.mu:>6.2f} ± {Z95 * row.sigma:<6.2f}  {faults}")
    for label, reasons in built.reasons.items():
        typer.echo(tr.gettext("why %(bot)s faulted: %(reasons)s", bot=label, reasons="; ".join(reasons)))
    if built.header.get("seating"):
        typer.echo(tr.gettext("duplicate: %(seating)s seating of each deal", seating=built.header["seating"]))
    if built.skipped:
        typer.echo(tr.ngettext("skipped %(num)s lines that do not count:", "skipped %(num)s lines that do not count:",
                               len(built.skipped)))
        for line in built.skipped[:SKIPPED_SHOWN]:
            typer.echo(f"  {line}")
        if len(built.skipped) > SKIPPED_SHOWN:
            more = len(built.skipped) - SKIPPED_SHOWN
            typer.echo(tr.ngettext("  ... and %(num)s more (--json lists them all)",
                                   "  ... and %(num)s more (--json lists them all)", more))
    if "seal" in built.header and not built.sums_checked:
        typer.echo(tr.gettext("note: the lines' checksums cannot be checked here (the key is with the user who ran "
                              "the arena)"))
    if html is not None:
        typer.echo(tr.gettext("html: %(file)s", file=html))


# The leaderboards' column headings, for the catalogs: a translation keeps within the English
# heading's width where the column is that narrow (its numbers are aligned to it).
_COLUMNS = {said.message: said for said in (
    worded_p("the arena's column", "bot"), worded_p("the arena's column", "games"),
    worded_p("the arena's column", "wins"), worded_p("the arena's column", "ties"),
    worded_p("the arena's column", "win %"), worded_p("the arena's column", "95% CI"),
    worded_p("the arena's column", "mean place"), worded_p("the arena's column", "rating (95%)"),
    worded_p("the arena's column", "faults"))}


def _column_heading(tr: Translator) -> Callable[[str], str]:
    return lambda heading: tr.words(_COLUMNS[heading])
