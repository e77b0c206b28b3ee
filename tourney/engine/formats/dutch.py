"""FIDE Dutch pairing of a Swiss round of duels (FIDE Handbook C.04.3, with C.04.1 and C.04.2).

    pair_dutch(seeds, history, points, unit, total_rounds, initial_white) -> (pairs (white, black), bye)

`seeds` is the field in pairing-number order (TPN; the first is 1), `points` each player's score
as an integer in a common unit (`unit` points to one game point). Pure and deterministic.

How a round is paired, in the Dutch order:
- Players are ranked by score, then pairing number; score brackets are paired top down. The
  players a bracket does not pair move down (MDPs) into the next one.
- In a bracket, S1 is its top half (in a heterogeneous bracket, the MDPs that can be paired), S2
  the rest. Candidates come in the Dutch order: transpositions of S2 (lexicographic), then
  exchanges between S1 and S2 (fewest players, smallest difference of pairing numbers, the lowest
  of S1 and the highest of S2 first); in a heterogeneous bracket, the remainder's candidates are
  tried for each pairing of the MDPs, then the MDPs in S1 are exchanged with those in limbo.
- Absolute criteria: no rematch (a forfeited game is no meeting), the bye at most once (nor to a
  player who scored a point without playing), no two non-topscorers with the same absolute colour
  preference, and the rest of the round must still be pairable (the completion criterion).
- Quality criteria, in order (the first candidate of the order that is best wins; a perfect one
  ends the search): most pairs; the pairing score differences; topscorers' colour differences
  beyond 2 and three same colours in a row; colour preferences missed, then strong ones; the same
  downfloat or upfloat as the round before, then as two rounds before (C14-C17); then the scores
  of those repeated floaters (C18-C21: the downfloaters who leave the bracket, the opponents of the
  upfloaters), the highest score weighing most, as bbpPairings weighs them.
- Colours (C.04.3 E): both preferences; the stronger one (the larger colour difference between
  two absolute ones); alternate from the latest round the two had different colours; the higher
  ranked player's preference; the higher ranked takes the initial colour on an odd pairing number.
- The pairing-allocated bye goes to the player the lowest bracket leaves unpaired, at the lowest
  score it can go to with everyone else paired (checked once, before the brackets).

The search: a depth-first walk of the transpositions and exchanges in the Dutch order, cut where
the costs so far plus a lower bound of the colour preferences (and strong ones) the rest must miss
already reach the best candidate's. A bracket takes at most `NODES` + (its size)^2 steps and
`BUDGET` candidates for each number of pairs, then keeps the best found (and weighs the following
bracket, C7, for at most `FOLLOWING` sets of its floaters): bbpPairings' weighted matching has no such limit, and
this is where the two still differ (docs/formats.md). In a field above `EXACT_COMPLETION` players
the completion check is a greedy pairing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import networkx as nx

from tourney.engine.rounds import PlayedRound

WHITE, BLACK = 0, 1
MILD, STRONG, ABSOLUTE = 1, 2, 3
# Candidates a bracket tries (for each number of pairs) before it keeps the best found: two
# recorded last rounds needed more than 4,000.
BUDGET = 40_000
# Search steps (an S1 player tried against an S2 player) a bracket takes for each number of
# pairs before it keeps the best candidate found, besides the square of its size (about what a
# first candidate takes): 100,000 reaches every recorded round the larger budgets reach.
NODES = 100_000
# C7: the following bracket is searched (SHALLOW_NODES steps each) for at most FOLLOWING sets of
# floaters of a bracket.
SHALLOW_NODES = 3_000
FOLLOWING = 64
# Exchanges of k players between S1 and S2 are tried only while there are at most this many.
EXCHANGES = 20_000
# The lowest score the bye can go to is looked for among at most this many players, from the bottom
# (each try is a completion check of the rest); past them the bye is not held to a score.
BYE_TRIES = 32
# Up to this many players the completion criterion is checked exactly (a maximum matching).
EXACT_COMPLETION = 300

Pair = tuple[str, str]


@dataclass
class _Player:
    name: str
    tpn: int
    score: int
    colours: list[int] = field(default_factory=list)  # of games actually played, in order
    floats: list[int] = field(default_factory=list)  # per round: -1 down, +1 up, 0 none
    bye_blocked: bool = False

    @property
    def difference(self) -> int:
        return sum(1 if c == WHITE else -1 for c in self.colours)

    def preference(self) -> tuple[int, int]:
        """(colour, strength); strength 0 when the player has no preference."""
        if not self.colours:
            return WHITE, 0
        diff = self.difference
        if diff > 1 or diff < -1:
            return (BLACK if diff > 1 else WHITE), ABSOLUTE
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2]:
            return 1 - self.colours[-1], ABSOLUTE
        if diff != 0:
            return (BLACK if diff > 0 else WHITE), STRONG
        return 1 - self.colours[-1], MILD


def _players(seeds: Sequence[str], history: Sequence[PlayedRound], points: Mapping[str, int],
             unit: int, bye_units: int) -> dict[str, _Player]:
    players = {p: _Player(p, i + 1, points[p]) for i, p in enumerate(seeds)}
    running = dict.fromkeys(seeds, 0)
    everyone = set(seeds)
    for played in history:
        before = dict(running)
        seen: set[str] = set()
        for table in played.tables:
            a, b = table.players
            seen.update((a, b))
            for p, q in ((a, b), (b, a)):
                if p not in players:
                    continue
                if table.played:
                    players[p].colours.append(WHITE if p == a else BLACK)
                    players[p].floats.append(-1 if before[p] > before.get(q, 0) else
                                             1 if before[p] < before.get(q, 0) else 0)
                else:  # a forfeit: the winner floats down (C.04.3 A.4), no one else floats
                    won = p not in table.forfeits
                    players[p].floats.append(-1 if won else 0)
                    players[p].bye_blocked |= won
            for p, _q, got in table.duels():
                if p in running:
                    running[p] += int(got * unit)
        for p in played.byes:
            if p in players:
                players[p].floats.append(-1)
                players[p].bye_blocked = True
                running[p] += bye_units
                seen.add(p)
        for p in everyone - seen:
            players[p].floats.append(0)
    return players


@dataclass(frozen=True)
class _Met:
    """The pairs that may not meet again: those that played (a forfeit is no meeting) and those to avoid."""

    played: set[frozenset[str]]
    avoid: Container[frozenset[str]]

    def __contains__(self, pair: object) -> bool:
        return pair in self.played or pair in self.avoid


class _Round:
    """What every bracket of one round shares: the players, who met, the completion check."""

    def __init__(self, players: Mapping[str, _Player], met: Container[frozenset[str]], unit: int,
                 last_round: bool, rounds_played: int, initial: int) -> None:
        self.players = players
        self.initial = initial
        self.rounds_played = rounds_played
        self.met = met
        self.unit = unit
        top = rounds_played * unit
        self.topscorers = {p for p, x in players.items() if last_round and 2 * x.score > top}
        self.prefs = {p: x.preference() for p, x in players.items()}
        # C18-C21 weigh score differences of repeated floats by score, the highest first: a count
        # at each score, each score's count a digit of base len(players) + 1.
        levels = sorted({x.score for x in players.values()})
        self.weight = {score: (len(players) + 1) ** i for i, score in enumerate(levels)}
        # For the lower bounds of colours missed: 0 prefers white, 1 black, 2 neither; then the
        # same for strong preferences only, as 3, 4, 5.
        self.kinds = {p: (c if s else 2, 3 + (c if s == STRONG else 2)) for p, (c, s) in self.prefs.items()}
        self._complete: dict[frozenset[str], bool] = {}
        self._costs: dict[Pair, Cost] = {}
        self.everyone_blocked = False  # set once the players to pair are known
        self.bye_score: int | None = None  # likewise
        self.nodes = 0  # search steps of the bracket being paired
        self.limit = NODES  # and how many it may take

    def pair_cost(self, a: str, b: str) -> Cost:
        """The quality criteria a pair costs: topscorers' colour differences beyond 2 or three
        same colours in a row (C10, C11), a colour preference missed, a strong one missed (C12,
        C13), the same downfloat / upfloat as the round before, then as two rounds before (C14-C17)."""
        key = (a, b)
        cost = self._costs.get(key)
        if cost is None:
            cost = self._costs[key] = _pair_cost(self, a, b)
        return cost

    def floater_cost(self, p: str) -> Cost:
        x = self.players[p]
        weight = self.weight[x.score]
        down1, down2 = _floated(x, 1, -1), _floated(x, 2, -1)
        return (0, 0, 0, down1, 0, down2, 0, down1 * weight, 0, down2 * weight, 0)

    def allowed(self, a: str, b: str) -> bool:
        if frozenset((a, b)) in self.met:
            return False
        (ca, sa), (cb, sb) = self.prefs[a], self.prefs[b]
        if sa == ABSOLUTE and sb == ABSOLUTE and ca == cb:
            return a in self.topscorers or b in self.topscorers
        return True

    def bye_allowed(self, p: str) -> bool:
        """C2: no second bye (nor after a point scored without playing) while someone can take it;
        and the bye to the lowest score it can go to with the rest of the round paired."""
        player = self.players[p]
        return ((not player.bye_blocked or self.everyone_blocked)
                and (self.bye_score is None or player.score <= self.bye_score))

    def settle_bye_score(self, ranked: Sequence[str]) -> None:
        """The lowest score a player can take the bye with while everyone else is paired (the
        completion criterion puts the bye there, as bbpPairings does); none when no one can."""
        self.bye_score = None
        if len(ranked) % 2 == 0:
            return
        candidates = [p for p in reversed(ranked) if self.bye_allowed(p)][:BYE_TRIES]
        for p in candidates:
            if self.completable([q for q in ranked if q != p]):
                self.bye_score = self.players[p].score
                return

    def completable(self, rest: Sequence[str]) -> bool:
        """Can `rest` (in ranking order) all be paired, the bye to one of them when odd?"""
        key = frozenset(rest)
        if key not in self._complete:
            self._complete[key] = self._greedy(list(rest)) or (
                len(rest) <= EXACT_COMPLETION and self._matched(list(rest)))
        return self._complete[key]

    def _greedy(self, rest: list[str]) -> bool:
        if len(rest) % 2 == 1:
            byes = [p for p in reversed(rest) if self.bye_allowed(p)][:3]
            return any(self._greedy([q for q in rest if q != p]) for p in byes)
        left = list(rest)
        while left:
            a = left.pop(0)
            partner = next((b for b in left if self.allowed(a, b)), None)
            if partner is None:
                return False
            left.remove(partner)
        return True

    def _matched(self, rest: list[str]) -> bool:
        graph: nx.Graph[object] = nx.Graph()
        graph.add_nodes_from(rest)
        graph.add_edges_from((a, b) for a, b in combinations(rest, 2) if self.allowed(a, b))
        if len(rest) % 2 == 1:
            graph.add_edges_from((("bye",), p) for p in rest if self.bye_allowed(p))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return 2 * len(matching) >= len(rest)


Cost = tuple[int, ...]  # the quality criteria after C9, each a count to minimise (see _pair_cost)
ZERO: Cost = (0,) * 11
Prune = Callable[[Cost], bool]


def _add(x: Cost, y: Cost) -> Cost:
    return tuple(i + j for i, j in zip(x, y, strict=True))


def _transpositions(rnd: _Round, s1: Sequence[str], s2: Sequence[str], base: Cost,
                    prune: Prune) -> Iterator[tuple[list[Pair], Cost]]:
    """S1[i] against a transposition of S2 in lexicographic order, cut on the absolute criteria and
    where the costs so far already reach the best candidate's (costs only grow)."""
    chosen: list[str] = []
    used = [False] * len(s2)
    kinds = rnd.kinds
    # The colour kinds of S1[i:] for each i, and of the S2 players not yet taken: a lower bound of
    # the colour preferences the rest must miss prunes a branch that cannot beat the best.
    left1 = [[0] * 6 for _ in range(len(s1) + 1)]
    for i in range(len(s1) - 1, -1, -1):
        left1[i] = list(left1[i + 1])
        for kind in kinds[s1[i]]:
            left1[i][kind] += 1
    left2 = [0] * 6
    for b in s2:
        for kind in kinds[b]:
            left2[kind] += 1
    if prune(_add(base, _missed_bound(left1[0], left2))):
        return

    def extend(i: int, cost: Cost) -> Iterator[tuple[list[Pair], Cost]]:
        if i == len(s1):
            yield list(zip(s1, chosen, strict=True)), cost
            return
        rest = left1[i + 1]
        for j, b in enumerate(s2):
            rnd.nodes += 1
            if rnd.nodes > rnd.limit:
                return
            if not used[j] and rnd.allowed(s1[i], b):
                added = _add(cost, rnd.pair_cost(s1[i], b))
                if prune(added):
                    continue
                kind, strong = kinds[b]
                left2[kind] -= 1
                left2[strong] -= 1
                if not prune(_add(added, _missed_bound(rest, left2))):
                    used[j] = True
                    chosen.append(b)
                    yield from extend(i + 1, added)
                    chosen.pop()
                    used[j] = False
                left2[kind] += 1
                left2[strong] += 1

    yield from extend(0, base)


