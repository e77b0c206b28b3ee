"""Storage: the database rows, the engine and sessions, repository functions and the event log
of live tournaments (docs/internals.md, "Storage and live events")."""
