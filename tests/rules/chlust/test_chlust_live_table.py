"""Bots play a Chlust table of a live event (engine.autoplay): its entry is the final chips."""

from __future__ import annotations

from tourney.engine.autoplay import play_table
from tourney.engine.tables import TableState
from tourney.rules.chlust import CHLUST


def test_a_live_chlust_table_played_by_bots_reports_its_chips() -> None:
    table = TableState(number=2, stage=1, seats=["ann", "bob", "cy", "dee"], advance=1)
    entries = play_table(CHLUST, table, seed=7, bots=("rules", "random"))
    assert len(entries) == 1
    kind, data = entries[0]
    assert data["table"] == 2
    if kind == "chips":
        assert sorted(data["counts"]) == ["ann", "bob", "cy", "dee"]
        assert sum(data["counts"].values()) == 4 * 20
    else:  # chips tied across the advancing place: the finishing order decides
        assert kind == "finish" and sorted(data["order"]) == ["ann", "bob", "cy", "dee"]