def _group_missed_bound(rnd: _Round, group: Sequence[str], pairs: int) -> Cost:
    """The fewest colour preferences (C12) `pairs` pairs of `group` can miss, however S1 and S2
    are drawn and rematches set aside: each pair of two with the same preference misses one."""
    counts = [0] * 6
    for p in group:
        for kind in rnd.kinds[p]:
            counts[kind] += 1
    return (0, _group_clashes(counts[0], counts[1], counts[2], pairs),
            _group_clashes(counts[3], counts[4], counts[5], pairs), 0, 0, 0, 0, 0, 0, 0, 0)


def _group_clashes(white: int, black: int, neither: int, pairs: int) -> int:
    apart = abs(white - black)
    fine = min(white, black) + min(neither, apart) + (neither - min(neither, apart)) // 2
    return max(0, pairs - fine)


def _missed_bound(s1: Sequence[int], s2: Sequence[int]) -> Cost:
    """The fewest colour preferences (C12), then strong ones (C13), that pairing players of colour
    kinds `s1` (counts of white-, black- and no preference, then of strong white and strong black
    and the rest) with as many of `s2` can miss, rematches set aside."""
    return (0, _clashes(s1[0], s1[1], s2[0], s2[1], s2[2]), _clashes(s1[3], s1[4], s2[3], s2[4], s2[5]),
            0, 0, 0, 0, 0, 0, 0, 0)


