"""The conformance suite runs over every playable registered game, plus a toy game registered here
(and only here) to prove that a game needs nothing outside its own package. pytest puts this
directory on sys.path (rootdir-relative "prepend" imports), so `toy_game` imports as a module."""

from __future__ import annotations

from toy_game import TOY

from tourney.rules.games import register_game

register_game(TOY)
