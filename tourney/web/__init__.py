"""Web front ends over the application layer (issue 18): the floor's pages that `tourney serve
--lan` adds to the wall display. Like `tourney.cli`, they only parse a request, call `tourney.app`
and respond (an import-linter contract: nothing here reaches storage, the engine or the rules)."""
