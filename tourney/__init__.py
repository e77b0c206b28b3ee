"""tourney: tournament manager, rules engine and bot arena for Polish Poker and its family."""

__version__ = "0.1.0"
