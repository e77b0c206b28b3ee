"""The web front end of `tourney serve`: one Starlette application (`web/app.py`: `build_app`) with
the wall's pages and the floor's (the tables' phones, the director's page), every change behind
one gate (`web/gate.py`), and its uvicorn server (`web/server.py`). Like `tourney.cli`, it only
parses a request, calls `tourney.app` and responds (an import-linter contract: nothing here
reaches storage, the engine or the rules)."""
