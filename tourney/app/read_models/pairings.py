"""The pairing list of a round (`tourney print pairings`): board, players with their scores before
the round, the result once entered, and the bye. For a format played in rounds (Swiss, round robin)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.app.read_models.format_views import points_text
from tourney.app.read_models.stage_labels import stage_heading
from tourney.app.read_models.views import event_info, stage_tables
from tourney.errors import IllegalActionError
from tourney.i18n import ENGLISH, Translator
from tourney.render.pages import PairedPlayer, PairingRow, PairingsPage

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

def pairings_page(tournament: Tournament, state: TournamentState, *, stage: int | None = None, paper: str = "a4",
                  tr: Translator = ENGLISH) -> PairingsPage:
    """Round `stage` (None: the latest seated) of a format played in rounds."""
    from tourney.engine.formats.live import RoundsData

    data = state.format_data
    if not isinstance(data, RoundsData) or state.kind.round_points(state, 0) is None:
        raise IllegalActionError.in_words("the pairings sheet is for a format played in rounds (Swiss, round robin)")
    number, tables = stage_tables(state, stage)
    before = state.kind.round_points(state, number - 1) or {}

    def paired(name: str) -> PairedPlayer:
        return PairedPlayer(name, points_text(before.get(name, Fraction(0))))

    rows = tuple(PairingRow(t.number, tuple(paired(p) for p in t.seats), _result(t)) for t in tables)
    byes = data.round_plans[number - 1].byes if number <= len(data.round_plans) else ()
    # What the format's bye scores (a Swiss's a point, a round robin's sitting out nothing): what the
    # player with the bye has after the round more than before it.
    bye_points = Fraction(0)
    if byes:
        after = state.kind.round_points(state, number) or {}
        bye_points = after.get(byes[0], Fraction(0)) - before.get(byes[0], Fraction(0))
    return PairingsPage(event=event_info(tournament, state, tr), stage_label=stage_heading(state, number, tr),
                        rows=rows, byes=tuple(paired(p) for p in byes), bye_points=str(bye_points),
                        duels=all(len(t.seats) == 2 for t in tables), paper=paper, seed=state.seeds.get(number))


def _result(table: TableState) -> str:
    """A finished table's result: a duel as 1–0, 0–1, ½–½, a forfeit + – (– – both); a larger table
    its places in seat order; "" while it is played."""
    if not table.finished:
        return ""
    if len(table.seats) == 2:
        if table.forfeits:
            return " ".join("–" if p in table.forfeits else "+" for p in table.seats)
        a, b = (table.places.get(p, 1) for p in table.seats)
        return "½–½" if a == b else "1–0" if a < b else "0–1"
    return " ".join(str(table.places.get(p, "")) for p in table.seats)
