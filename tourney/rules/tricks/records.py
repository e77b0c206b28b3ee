"""What the replayers of the trick-taking games share: reading a record's `game` line, the first
dealer it shows, and the seeded generator a `check_seed` replay deals from."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tourney.errors import RecordError

Line = tuple[int, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """The `game` line of a record, checked: its players, options and seed, and the `deal` lines."""

    line: int
    players: list[str]
    options: dict[str, Any]
    raw_seed: object
    deals: list[Line]

    @property
    def seed(self) -> int | None:
        """The seed, when the record has an integer one (what the replayed state records)."""
        seed = self.raw_seed
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def recorded_first_dealer(self) -> int:
        """The seat of the first `deal` line's dealer."""
        if not self.deals:
            raise RecordError(self.line + 1, "the record has no 'deal' line")
        line, deal = self.deals[0]
        name = deal.get("dealer")
        if name not in self.players:
            raise RecordError(line, f"dealer {name!r} is not a player")
        return self.players.index(name)

    def seeded_rng(self) -> random.Random:
        """The generator the record's seed starts, to check that it deals what the record shows."""
        if self.seed is None:
            raise RecordError(self.line, f"seed {self.raw_seed!r} is not an integer, so the deals cannot be "
                                         "checked against it")
        return random.Random(self.seed)


def read_header(lines: list[Line], game: str) -> RecordHeader:
    """The checked `game` line of a record of `game` (RULES Appendix A.2)."""
    line, header = lines[0]
    if header.get("event") != "game" or header.get("game") != game:
        raise RecordError(line, f"the first line must be the 'game' event of {game!r}")
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(line, "'players' must be a list of names")
    options = header.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(line, "'options' must be an object")
    deals = [(n, e) for n, e in lines if e.get("event") == "deal"]
    return RecordHeader(line, list(players), dict(options), header.get("seed"), deals)
