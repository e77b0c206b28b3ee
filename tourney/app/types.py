"""The values operations return, by name, for a front end's type hints and a Python user's.

Importing this module imports the engine and storage values it names: a front end imports it under
`TYPE_CHECKING` only, so that its start-up stays as lazy as before.
"""

from __future__ import annotations

from tourney.engine.events import Event
from tourney.engine.format_config import FormatConfig
from tourney.engine.planner import Plan
from tourney.engine.standings import StandingRow
from tourney.engine.tables import TableState
from tourney.engine.tournament import Status, TournamentState
from tourney.storage.db import Database
from tourney.storage.repo import Tournament

__all__ = ["Database", "Event", "FormatConfig", "Plan", "StandingRow", "Status", "TableState", "Tournament",
           "TournamentState"]