def _clashes(white1: int, black1: int, white2: int, black2: int, neither2: int) -> int:
    met = min(white1, black2) + min(black1, white2)
    met += min(white1 + black1 - met, neither2)
    return white1 + black1 - met


def _exchanges(s1: Sequence[str], s2: Sequence[str], tpn: Mapping[str, int]) -> Iterator[tuple[list[str], list[str]]]:
    """S1 and S2 as they are, then after each exchange in the Dutch order (C.04.3 D.2)."""
    yield list(s1), list(s2)
    for k in range(1, min(len(s1), len(s2)) + 1):
        if comb(len(s1), k) * comb(len(s2), k) > EXCHANGES:
            return
        options = []
        for out in combinations(s1, k):
            for into in combinations(s2, k):
                moved_out = sorted((tpn[p] for p in out), reverse=True)
                moved_in = sorted(tpn[p] for p in into)
                options.append(((sum(moved_in) - sum(moved_out), [-x for x in moved_out], moved_in), out, into))
        options.sort(key=lambda o: o[0])
        for _key, out, into in options:
            new_s1 = sorted([p for p in s1 if p not in out] + list(into), key=tpn.__getitem__)
            new_s2 = sorted([p for p in s2 if p not in into] + list(out), key=tpn.__getitem__)
            yield new_s1, new_s2


