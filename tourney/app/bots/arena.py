"""The bot arena as operations: a run of seeded games between bots, and the ratings report of a
results file (with its HTML chart)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.input.numbers import check_range, check_seed
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.arena.bot_process import Limits
    from tourney.arena.leaderboard import Leaderboard
    from tourney.arena.ratings import ArenaReport
    from tourney.arena.run import RunReport

# Told after each shard: (leaderboard so far, games done, games in all).
ArenaObserver = Callable[["Leaderboard", int, int], None]


def run_arena_games(bots: str | Sequence[str], *, game: str = "polish-poker", games: int = 100, seed: int = 1,
                    players: int | None = None, workers: int = 1, backend: str = "local",
                    ray_address: str | None = None, duplicate: bool = False, records: Path | None = None,
                    out: Path | None = None, move_timeout: float = 1.0, hello_timeout: float = 5.0,
                    max_strikes: int = 3, max_forfeits: int = 3, bot_memory: int | None = None,
                    bot_cpu: int | None = None, bot_logs: Path | None = None, options: Sequence[str] = (),
                    observer: ArenaObserver | None = None, sandbox: str = "auto") -> RunReport:
    """Play `games` seeded games between `bots` ([LABEL=]SPEC: comma-separated text, or a list of
    entries whose commands may hold commas) with seats rotated,
    on local workers or Ray; `out` appends one JSON line per game (and resumes a run)."""
    from dataclasses import replace

    from tourney.arena.backends import make_backend
    from tourney.arena.results import recorded_header, recorded_labels
    from tourney.arena.run import run_arena
    from tourney.arena.schedule import ROTATION, make_spec
    from tourney.rules.games import find_game, parse_option_assignments

    check_range(games, what="--games", low=1)
    check_seed(seed)
    limits = bot_limits(move_timeout=move_timeout, hello_timeout=hello_timeout, max_strikes=max_strikes,
                        max_forfeits=max_forfeits, bot_memory=bot_memory, bot_cpu=bot_cpu, bot_logs=bot_logs,
                        sandbox=sandbox, hide=[path for path in (out, records) if path is not None])
    descriptor = find_game(game)
    spec = make_spec(descriptor.name, bots, seed=seed, players=players, duplicate=duplicate,
                     options=parse_option_assignments(descriptor, list(options)))
    if out is not None:
        spec = spec.relabelled(recorded_labels(out, [entrant.spec for entrant in spec.entrants]))
        recorded = recorded_header(out)
        if duplicate and recorded is not None and recorded.get("duplicate") and "seating" not in recorded:
            spec = replace(spec, seating=ROTATION)  # a file from before every seating was played resumes as it was
    per_deal = spec.games_per_deal
    if duplicate and games % per_deal:
        # A deal is played once per seating: a partial last deal would hand its luck to some bots.
        low, high = games - games % per_deal, games - games % per_deal + per_deal
        if low:
            raise InvalidInputError.in_words(
                "--duplicate plays every deal %(times)s times (once per seating of its %(bots)s bots): --games must be "
                "a multiple of %(times)s, such as %(low)s or %(high)s", times=per_deal, bots=spec.players, low=low,
                high=high)
        raise InvalidInputError.in_words(
            "--duplicate plays every deal %(times)s times (once per seating of its %(bots)s bots): --games must be "
            "a multiple of %(times)s, such as %(high)s", times=per_deal, bots=spec.players, high=high)
    chosen = make_backend(backend, workers, ray_address)
    return run_arena(spec, games, chosen, limits=limits, out=out, records=records, observer=observer)


def bot_limits(*, move_timeout: float = 1.0, hello_timeout: float = 5.0, max_strikes: int = 3,
               max_forfeits: int = 3, bot_memory: int | None = None, bot_cpu: int | None = None,
               bot_logs: Path | None = None, sandbox: str = "auto", hide: Sequence[Path] = ()) -> Limits:
    """The limits of refereed bots (`arena run` and `tourney run` take the same options), checked;
    the folder of `bot_logs` made if it is missing; `sandbox` on refused where there is none. A
    sandboxed bot does not see `hide` (nor `bot_logs`) even inside its program's folder."""
    from tourney.arena.bot_process import Limits
    from tourney.arena.sandbox import check_mode, use_sandbox

    use_sandbox(check_mode(sandbox))

    check_range(max_strikes, what="--max-strikes", low=0)
    check_range(max_forfeits, what="--max-forfeits", low=0)
    if not (move_timeout > 0 and hello_timeout > 0):
        raise InvalidInputError.in_words("--move-timeout and --hello-timeout must be positive")
    if bot_memory is not None:
        check_range(bot_memory, what="--bot-memory", low=1)
    if bot_cpu is not None:
        check_range(bot_cpu, what="--bot-cpu", low=1)
    if bot_logs is not None:
        try:
            bot_logs.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise InvalidInputError(f"--bot-logs {str(bot_logs)!r}: {error.strerror or error}") from None
    return Limits(move_timeout=move_timeout, hello_timeout=hello_timeout, max_strikes=max_strikes,
                  max_forfeits=max_forfeits, bot_memory=bot_memory, bot_cpu=bot_cpu,
                  bot_logs=str(bot_logs.resolve()) if bot_logs is not None else None, sandbox=sandbox,
                  hide=tuple(str(path.resolve()) for path in (*hide, *([bot_logs] if bot_logs else []))))


def sandbox_notice(sandbox: str) -> str | None:
    """The line a front end says once when `cmd:` bots play without a sandbox under `--sandbox auto`."""
    from tourney.arena.sandbox import notice

    return notice(sandbox)


def arena_report(file: Path, *, html: Path | None = None) -> ArenaReport:
    """Per bot of a results file: games, wins, win rate with a 95 % interval, mean place, OpenSkill
    rating, faults; the HTML report with its ratings chart written to `html` if given. Only the lines
    the run's arena wrote count (`arena.audit`): the others are named in `skipped`."""
    from tourney.app.input.files import check_replaceable, tourney_html, write_text
    from tourney.arena.audit import counted_lines
    from tourney.arena.ratings import build_report
    from tourney.arena.results import audit_file

    if not file.is_file():
        raise InvalidInputError.in_words("no such file: %(file)s", file=repr(str(file)))
    found = audit_file(file)
    built = build_report(counted_lines(found))
    built.skipped, built.sums_checked = found.skipped, found.checked
    if html is not None:
        from tourney.render.arena_report import render_arena_report

        check_replaceable(html, ours=tourney_html, kind="report")
        write_text(html, render_arena_report(built))
    return built
