"""The points ranking: by score and tie-breaks, for the Swiss and the round robin.

    standings(players, history, bye_points=1, tiebreaks=()) -> [PointsRow(rank, player, score, ...)]

Tie-breaks, in this order (`standings`): score; Buchholz (the sum of the final scores of every
opponent met, one term per table shared; a bye adds nothing); Sonneborn-Berger (for each opponent
met, their final score times the duel result against them: 1, ½ or 0); head-to-head (among players
still level on all three, the duel points scored against each other); then seeding order. Players
level through head-to-head share the rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from tourney.engine.rounds import PlayedRound, Units


@dataclass(frozen=True)
class PointsRow:
    rank: int
    player: str
    score: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    head_to_head: Fraction
    chosen: tuple[tuple[str, Fraction], ...] = ()  # the tie-breaks ranked by, in order, with their values


DEFAULT_TIEBREAKS: Final = ("buchholz", "sonneborn-berger", "direct-encounter")


def standings(players: Sequence[str], history: Sequence[PlayedRound], bye_points: Fraction | int = 1,
              tiebreaks: Sequence[str] = ()) -> list[PointsRow]:
    """The ranking with its tie-breaks (see the module docstring): score, then `tiebreaks` in order
    (empty: DEFAULT_TIEBREAKS), then seed; the rows carry the chosen values in `chosen`."""
    units = Units(history, bye_points)
    score = units.scores(players, history)
    chosen = tuple(t for t in tiebreaks if t != "fide-2023") or DEFAULT_TIEBREAKS
    values = _tiebreak_values(players, history, score, units, fide_2023="fide-2023" in tiebreaks)
    seed = {p: i for i, p in enumerate(players)}
    keys: dict[str, tuple[int, ...]] = {p: (-score[p],) for p in players}
    picked: dict[str, list[tuple[str, Fraction]]] = {p: [] for p in players}
    for name in chosen:
        value, denominator = (_direct_encounter(players, history, keys), 2) if name == "direct-encounter" \
            else values[name]
        for p in players:
            keys[p] = (*keys[p], -value[p])
            picked[p].append((name, units.fraction(value[p], denominator)))
    # The sheets' columns: Buchholz, Sonneborn-Berger, and head-to-head among those level on the three.
    buchholz, sonneborn_berger = values["buchholz"][0], values["sonneborn-berger"][0]
    level = {p: (-score[p], -buchholz[p], -sonneborn_berger[p]) for p in players}
    h2h = _direct_encounter(players, history, level)
    order = sorted(players, key=lambda p: (keys[p], seed[p]))
    rows: list[PointsRow] = []
    for i, p in enumerate(order):
        rank = rows[-1].rank if rows and keys[p] == keys[rows[-1].player] else i + 1
        point, half = units.per_point, 2
        rows.append(PointsRow(rank, p, units.fraction(score[p], point), units.fraction(buchholz[p], point),
                              units.fraction(sonneborn_berger[p], 2 * point), units.fraction(h2h[p], half),
                              tuple(picked[p])))
    return rows


def _tiebreak_values(players: Sequence[str], history: Sequence[PlayedRound], score: Mapping[str, int],
                     units: Units, fide_2023: bool) -> dict[str, tuple[dict[str, int], int]]:
    """Buchholz (all of it, cut-1, median) and Sonneborn-Berger of every player, each with how many
    of its units make a point (`Units`).

    A player's Buchholz is a term per round: the (final) scores of the opponents met that round; a
    round not played (a bye, a forfeit won or lost, or after withdrawing) is 0, and a forfeit adds
    nothing to Sonneborn-Berger. Cut-1 leaves out the lowest term, median
    the highest and the lowest. With `fide_2023` (FIDE tie-break regulations 2023, art. 16), a
    round the player did not play counts as met by a virtual opponent of the player's own final
    score, and an opponent's rounds not played count as draws (½) in the score read for them (their
    byes', requested byes' and forfeit wins' points left out)."""
    rounds = len(history)
    seated: dict[str, list[int | None]] = {p: [None] * rounds for p in players}
    sb = dict.fromkeys(players, 0)
    opponents_per_table = 1
    won_unplayed = dict.fromkeys(players, 0)  # points of forfeit wins
    for number, played in enumerate(history):
        for table in played.tables:
            opponents_per_table = max(opponents_per_table, len(table.players) - 1)
            if not table.played:
                per_duel = units.per_point // (2 * (len(table.players) - 1))
                for a, _b, halves in table.duel_halves:
                    won_unplayed[a] += halves * per_duel
                continue
            for p in table.players:
                seated[p][number] = 0
            for a, b, halves in table.duel_halves:
                sb[a] += halves * score[b]
    read = dict(score)
    if fide_2023:
        excused = dict.fromkeys(players, 0)
        for played in history:
            for q, points in played.excused:
                excused[q] += units.of(points)
        for p in players:
            unplayed = sum(1 for term in seated[p] if term is None)
            byes = sum(1 for played in history if p in played.byes)
            read[p] = (score[p] - byes * units.bye - excused[p] - won_unplayed[p]
                       + unplayed * units.per_point // 2)
    for number, played in enumerate(history):
        for table in played.tables:
            if not table.played:
                continue
            for a, b, _ in table.duel_halves:
                term = seated[a][number]
                assert term is not None
                seated[a][number] = term + read[b]
    terms: dict[str, list[int]] = {}
    for p in players:
        virtual = score[p] * opponents_per_table if fide_2023 else 0
        terms[p] = sorted(virtual if term is None else term for term in seated[p])
    return {
        "buchholz": ({p: sum(terms[p]) for p in players}, units.per_point),
        "buchholz-cut1": ({p: sum(terms[p][1:]) for p in players}, units.per_point),
        "median-buchholz": ({p: sum(terms[p][1:-1]) for p in players}, units.per_point),
        "sonneborn-berger": (sb, 2 * units.per_point),
    }


def _direct_encounter(players: Sequence[str], history: Sequence[PlayedRound],
                      level: Mapping[str, tuple[int, ...]]) -> dict[str, int]:
    """The duel half points each player scored against the players level with them on `level`:
    summed over the duels actually played (linear in the games), never over every pair of a level
    group, which is quadratic in a Swiss's largest score group."""
    points = dict.fromkeys(players, 0)
    for played in history:
        for table in played.tables:
            for a, b, halves in table.duel_halves:
                if a != b and a in points and b in level and level[a] == level[b]:
                    points[a] += halves
    return points
