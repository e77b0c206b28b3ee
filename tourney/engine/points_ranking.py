"""The points ranking: by score and tie-breaks, for the Swiss and the round robin.

    standings(players, history, bye_points=1, tiebreaks=()) -> [PointsRow(rank, player, score, ...)]

Tie-breaks, in this order (`standings`): score; Buchholz (the sum of the final scores of every
opponent met, one term per table shared; a bye adds nothing); Sonneborn-Berger (for each opponent
met, their final score times the duel result against them: 1, ½ or 0); head-to-head (among players
still level on all three, the duel points scored against each other); then seeding order. Players
level through head-to-head share the rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
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


_TIEBREAK_NAMES: Final = ("buchholz", "buchholz-cut1", "median-buchholz", "sonneborn-berger")
DEFAULT_TIEBREAKS: Final = ("buchholz", "sonneborn-berger", "direct-encounter")
# The tie-breaks every row carries whatever was chosen (the sheets' columns; head-to-head among
# those level on both is `PointsRow.head_to_head`).
_SHEET_TIEBREAKS: Final = ("buchholz", "sonneborn-berger")


def standings(players: Sequence[str], history: Sequence[PlayedRound], bye_points: Fraction | int = 1,
              tiebreaks: Sequence[str] = (), *, check: bool = True) -> list[PointsRow]:
    """The ranking with its tie-breaks (see the module docstring): score, then `tiebreaks` in order
    (empty: DEFAULT_TIEBREAKS), then seed; the rows carry the chosen values in `chosen`. `history` is
    checked (`rounds.check_history`) unless `check` is False: the engine's own rounds, from seat draws
    it checked when they were stored (checking them again was a tenth of a ranking at 10,000 players)."""
    units = Units(history, bye_points)
    score = units.scores(players, history, check=check)
    chosen = tuple(t for t in tiebreaks if t != "fide-2023") or DEFAULT_TIEBREAKS
    values = _tiebreak_values(players, history, score, units, fide_2023="fide-2023" in tiebreaks,
                              wanted={*chosen, *_SHEET_TIEBREAKS})
    buchholz, sonneborn_berger = values["buchholz"][0], values["sonneborn-berger"][0]
    # Each player's sort key grows a term per tie-break: the score, then the values chosen (negated:
    # best first); a direct encounter reads the players level on the key as it stands.
    keys: list[tuple[int, ...]] = [(-score[p],) for p in players]
    picked: list[tuple[tuple[str, Fraction], ...]] = [() for _ in players]
    h2h: dict[str, int] | None = None
    fraction = units.fraction
    for done, name in enumerate(chosen):
        if name == "direct-encounter":
            value, denominator = _direct_encounter(players, history, dict(zip(players, keys, strict=True))), 2
            if chosen[:done] == _SHEET_TIEBREAKS:
                h2h = value  # level on score, Buchholz and Sonneborn-Berger: the sheets' head-to-head too
        else:
            value, denominator = values[name]
        keys = [(*key, -value[p]) for key, p in zip(keys, players, strict=True)]
        picked = [(*had, (name, fraction(value[p], denominator))) for had, p in zip(picked, players, strict=True)]
    if h2h is None:  # the sheets' head-to-head: among those level on score, Buchholz and Sonneborn-Berger
        h2h = _direct_encounter(players, history, {p: (-score[p], -buchholz[p], -sonneborn_berger[p])
                                                   for p in players})
    order = sorted(range(len(players)), key=lambda i: (keys[i], i))  # then seed: `players` is in seed order
    rows: list[PointsRow] = []
    point = units.per_point
    rank, last_key = 0, None
    for place, i in enumerate(order, start=1):
        p, key = players[i], keys[i]
        if key != last_key:
            rank, last_key = place, key
        rows.append(PointsRow(rank, p, fraction(score[p], point), fraction(buchholz[p], point),
                              fraction(sonneborn_berger[p], 2 * point), fraction(h2h[p], 2), picked[i]))
    return rows


def _tiebreak_values(players: Sequence[str], history: Sequence[PlayedRound], score: Mapping[str, int],
                     units: Units, fide_2023: bool,
                     wanted: Collection[str] = _TIEBREAK_NAMES) -> dict[str, tuple[dict[str, int], int]]:
    """Buchholz (all of it, cut-1, median) and Sonneborn-Berger of every player, each with how many
    of its units make a point (`Units`): those `wanted` (the others left out).

    A player's Buchholz is a term per round: the (final) scores of the opponents met that round; a
    round not played (a bye, a forfeit won or lost, or after withdrawing) is 0, and a forfeit adds
    nothing to Sonneborn-Berger. Cut-1 leaves out the lowest term, median
    the highest and the lowest. With `fide_2023` (FIDE tie-break regulations 2023, art. 16), a
    round the player did not play counts as met by a virtual opponent of the player's own final
    score, and an opponent's rounds not played count as draws (½) in the score read for them (their
    byes', requested byes' and forfeit wins' points left out)."""
    rounds = len(history)
    cut = bool({"buchholz-cut1", "median-buchholz"} & set(wanted))
    # Without fide_2023 an opponent's score is read as it is and, without a cut, a player's terms
    # are only summed: Buchholz is added up in the same pass as Sonneborn-Berger (the common case,
    # one pass over the duels); otherwise each round's terms are kept and read afterwards.
    by_round = fide_2023 or cut
    sb = dict.fromkeys(players, 0)
    buchholz = dict.fromkeys(players, 0)
    opponents_per_table = 1
    won_unplayed = dict.fromkeys(players, 0)  # points of forfeit wins
    met: list[list[tuple[str, str]]] = []  # by_round: each round's duels played (a, b): b's score is a's term
    unplayed = dict.fromkeys(players, rounds)  # rounds in which a player met no one
    for played in history:
        duels: list[tuple[str, str]] = []
        for table in played.tables:
            seats = len(table.players)
            if seats - 1 > opponents_per_table:
                opponents_per_table = seats - 1
            if not table.played:
                per_duel = units.per_point // (2 * (seats - 1))
                for a, _b, halves in table.duel_halves:
                    won_unplayed[a] += halves * per_duel
                continue
            for p in table.players:
                unplayed[p] -= 1
            if by_round:
                for a, b, halves in table.duel_halves:
                    sb[a] += halves * score[b]
                    duels.append((a, b))
            else:
                for a, b, halves in table.duel_halves:
                    opponent = score[b]
                    sb[a] += halves * opponent
                    buchholz[a] += opponent
        met.append(duels)
    cut1: dict[str, int] = {}
    median: dict[str, int] = {}
    if by_round:
        read = dict(score)
        if fide_2023:
            excused = dict.fromkeys(players, 0)
            for played in history:
                for q, points in played.excused:
                    excused[q] += units.of(points)
            for p in players:
                byes = sum(1 for played in history if p in played.byes)
                read[p] = (score[p] - byes * units.bye - excused[p] - won_unplayed[p]
                           + unplayed[p] * units.per_point // 2)
        # A player's terms: a round played is the scores read of the opponents met in it; a round not
        # played is 0 (or, with fide_2023, the virtual opponent's: the player's own score per opponent).
        seated: dict[str, dict[int, int]] = {p: {} for p in players}
        for number, duels in enumerate(met):
            for a, b in duels:
                met_by = seated[a]
                met_by[number] = met_by.get(number, 0) + read[b]
        for p in players:
            played_terms = seated[p]
            virtual = score[p] * opponents_per_table if fide_2023 else 0
            missing = rounds - len(played_terms)
            buchholz[p] = sum(played_terms.values()) + missing * virtual
            if cut:
                ordered = sorted([*played_terms.values(), *([virtual] * missing)])
                cut1[p] = sum(ordered[1:])
                median[p] = sum(ordered[1:-1])
    found = {
        "buchholz": (buchholz, units.per_point),
        "buchholz-cut1": (cut1, units.per_point),
        "median-buchholz": (median, units.per_point),
        "sonneborn-berger": (sb, 2 * units.per_point),
    }
    return {name: value for name, value in found.items() if name in wanted}


def _direct_encounter(players: Sequence[str], history: Sequence[PlayedRound],
                      level: Mapping[str, tuple[int, ...]]) -> dict[str, int]:
    """The duel half points each player scored against the players level with them on `level`:
    summed over the duels actually played (linear in the games), never over every pair of a level
    group, which is quadratic in a Swiss's largest score group; only the duels of two players who
    share their key with someone are compared."""
    points = dict.fromkeys(players, 0)
    sharing = Counter(level[p] for p in players)
    tied = {p for p in players if sharing[level[p]] > 1}
    if not tied:
        return points
    for played in history:
        for table in played.tables:
            for a, b, halves in table.duel_halves:
                if a in tied and b in tied and a != b and level[a] == level[b]:
                    points[a] += halves
    return points
