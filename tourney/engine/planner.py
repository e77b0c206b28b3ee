"""The stage planner of multi-table tournaments (RULES §1.12, worked example PP-16).

A plan is a list of stages. Every stage but the last seats its players at balanced tables and the
top `advance` of each table move on; the last stage is one final table (`advance == 0`).

Defaults follow §1.12 exactly: 2-6 players are one final table; 7-12 play two tables, top 2;
13-24 four tables, top 1; more than 24 play ⌈N/6⌉ tables, top 2 if that leaves at most 24, else
top 1; repeat until a final table of 4. The director may override the table size, the number that
advance and the final table's size; overrides are checked against the caps (2-6 a table).

The §1.12 thresholds generalise with the final size F (4 by default): "two tables" up to 12
players, "F tables, top 1" up to 6F players, and above that "top 2 if 2T <= 6F". With F = 4 this
is the text of §1.12 word for word, so one algorithm serves the default and the overrides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tourney.errors import InvalidInputError, worded
from tourney.rules.games import TableCitations

MIN_TABLE, MAX_TABLE = 2, 6
# The largest table any game seats (RULES §4.2); each game's own limit comes from its descriptor.
LARGEST_TABLE = 8
DEFAULT_FINAL = 4
# What the reasons cite when a caller names no game's sections: those of RULES §1, where the
# planner comes from (its caps when tables seat 6; a plain limit otherwise).
FIRST_FINAL = "played until one player is left (RULES §1.11)"


def citations_for(citations: TableCitations | None, max_table: int = MAX_TABLE) -> TableCitations:
    """The RULES sections a plan's reasons cite: the game's own (its descriptor's `table_citations`)."""
    if citations is not None:
        return citations
    return TableCitations("the caps of RULES §1.3" if max_table == MAX_TABLE else TableCitations().size, FIRST_FINAL)


@dataclass(frozen=True)
class StagePlan:
    """One stage: how many play, the table sizes (largest first), how many advance per table."""

    players: int
    tables: tuple[int, ...]
    advance: int  # 0 on the final table

    @property
    def is_final(self) -> bool:
        return self.advance == 0

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "tables": list(self.tables), "advance": self.advance}


@dataclass(frozen=True)
class Plan:
    """The stages of a tournament, the last one being the final, and one sentence per stage: why
    (citing `citations`, the sections of the game's RULES behind its tables)."""

    stages: tuple[StagePlan, ...]
    reasons: tuple[str, ...]
    citations: TableCitations | None = field(default=None, compare=False, repr=False)

    @property
    def final(self) -> StagePlan:
        return self.stages[-1]

    def to_json(self) -> dict[str, Any]:
        """`{"stages": [{"players": 25, "tables": [5, 5, 5, 5, 5], "advance": 2}, ...]}`."""
        return {"stages": [stage.to_json() for stage in self.stages]}

    def to_json_with_reasons(self) -> dict[str, Any]:
        """`to_json()` plus the reasons, as stored in the first seat event."""
        return {**self.to_json(), "reasons": list(self.reasons)}

    @classmethod
    def from_json(cls, data: Any, citations: TableCitations | None = None) -> Plan:
        """Read back `to_json()` output (as stored in the first seat event), checking it is playable.

        Reasons come from a "reasons" list when present; else they are written afresh, citing
        `citations` (the game's RULES sections).
        """
        try:
            raw = data["stages"]
            stages = tuple(
                StagePlan(int(s["players"]), tuple(int(t) for t in s["tables"]), int(s["advance"])) for s in raw)
        except (KeyError, TypeError, ValueError):
            raise InvalidInputError(f"malformed stage plan: {data!r}") from None
        _check_stages(stages)
        reasons = data.get("reasons")
        if isinstance(reasons, list) and len(reasons) == len(stages) and all(isinstance(r, str) for r in reasons):
            return cls(stages, tuple(reasons), citations)
        # Keep the planner's own explanations when the plan is the default one for its size.
        default = (plan_stages(stages[0].players, citations)
                   if stages and stages[0].players >= MIN_TABLE else None)
        if default is not None and default.stages == stages:
            return default
        cited = citations_for(citations)
        return cls(stages, tuple(_generic_reason(s, cited) for s in stages), citations)

    def with_first_stage(self, tables: tuple[int, ...]) -> Plan:
        """The same plan with stage 1 seated at `tables` (late entries grow stage-1 tables)."""
        first = StagePlan(sum(tables), tables, self.stages[0].advance)
        reasons = (_generic_reason(first, citations_for(self.citations)), *self.reasons[1:])
        return Plan((first, *self.stages[1:]), reasons, self.citations)


