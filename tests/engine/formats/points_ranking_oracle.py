"""The points ranking as it was written first, in `Fraction`s, kept as the oracle that the whole-number
ranking of tourney/engine/points_ranking.py must agree with (tests/engine/formats/
test_points_ranking_oracle.py). Not used by tourney itself. One change: a forfeit won at a table of
three or more counts the points it scored (the first version counted a whole point per duel)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tourney.engine.points_ranking import DEFAULT_TIEBREAKS, PointsRow
from tourney.engine.rounds import PlayedRound, scores


def standings(players: Sequence[str], history: Sequence[PlayedRound], bye_points: Fraction | int = 1,
              tiebreaks: Sequence[str] = ()) -> list[PointsRow]:
    """The ranking with its tie-breaks (see the module docstring): score, then `tiebreaks` in order
    (empty: DEFAULT_TIEBREAKS), then seed; the rows carry the chosen values in `chosen`."""
    score = scores(players, history, bye_points)
    chosen = tuple(t for t in tiebreaks if t != "fide-2023") or DEFAULT_TIEBREAKS
    values = _tiebreak_values(players, history, score, bye_points, fide_2023="fide-2023" in tiebreaks)
    seed = {p: i for i, p in enumerate(players)}
    keys: dict[str, tuple[Fraction, ...]] = {p: (-score[p],) for p in players}
    picked: dict[str, list[tuple[str, Fraction]]] = {p: [] for p in players}
    for name in chosen:
        value = _direct_encounter(players, history, keys) if name == "direct-encounter" else values[name]
        for p in players:
            keys[p] = (*keys[p], -value[p])
            picked[p].append((name, value[p]))
    # The sheets' columns: Buchholz, Sonneborn-Berger, and head-to-head among those level on the three.
    level = {p: (-score[p], -values["buchholz"][p], -values["sonneborn-berger"][p]) for p in players}
    h2h = _direct_encounter(players, history, level)
    order = sorted(players, key=lambda p: (keys[p], seed[p]))
    rows: list[PointsRow] = []
    for i, p in enumerate(order):
        rank = rows[-1].rank if rows and keys[p] == keys[rows[-1].player] else i + 1
        rows.append(PointsRow(rank, p, score[p], values["buchholz"][p], values["sonneborn-berger"][p], h2h[p],
                             tuple(picked[p])))
    return rows


def _tiebreak_values(players: Sequence[str], history: Sequence[PlayedRound], score: Mapping[str, Fraction],
                     bye_points: Fraction | int, fide_2023: bool) -> dict[str, dict[str, Fraction]]:
    """Buchholz (all of it, cut-1, median) and Sonneborn-Berger of every player.

    A player's Buchholz is a term per round: the (final) scores of the opponents met that round; a
    round not played (a bye, a forfeit won or lost, or after withdrawing) is 0, and a forfeit adds
    nothing to Sonneborn-Berger. Cut-1 leaves out the lowest term, median
    the highest and the lowest. With `fide_2023` (FIDE tie-break regulations 2023, art. 16), a
    round the player did not play counts as met by a virtual opponent of the player's own final
    score, and an opponent's rounds not played count as draws (½) in the score read for them (their
    byes' and forfeit wins' points left out)."""
    rounds = len(history)
    seated: dict[str, list[Fraction | None]] = {p: [None] * rounds for p in players}
    sb = {p: Fraction(0) for p in players}
    opponents_per_table = 1
    won_unplayed = {p: Fraction(0) for p in players}  # points of forfeit wins
    for number, played in enumerate(history):
        for table in played.tables:
            opponents_per_table = max(opponents_per_table, len(table.players) - 1)
            if not table.played:
                for a, _b, points in table.duels():
                    won_unplayed[a] += points / (len(table.players) - 1)  # the points it scored
                continue
            for p in table.players:
                seated[p][number] = Fraction(0)
            for a, b, points in table.duels():
                sb[a] += points * score[b]
    read = dict(score)
    if fide_2023:
        for p in players:
            unplayed = sum(1 for term in seated[p] if term is None)
            byes = sum(1 for played in history if p in played.byes)
            excused = sum((points for played in history for q, points in played.excused if q == p), Fraction(0))
            read[p] = score[p] - byes * Fraction(bye_points) - excused - won_unplayed[p] + Fraction(unplayed, 2)
    for number, played in enumerate(history):
        for table in played.tables:
            if not table.played:
                continue
            for a, b, _ in table.duels():
                term = seated[a][number]
                assert term is not None
                seated[a][number] = term + read[b]
    terms: dict[str, list[Fraction]] = {}
    for p in players:
        virtual = score[p] * opponents_per_table if fide_2023 else Fraction(0)
        terms[p] = sorted(virtual if term is None else term for term in seated[p])
    return {
        "buchholz": {p: sum(terms[p], Fraction(0)) for p in players},
        "buchholz-cut1": {p: sum(terms[p][1:], Fraction(0)) for p in players},
        "median-buchholz": {p: sum(terms[p][1:-1], Fraction(0)) for p in players},
        "sonneborn-berger": sb,
    }


def _direct_encounter(players: Sequence[str], history: Sequence[PlayedRound],
                      level: Mapping[str, tuple[Fraction, ...]]) -> dict[str, Fraction]:
    """The duel points each player scored against the players level with them on `level`: summed
    over the duels actually played (linear in the games), never over every pair of a level group,
    which is quadratic in a Swiss's largest score group."""
    points = {p: Fraction(0) for p in players}
    for played in history:
        for table in played.tables:
            for a, b, won in table.duels():
                if a != b and a in points and b in level and level[a] == level[b]:
                    points[a] += won
    return points