def _homogeneous(rnd: _Round, group: Sequence[str], pairs: int, rank: Mapping[str, int], base: Cost,
                 prune: Prune) -> Iterator[tuple[list[Pair], list[str], Cost]]:
    """Candidates of a homogeneous bracket (or remainder) with `pairs` pairs: (pairs, floaters, cost)."""
    if pairs == 0:
        yield [], list(group), _floaters_cost(rnd, group, base)
        return
    if prune(_add(base, _group_missed_bound(rnd, group, pairs))):
        return
    for s1, s2 in _exchanges(group[:pairs], group[pairs:], rank):
        if rnd.nodes > rnd.limit:
            return
        for chosen, cost in _transpositions(rnd, s1, s2, base, prune):
            taken = {b for _a, b in chosen}
            floaters = [p for p in group if p not in taken and p not in s1]
            yield chosen, floaters, _floaters_cost(rnd, floaters, cost)


def _floaters_cost(rnd: _Round, floaters: Sequence[str], base: Cost) -> Cost:
    for p in floaters:
        base = _add(base, rnd.floater_cost(p))
    return base


def _heterogeneous(rnd: _Round, mdps: Sequence[str], residents: Sequence[str], pairs: int,
                   rank: Mapping[str, int], prune: Prune) -> Iterator[tuple[list[Pair], list[str], Cost]]:
    top = min(len(mdps), len(residents), pairs)
    for m1 in range(top, -1, -1):
        rest_pairs = pairs - m1
        if 2 * rest_pairs > len(residents) - m1:
            continue
        for s1, limbo in _exchanges(list(mdps[:m1]), list(mdps[m1:]), rank):
            if rnd.nodes > rnd.limit:
                return
            base = _floaters_cost(rnd, limbo, ZERO)
            if m1 == 0:
                mdp_pairings: Iterator[tuple[list[Pair], Cost]] = iter([([], base)])
            else:
                mdp_pairings = _transpositions(rnd, s1, residents, base, prune)
            for mdp_pairs, cost in mdp_pairings:
                taken = {b for _a, b in mdp_pairs}
                remainder = [p for p in residents if p not in taken]
                for rest, floaters, total in _homogeneous(rnd, remainder, rest_pairs, rank, cost, prune):
                    yield mdp_pairs + rest, sorted(limbo + floaters, key=rank.__getitem__), total
            if m1 == 0:
                break


