"""Tournament-wide commands: `tourney new`, `use`, `list`, `plan`, `seat`, `advance`, `status`."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db, stage_seed
from tourney.cli._numbers import number_parser, parse_seed
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.planner import Plan
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

# Far above any real event (3,000 players plan in milliseconds) and far below what exhausts memory:
# a plan for 10^9 players took 13 GB.
MAX_PLAN_PLAYERS = 100_000
# Table sizes and advance counts are checked against the game by the planner; this bound only keeps
# an absurd number from reaching it.
_size = number_parser(what="a table size or advance count", high=1_000)
GAME_HELP = "The game: a name or alias from `tourney games` (polish-poker, chlust, khlyust, lou)."
TableSizeOption = Annotated[int | None, typer.Option(
    "--table-size", show_default=False, parser=_size,
    help="Largest table of the stages before the final (2 to the game's largest table: 6 for Polish Poker).")]
AdvanceOption = Annotated[int | None, typer.Option(
    "--advance", show_default=False, parser=_size, help="How many advance from every table (smaller than a table).")]
FinalSizeOption = Annotated[int | None, typer.Option(
    "--final-size", show_default=False, parser=_size,
    help="Size of the final table (2 to the game's largest table; default 4).")]


def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help="A name for the tournament, e.g. 'Friday 14 March'.")],
    game: Annotated[str, typer.Option("--game", "-g", help=GAME_HELP)],
    seed: Annotated[int | None, typer.Option(
        parser=parse_seed, metavar="SEED",
        help="Seed of every random draw of this tournament (default: chosen now and printed).")] = None,
    format_: Annotated[str, typer.Option(
        "--format", metavar="FORMAT",
        help="stages (RULES §1.12, the default), knockout, double-elimination, round-robin or swiss.")] = "stages",
    best_of: Annotated[int, typer.Option(
        "--best-of", metavar="N", parser=number_parser(what="--best-of", low=1, high=99),
        help="A duel is won by the first to win a majority of N games (N odd; default 1).")] = 1,
    third_place: Annotated[bool, typer.Option(
        "--third-place", help="Knockout: the semi-final losers play for third place.")] = False,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", metavar="R", show_default=False, parser=number_parser(what="--rounds", low=1, high=1_000),
        help="Swiss: the number of rounds (default ⌈log2 N⌉); round robin of tables: default every pair once.")]
        = None,
    table_size: Annotated[int, typer.Option(
        "--table-size", metavar="K", parser=number_parser(what="--table-size", low=2, high=1_000),
        help="Round robin and Swiss: players per table (2 = duels; up to the game's largest table).")] = 2,
    seeding: Annotated[str, typer.Option(
        "--seeding", metavar="lot|rating|list",
        help="Bracket formats: seed order by lot (the default), by rating (`seat --ratings FILE`) or "
             "registration order.")] = "lot",
    db: DbOption = None,
) -> None:
    """Create a tournament. It becomes the current one unless another tournament of the database is
    running (seated and not complete): then `tourney use NAME` switches to it."""
    from tourney.engine.formats.config import FORMATS, FormatConfig, check_format
    from tourney.engine.formats.seeding import METHODS
    from tourney.rules.games import find_game
    from tourney.storage.events import create_and_choose

    descriptor = find_game(game)
    game = descriptor.name
    if format_ not in FORMATS:
        raise InvalidInputError(f"--format {format_!r}: expected one of {', '.join(FORMATS)}")
    if seeding not in METHODS:
        raise InvalidInputError(f"--seeding {seeding!r}: expected one of {', '.join(METHODS)}")
    config = FormatConfig(format_, best_of, third_place, rounds, table_size, seeding)
    check_format(descriptor, config)
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    with open_db(db, create=True) as database:
        made = create_and_choose(database, name=name, game=game, seed=chosen,
                                 format=None if config.is_stages else config.to_json())
        row = made.tournament
        shown = "" if config.is_stages else f", {_format_text(config)}"
        typer.echo(f"Created tournament {row.name!r} (id {row.id}, {row.game}{shown}, seed {row.seed}) "
                   f"in {database.shown}.")
    if made.current.id != row.id:
        running = ", ".join(repr(r.name) for r in made.running)
        typer.echo(f"Commands still act on {made.current.name!r} (id {made.current.id}): {running} is running. "
                   f"Switch with `tourney use {row.id}`, or give --tournament {row.id} to one command.")
        return
    typer.echo("Next: `tourney player import FILE.csv` or `tourney player add NAME...`, then `tourney seat`.")


def _format_text(config: Any) -> str:
    """'knockout, best of 3, third-place match' and the like."""
    parts = [config.name]
    if config.best_of != 1:
        parts.append(f"best of {config.best_of}")
    if config.third_place:
        parts.append("third-place match")
    if config.table_size != 2:
        parts.append(f"tables of {config.table_size}")
    if config.rounds is not None:
        parts.append(f"{config.rounds} rounds")
    if config.seeding != "lot":
        parts.append(f"seeded by {config.seeding}")
    return ", ".join(parts)


def use(
    tournament: Annotated[str, typer.Argument(
        metavar="NAME|ID", help="The tournament the database's commands act on from now (name in any case, or id).")],
    db: DbOption = None,
) -> None:
    """Choose the current tournament: the one every command acts on without --tournament."""
    from tourney.storage.events import use_tournament

    with open_db(db) as database:
        row = use_tournament(database, tournament=tournament)
    typer.echo(f"Now using tournament {row.name!r} (id {row.id}, {row.game}).")


def list_(as_json: JsonOption = False, db: DbOption = None) -> None:
    """Every tournament of the database: id, name, game, state, players, and which one is current."""
    from tourney.storage.events import overview

    with open_db(db, read_only=True) as database:
        found = overview(database)
    rows = [{"id": item.tournament.id, "name": item.tournament.name, "game": item.tournament.game,
             "state": _progress(item.state), "players": sum(1 for p in item.state.players if not p.dropped),
             "current": item.current} for item in found]
    if as_json:
        print_json(rows)
        return
    if not rows:
        typer.echo("No tournament yet: `tourney new NAME --game ...` creates one.")
        return
    width = max(len(str(r["name"])) for r in rows)
    for r in rows:
        mark = "*" if r["current"] else " "
        typer.echo(f"{mark} {r['id']:>4}  {r['name']:<{width}}  {r['game']:<13} {r['state']:<12} "
                   f"{r['players']} players")
    typer.echo("* current: `tourney use NAME|ID` chooses another.")


def _progress(state: TournamentState) -> str:
    """registering / stage N / complete."""
    if state.complete:
        return "complete"
    return f"stage {state.stage}" if state.stage else "registering"


def plan(
    players: Annotated[int | None, typer.Option(
        "--players", "-n", show_default=False, metavar="N",
        parser=number_parser(what="--players", low=2, high=MAX_PLAN_PLAYERS),
        help=f"Plan for this many players, 2 to {MAX_PLAN_PLAYERS:,} "
             "(default: the current tournament's registered players).")] = None,
    game: Annotated[str, typer.Option(
        help="With --players: the game, whose tables may seat fewer (chlust and khlyust: at most 4).")]
        = "polish-poker",
    table_size: TableSizeOption = None,
    advance: AdvanceOption = None,
    final_size: FinalSizeOption = None,
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Print the stage plan (RULES §1.12): table sizes per stage, how many advance, the final, and why."""
    from tourney.cli._tourney_text import plan_lines
    from tourney.engine.planner import plan_stages
    from tourney.rules.games import find_game

    overrides = {"table_size": table_size, "advance": advance, "final_size": final_size}
    chosen: Plan | None
    if players is not None:
        chosen = plan_stages(players, find_game(game).table_citations, **overrides, max_table=find_game(game).max_table)
        source = f"for {players} players of {game}"
    else:
        from tourney.storage.events import snapshot

        with open_db(db, read_only=True) as database:
            state = snapshot(database, tournament=tournament).state
        active = sum(1 for p in state.players if not p.dropped)
        if state.stage > 0 and not any(v is not None for v in overrides.values()):
            chosen, source = state.plan, "(fixed at the first seat draw)"
        elif active < 2:
            raise InvalidInputError(f"{active} player(s) registered: a plan needs at least 2 (or use --players N)")
        else:
            chosen = plan_stages(active, state.rules.table_citations, **overrides, max_table=state.rules.max_table)
            source = f"for the {active} registered players"
    assert chosen is not None
    if as_json:
        print_json(chosen.to_json())
        return
    typer.echo(f"Stage plan {source}:")
    for line in plan_lines(chosen):
        typer.echo(line)