def balanced_tables(players: int, count: int) -> tuple[int, ...]:
    """`players` over `count` tables whose sizes differ by at most 1, largest first."""
    base, extra = divmod(players, count)
    return tuple(base + 1 if i < extra else base for i in range(count))


def plan_stages(n_players: int, citations: TableCitations | None = None, /, *, table_size: int | None = None,
                advance: int | None = None, final_size: int | None = None, max_table: int = MAX_TABLE) -> Plan:
    """The plan of RULES §1.12 for `n_players`, with optional director overrides.

    `table_size` is the largest table (2-6); `advance` the number that advance from every table
    of every stage (it must be smaller than the smallest table); `final_size` the largest final
    table (2-6). `max_table` is the game's own limit (its descriptor's largest table): §1.12's
    thresholds are read with it in place of 6. `citations` are the game's RULES sections for its
    tables (its descriptor's `table_citations`), which the reasons and errors cite; without them,
    those of §1. Raises `InvalidInputError` naming the offending value.
    """
    if not MIN_TABLE <= max_table <= LARGEST_TABLE:
        raise InvalidInputError.in_words("a table seats %(low)s-%(high)s players, not up to %(most)s", low=MIN_TABLE,
                                         high=LARGEST_TABLE, most=max_table)
    cited = citations_for(citations, max_table)
    _check_overrides(n_players, table_size, advance, final_size, max_table, cited)
    # Without an override every field that fits one table is already a final table (§1.2).
    final_limit = final_size if final_size is not None else max_table
    target = final_size if final_size is not None else min(DEFAULT_FINAL, max_table)
    stages: list[StagePlan] = []
    reasons: list[str] = []
    remaining = n_players
    while remaining > final_limit:
        stage, reason = _one_stage(remaining, table_size, advance, target, max_table)
        stages.append(stage)
        reasons.append(reason)
        remaining = stage.advance * len(stage.tables)
    stages.append(StagePlan(remaining, (remaining,), 0))
    reasons.append(f"{remaining} players: one final table, {cited.final}.")
    return Plan(tuple(stages), tuple(reasons), citations)