def _psd(rnd: _Round, pairs: Sequence[Pair], floaters: Sequence[str], bracket_score: int) -> list[int]:
    """C6: the score differences of the pairs and of the floaters (against one point below the
    bracket), largest first."""
    players = rnd.players
    floor = bracket_score - rnd.unit
    return sorted([abs(players[a].score - players[b].score) for a, b in pairs]
                  + [players[p].score - floor for p in floaters], reverse=True)


def _pair_cost(rnd: _Round, a: str, b: str) -> Cost:
    players, prefs = rnd.players, rnd.prefs
    top_colour = missed = strong_missed = down1 = up1 = down2 = up2 = 0
    (ca, sa), (cb, sb) = prefs[a], prefs[b]
    if sa and sb and ca == cb:
        missed += 1
        if min(sa, sb) >= STRONG and not sa == sb == ABSOLUTE:
            strong_missed += 1
    if a in rnd.topscorers or b in rnd.topscorers:
        white, black = allocate(rnd, *sorted((a, b), key=lambda p: (-players[p].score, players[p].tpn)))
        for p, c in ((white, WHITE), (black, BLACK)):
            x = players[p]
            after = x.difference + (1 if c == WHITE else -1)
            top_colour += abs(after) > 2
            top_colour += len(x.colours) >= 2 and x.colours[-1] == x.colours[-2] == c
    sd_up1 = sd_up2 = 0
    if players[a].score != players[b].score:
        high, low = (a, b) if players[a].score > players[b].score else (b, a)
        down1 += _floated(players[high], 1, -1)
        down2 += _floated(players[high], 2, -1)
        up1 += _floated(players[low], 1, 1)
        up2 += _floated(players[low], 2, 1)
        weight = rnd.weight[players[high].score]
        sd_up1, sd_up2 = up1 * weight, up2 * weight
    # C18, C20 (the scores of repeated downfloaters) count the floaters that leave the bracket
    # (floater_cost); a moved-down player paired here floats down either way.
    return (top_colour, missed, strong_missed, down1, up1, down2, up2, 0, sd_up1, 0, sd_up2)


def _floated(player: _Player, back: int, way: int) -> int:
    return int(len(player.floats) >= back and player.floats[-back] == way)


