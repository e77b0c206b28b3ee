"""The HTML arena report: a table of the bots and an inline SVG chart of their ratings over the
games, so that the page shows offline in any browser (no script, no network).

It renders through the one environment of `env.py` (autoescaped, strict undefined); the view-model
is computed here from an arena report value (typed by protocol: render imports neither the arena nor
storage).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from tourney.render.env import render

WIDTH, HEIGHT, PAD = 720, 300, 40
COLOURS: Final = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


class BotRowLike(Protocol):
    """What the page reads of a bot's row (`tourney.arena.ratings.BotRow`; render does not import the arena)."""

    @property
    def label(self) -> str: ...

    @property
    def games(self) -> int: ...

    @property
    def wins(self) -> int: ...

    @property
    def ties(self) -> int: ...

    @property
    def win_rate(self) -> float: ...

    @property
    def ci_low(self) -> float: ...

    @property
    def ci_high(self) -> float: ...

    @property
    def mean_place(self) -> float: ...

    @property
    def mu(self) -> float: ...

    @property
    def sigma(self) -> float: ...

    @property
    def faults(self) -> dict[str, int]: ...

    @property
    def ordinal(self) -> float: ...

    @property
    def rating_ci95(self) -> tuple[float, float]: ...


class ArenaReport(Protocol):
    """`tourney.arena.ratings.ArenaReport`, as the page reads it."""

    header: dict[str, Any]
    games: int
    history: list[tuple[int, dict[str, float]]]
    skipped: list[str]  # lines that do not count, each "line N: why"
    reasons: dict[str, list[str]]  # label -> the first reasons of its faults

    @property
    def rows(self) -> Sequence[BotRowLike]: ...


@dataclass(frozen=True, slots=True)
class Series:
    label: str
    colour: str
    points: str  # SVG polyline points


@dataclass(frozen=True, slots=True)
class ArenaPage:
    title: str
    run: dict[str, Any]
    games: int
    rows: list[dict[str, Any]]
    series: list[Series]
    width: int
    height: int
    pad: int
    y_labels: list[tuple[float, str]]  # (y position, text)
    x_label: str
    skipped: list[str]  # the results file's lines that do not count, and why
    reasons: list[tuple[str, list[str]]]  # (bot, why its faults happened)


def arena_page(report: ArenaReport) -> ArenaPage:
    labels = [row.label for row in report.rows]
    values = [mu for _, ratings in report.history for mu in ratings.values()] or [25.0]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    last = max(report.history[-1][0], 1) if report.history else 1

    def x(games: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * games / last

    def y(mu: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * (mu - low) / (high - low)

    series = [Series(label, COLOURS[i % len(COLOURS)],
                     " ".join(f"{x(n):.1f},{y(r[label]):.1f}" for n, r in report.history if label in r))
              for i, label in enumerate(labels)]
    y_labels = [(y(low + (high - low) * k / 4), f"{low + (high - low) * k / 4:.1f}") for k in range(5)]
    rows = [{"label": row.label, "games": row.games, "wins": row.wins, "ties": row.ties,
             "win_rate": f"{100 * row.win_rate:.1f}",
             "rating_ci": f"{row.rating_ci95[0]:.2f}–{row.rating_ci95[1]:.2f}",
             "ci": f"{100 * row.ci_low:.1f}–{100 * row.ci_high:.1f}", "mean_place": f"{row.mean_place:.2f}",
             "mu": f"{row.mu:.2f}", "sigma": f"{row.sigma:.2f}", "ordinal": f"{row.ordinal:.2f}",
             "faults": ", ".join(f"{kind} {n}" for kind, n in row.faults.items()) or "–",
             "colour": COLOURS[i % len(COLOURS)]} for i, row in enumerate(report.rows)]
    title = f"Arena report: {report.header.get('game', '')}, {report.games} games"
    return ArenaPage(title, report.header, report.games, rows, series, WIDTH, HEIGHT, PAD, y_labels,
                     f"games rated (of {last})", list(report.skipped), sorted(report.reasons.items()))


def render_arena_report(report: ArenaReport) -> str:
    return render("arena_report.html", None, page=arena_page(report))