def seat(
    seed: Annotated[int | None, typer.Option(
        parser=parse_seed, metavar="SEED",
        help="Seed of the draw (default: derived from the tournament's seed and the stage; printed).")] = None,
    table_size: TableSizeOption = None,
    advance: AdvanceOption = None,
    final_size: FinalSizeOption = None,
    ratings: Annotated[str | None, typer.Option(
        "--ratings", metavar="FILE", show_default=False,
        help="A tournament seeded by rating: a CSV with name and rating columns (the players CSV with a "
             "rating column will do), or an arena results file (`tourney arena run --out`), whose OpenSkill "
             "ratings seed the players named like a bot, or played by that bot spec.")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Draw the seats of the next stage by lot (club-mates spread over tables) and each table's first starter.

    The first draw fixes the stage plan; --table-size, --advance and --final-size choose another
    plan than the default (see `tourney plan`). A bracket format (`tourney new --format`) seeds
    its field and draws or pairs round 1 instead.
    """
    from tourney.cli._tourney_text import table_lines
    from tourney.engine.planner import plan_stages
    from tourney.engine.tournament import draw_seats
    from tourney.storage.events import record

    overrides = {"table_size": table_size, "advance": advance, "final_size": final_size}
    read = _read_ratings(ratings) if ratings is not None else None

    def make(state: TournamentState, row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        chosen = None
        if not state.format.is_stages:
            if any(v is not None for v in overrides.values()):
                raise InvalidInputError(f"a {state.format.name} is seated round by round: --table-size, --advance "
                                        "and --final-size are for stages (a round robin's or Swiss' table size is "
                                        "given to `tourney new`)")
            draw_seed = seed if seed is not None else stage_seed(row.seed, state.stage + 1)
            yield "seat", draw_seats(state, draw_seed, ratings=_match_ratings(state, read))
            return
        if read is not None:
            raise InvalidInputError("--ratings is for a bracket format seeded by rating "
                                    "(`tourney new --seeding rating`)")
        if any(v is not None for v in overrides.values()):
            if state.stage > 0:
                raise InvalidInputError("the stage plan is fixed at the first seat draw; "
                                        "--table-size/--advance/--final-size apply only to it")
            chosen = plan_stages(sum(1 for p in state.players if not p.dropped), state.rules.table_citations,
                                 **overrides, max_table=state.rules.max_table)
        draw_seed = seed if seed is not None else stage_seed(row.seed, state.stage + 1)
        yield "seat", draw_seats(state, draw_seed, chosen)

    with open_db(db) as database:
        done = record(database, tournament=tournament, make=make)
    state = done.state
    if not state.format.is_stages:
        _print_round(state)
        return
    typer.echo(f"Stage {state.stage} seated (seed {state.seeds[state.stage]}): {len(state.tables)} table(s).")
    for table in state.tables:
        for line in table_lines(table):
            typer.echo(line)


def _read_ratings(path: str) -> dict[str, float]:
    """name -> rating from a CSV with `name` and `rating` columns (header names in any case), or
    label -> OpenSkill ordinal (mu - 3 sigma) from an arena results file (JSON lines)."""
    import csv
    import math

    if _is_json_lines(path):
        return _arena_ratings(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc})") from None
    found: dict[str, float] = {}
    for number, raw in enumerate(rows, start=2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items()}
        if "name" not in row or "rating" not in row:
            raise InvalidInputError(f"--ratings {path}: the header needs name and rating columns")
        try:
            value = float(row["rating"])
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise InvalidInputError(f"--ratings {path} line {number}: rating {row['rating']!r} is not a number")
        found[row["name"]] = value
    return found


def _is_json_lines(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(64).lstrip().startswith(b"{")
    except OSError:
        return False  # the CSV reader names the problem


def _arena_ratings(path: str) -> dict[str, float]:
    from pathlib import Path

    from tourney.arena.ratings import build_report
    from tourney.arena.results import read_lines

    try:
        report = build_report(read_lines(Path(path)))
    except OSError as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc.strerror})") from None
    return {row.label: row.ordinal for row in report.rows}


def _match_ratings(state: TournamentState, ratings: dict[str, float] | None) -> dict[str, float] | None:
    """The ratings keyed by registered names (a name as the director typed it is resolved); a bot
    player without a rating of its own name takes the rating of its bot spec (an arena label)."""
    if ratings is None:
        return None
    out: dict[str, float] = {}
    for name, value in ratings.items():
        found = state.find_player(name)
        if found is not None:
            out[found] = value
    for player in state.players:
        if player.name not in out and player.bot is not None and player.bot in ratings:
            out[player.name] = ratings[player.bot]
    return out


def _print_round(state: TournamentState) -> None:
    from tourney.cli._format_text import round_label, round_lines

    label = round_label(state)
    typer.echo(f"{label[0].upper()}{label[1:]} seated (seed {state.seeds[state.stage]}): "
               f"{len(state.tables)} table(s).")
    if state.stage == 1:
        typer.echo(f"Seeds ({state.format.seeding}): "
                   + ", ".join(f"{i}. {p}" for i, p in enumerate(state.entrants, start=1)))
    for line in round_lines(state):
        typer.echo(line)


def advance(db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Close the stage when every table has finished (else list what is missing) and seat the next one."""
    from tourney.cli._tourney_text import table_lines
    from tourney.engine.tournament import advancing_players, draw_seats
    from tourney.storage.events import record

    moving: list[str] = []

    def make(state: TournamentState, row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        blockers = state.can_advance()
        if blockers:
            raise InvalidInputError(f"cannot advance stage {state.stage}: {'; '.join(blockers)}")
        moving.extend(advancing_players(state))
        yield "advance", {"stage": state.stage}
        # Applied by now: the next stage's draw is made from the closed stage.
        yield "seat", draw_seats(state, stage_seed(row.seed, state.stage + 1))

    with open_db(db) as database:
        done = record(database, tournament=tournament, make=make)
    state = done.state
    if not state.format.is_stages:
        typer.echo(f"Round {state.stage - 1} closed; {len(moving)} still in.")
        _print_round(state)
        return
    typer.echo(f"Stage {state.stage - 1} closed; {len(moving)} advance: {', '.join(moving)}.")
    label = "The final" if state.is_final_stage else f"Stage {state.stage}"
    rules = state.rules  # the game's descriptor: a table that reports rounds deals the first hand afresh
    fresh = (f"every player starts with {rules.live_start_cards} card{'s' if rules.live_start_cards != 1 else ''}"
             if rules.live_result == "rounds" else "every table starts afresh")
    typer.echo(f"{label} is seated (seed {state.seeds[state.stage]}); {fresh}.")
    for table in state.tables:
        for line in table_lines(table):
            typer.echo(line)


# Above this many tables still playing, `status` summarises (counts and the slowest tables) instead
# of listing every one: a floor of 84 playing tables reads better as numbers.
SUMMARY_ABOVE = 8
SLOWEST_SHOWN = 5


def status(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Where the tournament stands: the stage, tables still playing, what blocks `advance`.
    On a large stage: counts of tables and players and the few slowest tables."""
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        snap = snapshot(database, tournament=tournament)
    state, row = snap.state, snap.tournament
    report = state.status()
    active = [p for p in state.players if not p.dropped]
    counts = _floor_counts(state)
    slowest = _slowest(state)
    if as_json:
        data = report.to_json()
        data.update(tournament=row.name, id=row.id, game=row.game, players=len(active),
                    stages=len(state.plan.stages) if state.plan else None, **counts,
                    slowest=[{"table": t.number, "in": len(t.still_in), "stops_at": t.advance, "rounds": t.rounds}
                             for t in slowest])
        if not state.format.is_stages:
            view = state.format_view()
            data.update(format=state.format.to_json(), rounds=getattr(view, "total_rounds", None) or None)
        print_json(data)
        return
    typer.echo(f"Tournament {row.name!r} (id {row.id}, {row.game}, seed {row.seed}): {len(active)} players"
               + (f", {len(state.players) - len(active)} dropped" if len(active) != len(state.players) else ""))
    if not state.format.is_stages:
        _format_status(state, report)
        return
    if state.stage == 0:
        typer.echo("Not seated yet: `tourney seat` draws stage 1.")
        return
    stages = len(state.plan.stages) if state.plan else state.stage
    label = "the final" if state.is_final_stage else f"stage {state.stage} of {stages}"
    typer.echo(f"Now: {label}, {len(state.tables)} table(s).")
    if state.complete:
        typer.echo(f"Complete: {state.standings()[0].player} wins.")
        return
    if len(report.tables_playing) > SUMMARY_ABOVE:
        _print_summary(counts, slowest)
        return
    if report.tables_playing:
        typer.echo(f"Tables still playing: {', '.join(str(t) for t in report.tables_playing)}.")
    if report.blockers:
        typer.echo("Advance is blocked by:")
        for blocker in report.blockers:
            typer.echo(f"  - {blocker}")
    else:
        typer.echo("Every table has finished: `tourney advance` seats the next stage.")


def _format_status(state: TournamentState, report: Any) -> None:
    from tourney.cli._format_text import round_label, round_lines

    typer.echo(f"Format: {_format_text(state.format)}.")
    if state.stage == 0:
        typer.echo("Not seated yet: `tourney seat` seeds the field and draws round 1.")
        return
    typer.echo(f"Now: {round_label(state)}, {len(state.tables)} table(s).")
    if state.complete:
        typer.echo(f"Complete: {state.standings()[0].player} wins.")
        return
    for line in round_lines(state):
        typer.echo(f"  {line}")
    if report.blockers:
        typer.echo("Advance is blocked by:")
        for blocker in report.blockers:
            typer.echo(f"  - {blocker}")
    else:
        typer.echo("Every table has finished: `tourney advance` pairs the next round.")


def _floor_counts(state: TournamentState) -> dict[str, int]:
    """Tables playing and finished in the current stage; players still in at them, and out."""
    playing = sum(1 for t in state.tables if not t.finished)
    still_in = sum(len(t.still_in) for t in state.tables)
    dropped = sum(1 for p in state.players if p.dropped)
    return {"tables_playing_count": playing, "tables_finished_count": len(state.tables) - playing,
            "players_in": still_in if state.stage else len(state.players) - dropped,
            "players_out": len(state.players) - dropped - still_in if state.stage else 0,
            "players_dropped": dropped}


def _slowest(state: TournamentState) -> list[Any]:
    """The tables furthest from finishing: most players still to go out, then fewest rounds played."""
    playing = [t for t in state.tables if not t.finished]
    playing.sort(key=lambda t: (-(len(t.still_in) - t.advance), t.rounds, t.number))
    return playing[:SLOWEST_SHOWN]


def _print_summary(counts: dict[str, int], slowest: list[Any]) -> None:
    playing, finished = counts["tables_playing_count"], counts["tables_finished_count"]
    typer.echo(f"Tables: {playing} playing, {finished} finished.")
    typer.echo(f"Players: {counts['players_in']} still in, {counts['players_out']} out"
               + (f", {counts['players_dropped']} dropped." if counts["players_dropped"] else "."))
    typer.echo(f"Slowest tables (advance waits for all {playing}):")
    for table in slowest:
        typer.echo(f"  - table {table.number}: {len(table.still_in)} players in, stops at {table.advance}, "
                   f"{table.rounds} round(s) played")
    typer.echo("`tourney tables` shows every table.")