def allocate(rnd: _Round, a: str, b: str) -> Pair:
    """(white, black) of a pair by C.04.3 E; `a` ranks higher than `b`."""
    players, prefs = rnd.players, rnd.prefs
    (ca, sa), (cb, sb) = prefs[a], prefs[b]

    def give(p: str, colour: int) -> Pair:
        other = b if p == a else a
        return (p, other) if colour == WHITE else (other, p)

    if sa and sb and ca != cb:
        return give(a, ca)
    if sa and not sb:
        return give(a, ca)
    if sb and not sa:
        return give(b, cb)
    if sa and sb:
        if sa != sb:
            return give(a, ca) if sa > sb else give(b, cb)
        if sa == ABSOLUTE:
            da, db = abs(players[a].difference), abs(players[b].difference)
            if da != db:
                return give(a, ca) if da > db else give(b, cb)
        xa, xb = players[a].colours, players[b].colours
        for i in range(1, min(len(xa), len(xb)) + 1):
            if xa[-i] != xb[-i]:
                return give(a, 1 - xa[-i])
        return give(a, ca)
    return give(a, rnd.initial if players[a].tpn % 2 == 1 else 1 - rnd.initial)


def pair_dutch(seeds: Sequence[str], history: Sequence[PlayedRound], points: Mapping[str, int], unit: int,
               total_rounds: int, initial_white: bool, bye_units: int | None = None,
               paired: Collection[str] | None = None,
               avoid: Container[frozenset[str]] = ()) -> tuple[list[Pair], tuple[str, ...]]:
    """The Dutch pairing of the next round: (white, black) pairs in board order, and who is left
    unpaired (the bye; more than one only when no pairing meets the absolute criteria). `paired`
    (default all of `seeds`) are the players to pair; pairing numbers count the whole field. A pair
    in `avoid` (forbidden pairings: club-mates, family) is one that has met, as C.04.3 C1 treats
    them, asked pair by pair."""
    players = _players(seeds, history, points, unit, unit if bye_units is None else bye_units)
    met = _Met({frozenset(t.players) for played in history for t in played.tables if t.played}, avoid)
    rnd = _Round(players, met, unit, len(history) + 1 >= total_rounds, len(history),
                 WHITE if initial_white else BLACK)
    ranked = sorted(seeds if paired is None else [p for p in seeds if p in paired],
                    key=lambda p: (-players[p].score, players[p].tpn))
    rank = {p: i for i, p in enumerate(ranked)}
    rnd.everyone_blocked = all(players[p].bye_blocked for p in ranked)
    rnd.settle_bye_score(ranked)
    brackets: list[list[str]] = []
    for p in ranked:
        if brackets and players[brackets[-1][0]].score == players[p].score:
            brackets[-1].append(p)
        else:
            brackets.append([p])
    pairs: list[Pair] = []
    mdps: list[str] = []
    for index in range(len(brackets)):
        _count, _key, chosen, mdps = _pair_bracket(rnd, mdps, brackets, index, rank, shallow=False)
        pairs += chosen
    bye = tuple(mdps)
    ordered = sorted(pairs, key=lambda pr: (min(rank[pr[0]], rank[pr[1]])))
    return [allocate(rnd, *sorted(pr, key=rank.__getitem__)) for pr in ordered], bye