def _one_stage(m: int, table_size: int | None, advance: int | None, target: int,
               max_table: int) -> tuple[StagePlan, str]:
    """A non-final stage for `m` players (m > the final limit) and the sentence explaining it."""
    if table_size is not None:
        count = max(2, -(-m // table_size))
        why_tables = f"tables of at most {table_size} (director's choice)"
    elif m <= 2 * max_table:
        count, why_tables = 2, f"{m} ≤ {2 * max_table}, so 2 tables"
    elif m <= target * max_table:
        count, why_tables = target, f"{m} ≤ {target * max_table}, so {target} tables (one per final seat)"
    else:
        count = -(-m // max_table)
        why_tables = f"{m} > {target * max_table}, so ⌈{m}/{max_table}⌉ = {count} tables"
    tables = balanced_tables(m, count)
    smallest = tables[-1]
    if smallest < MIN_TABLE:
        raise InvalidInputError.in_words(
            "table size %(size)s cannot seat %(players)s players without a table of %(smallest)s; choose another size",
            size=table_size, players=m, smallest=smallest)
    if tables[0] > max_table:
        raise InvalidInputError.in_words("%(players)s players need tables of at most %(most)s; got %(got)s", players=m,
                                         most=max_table, got=tables[0])
    if advance is not None:
        if advance >= smallest:
            raise InvalidInputError(
                f"advance {advance} must be smaller than the smallest table ({smallest}) of the {m}-player stage")
        k, why_k = advance, f"{_going_on(advance)} (director's choice)"
    elif count <= target:
        # Aim straight at the final table: as many per table as fill it.
        k = max(1, min(target // count, smallest - 1))
        why_k = f"{_going_on(k)} → final of {k * count}"
    else:
        # Too many tables for one step: halve or more, then aim at the final (§1.12 "repeat").
        k = min(2 if 2 * count <= target * max_table else 1, smallest - 1)
        why_k = (f"2×{count} = {2 * count} ≤ {target * max_table}, so {_going_on(2)}" if k == 2
                 else f"{_going_on(1)} → {count}")
    return StagePlan(m, tables, k), f"{m} players: {why_tables} ({_sizes(tables)}); {why_k}."


def _check_overrides(n: int, table_size: int | None, advance: int | None, final_size: int | None,
                     max_table: int, cited: TableCitations) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < MIN_TABLE:
        raise InvalidInputError.in_words("a tournament needs at least %(least)s players, not %(players)s",
                                         least=MIN_TABLE, players=n)
    why = worded(cited.size)  # said in the refusal's language: the catalog has each game's (`dynamic_messages`)
    if table_size is not None and not MIN_TABLE <= table_size <= max_table:
        raise InvalidInputError.in_words("table size must be %(low)s-%(high)s (%(why)s), not %(size)s", low=MIN_TABLE,
                                         high=max_table, why=why, size=table_size)
    if final_size is not None and not MIN_TABLE <= final_size <= max_table:
        raise InvalidInputError.in_words("final table size must be %(low)s-%(high)s (%(why)s), not %(size)s",
                                         low=MIN_TABLE, high=max_table, why=why, size=final_size)
    if advance is not None:
        if advance < 1:
            raise InvalidInputError.in_words("advance must be at least 1, not %(advance)s", advance=advance)
        top = table_size if table_size is not None else max_table
        if advance >= top:
            raise InvalidInputError.in_words("advance %(advance)s must be smaller than the table size (%(size)s)",
                                             advance=advance, size=top)


def _check_stages(stages: tuple[StagePlan, ...]) -> None:
    if not stages:
        raise InvalidInputError("a stage plan needs at least the final stage")
    for i, stage in enumerate(stages, start=1):
        last = i == len(stages)
        if not stage.tables or sum(stage.tables) != stage.players:
            raise InvalidInputError(f"stage {i}: tables {list(stage.tables)} do not seat {stage.players} players")
        if any(not MIN_TABLE <= t <= LARGEST_TABLE for t in stage.tables):
            raise InvalidInputError(
                f"stage {i}: every table seats {MIN_TABLE}-{LARGEST_TABLE}, got {list(stage.tables)}")
        if last:
            if len(stage.tables) != 1 or stage.advance != 0:
                raise InvalidInputError(f"stage {i}: the final is one table with advance 0")
        else:
            if not 1 <= stage.advance < min(stage.tables):
                raise InvalidInputError(f"stage {i}: advance {stage.advance} must be 1..{min(stage.tables) - 1}")
            if stages[i].players != stage.advance * len(stage.tables):
                raise InvalidInputError(
                    f"stage {i + 1}: {stages[i].players} players, but stage {i} sends "
                    f"{stage.advance * len(stage.tables)}")


def _generic_reason(stage: StagePlan, cited: TableCitations) -> str:
    if stage.is_final:
        return f"{stage.players} players: one final table, {cited.final}."
    return f"{stage.players} players: tables of {_sizes(stage.tables)}; {_going_on(stage.advance)}."


def _going_on(advance: int) -> str:
    """Who goes on from each table, the verb agreeing with the count."""
    return "the top player of each table goes on" if advance == 1 else f"the top {advance} of each table go on"


def _sizes(tables: tuple[int, ...]) -> str:
    """"4, 3, 3, 3" for a few tables; "165 of 6, 2 of 5" when listing them would be a wall of digits."""
    if len(tables) <= 6:
        return ", ".join(str(t) for t in tables)
    return ", ".join(f"{tables.count(size)} of {size}" for size in sorted(set(tables), reverse=True))