def _pair_bracket(rnd: _Round, mdps: list[str], brackets: Sequence[Sequence[str]], index: int,
                  rank: Mapping[str, int], shallow: bool) -> tuple[int, tuple[object, ...], list[Pair], list[str]]:
    """The best candidate of bracket `index` with `mdps` moved down into it: (pairs count, quality
    key, pairs, floaters). A shallow search weighs only the pairs and their score differences (C5,
    C6), as C7 asks of the following bracket."""
    residents = list(brackets[index])
    lower = [p for bracket in brackets[index + 1:] for p in bracket]
    everyone = mdps + residents
    score = rnd.players[residents[0]].score
    following: dict[frozenset[str], tuple[object, ...]] = {}

    def next_bracket(floaters: list[str]) -> tuple[object, ...]:
        """C7: the most pairs, then the lowest score differences, in the following bracket."""
        if index + 1 == len(brackets):
            return ()
        key = frozenset(floaters)
        if key not in following:
            if len(following) >= FOLLOWING:
                return (0, [])  # past the cap, an unknown next bracket ranks below every one searched
            spent, limit = rnd.nodes, rnd.limit
            count, quality, _p, _f = _pair_bracket(rnd, floaters, brackets, index + 1, rank, shallow=True)
            rnd.nodes, rnd.limit = spent, limit
            following[key] = (-count, quality[0])
        return following[key]

    bound: list[Cost | None] = [None]

    def prune(cost: Cost) -> bool:
        limit = bound[0]
        return limit is not None and cost >= limit

    for count in range(len(everyone) // 2, -1, -1):
        if lower:
            def ok(floaters: list[str]) -> bool:
                return rnd.completable(sorted(floaters + lower, key=rank.__getitem__))
        else:
            def ok(floaters: list[str]) -> bool:
                return len(floaters) <= 1 and all(rnd.bye_allowed(p) for p in floaters)
        best: tuple[tuple[object, ...], list[Pair], list[str]] | None = None
        # Set once the best so far has the lowest C6, C7 and C9 possible: then its costs bound the rest.
        bound[0] = None

        # Finding a first candidate takes about |S1| x |S2| steps: the budget grows with the bracket.
        rnd.nodes, rnd.limit = 0, (SHALLOW_NODES if shallow else NODES) + len(everyone) ** 2
        candidates = (_heterogeneous(rnd, mdps, residents, count, rank, prune) if mdps
                      else _homogeneous(rnd, residents, count, rank, ZERO, prune))
        best_next: tuple[object, ...] | None = None
        tried = 0
        for chosen, floaters, cost in candidates:
            tried += 1
            if tried > BUDGET and best is not None:
                break
            if not ok(floaters):
                continue
            psd = _psd(rnd, chosen, floaters, score)
            if shallow:
                key: tuple[object, ...] = (psd, cost)
            else:
                key = (psd, next_bracket(floaters), _bye_unplayed(rnd, floaters, lower), cost)
            if best is not None and key >= best[0]:
                continue
            best = (key, chosen, floaters)
            if not _ideal(rnd, psd, everyone, count, score):
                continue
            if shallow:
                break
            if best_next is None:
                best_next = _ideal_next(rnd, floaters, brackets, index)
            if key[1] == best_next and key[2] == 0:
                bound[0] = cost
                if not any(cost):
                    break
        if best is not None:
            return count, best[0], best[1], best[2]
    return 0, ([],), [], everyone


def _bye_unplayed(rnd: _Round, floaters: Sequence[str], lower: Sequence[str]) -> int:
    """C9: the bye (the last bracket's floater) to a player with the fewest unplayed games."""
    if lower or not floaters:
        return 0
    player = rnd.players[floaters[0]]
    return rnd.rounds_played - len(player.colours)


def _ideal_next(rnd: _Round, floaters: Sequence[str], brackets: Sequence[Sequence[str]],
                index: int) -> tuple[object, ...]:
    if index + 1 == len(brackets):
        return ()
    following = list(floaters) + list(brackets[index + 1])
    count = len(following) // 2
    score = rnd.players[brackets[index + 1][0]].score
    scores = [rnd.players[p].score for p in floaters]
    paired = min(len(scores), count, len(following) - len(scores))
    diffs = [s - score for s in scores[:paired]]
    diffs += [s - (score - rnd.unit) for s in scores[paired:]]
    diffs += [rnd.unit] * max(0, len(following) - 2 * count - (len(scores) - paired))
    diffs += [0] * (count - paired)
    return (-count, sorted(diffs, reverse=True))


def _ideal(rnd: _Round, psd: object, everyone: Sequence[str], count: int, score: int) -> bool:
    """Is `psd` the lowest a bracket of `everyone` with `count` pairs could have?"""
    scores = [rnd.players[p].score for p in everyone]  # ranking order: MDPs first, highest first
    mdp_count = sum(1 for s in scores if s != score)
    paired_mdps = min(mdp_count, count, len(everyone) - mdp_count)
    best = [s - score for s in scores[:paired_mdps]] + [0] * (count - paired_mdps)
    floaters = len(everyone) - 2 * count
    limbo = scores[paired_mdps:mdp_count]
    float_sd = [s - (score - rnd.unit) for s in limbo]
    float_sd += [rnd.unit] * max(0, floaters - len(limbo))
    return psd == sorted(best + float_sd, reverse=True)
