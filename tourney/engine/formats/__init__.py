"""Tournament formats: the formats behind the format seam (docs/internals.md "The format seam").

The seam is the engine's core, which this package imports and which never imports it:
engine/format_registry.py (FormatConfig, the TournamentFormat, LiveState and FormatData
protocols, register/find_format), engine/format_config.py (the option checks every format shares),
engine/format_views.py (BracketView, RoundsView), and the data the fold keeps for a format:
engine/bracket.py (Slot, Match, Round, Bracket; resolving results, places, best-of-N),
engine/rounds.py (RoundPlan: one round's tables in seat order and its byes) and
engine/points_ranking.py (the ranking by points and tie-breaks).

The format objects (each with the data it keeps of an event, `state.format_data`):
    live.py                RoundFormat: what every format played in rounds shares (FieldData: the
                           field; RoundsData: and each round's plan)
    bracket_live.py        BracketFormat: brackets played live (BracketData: the field, the bracket)
    table_rounds.py        TableRoundsFormat: rounds of duels or tables, with scores and tie-breaks
    *_format.py            one module per format, discovered by the registry: stages_format (RULES §1.12),
                           knockout_format, double_elimination_format, round_robin_format, swiss_format
                           (StagesData: the fixed plan, promotions; RoundRobinData: and its schedule)

Pure logic, no storage, no CLI, no game named:
    knockout.py            single elimination: standard seeding, byes to the top seeds, third-place match
    double_elimination.py  winners' and losers' brackets, drop-down order, grand final with reset
    round_robin.py         Berger tables (circle method) for duels; balanced tables of K for 3-4-seat games
    swiss.py               score-group pairing (maximum-weight matching), byes, Buchholz, SB, head-to-head
    seeding.py             lot, rating or list order of the entrants

Every function is deterministic given its arguments; randomness comes from a `random.Random`
passed in, never the global generator.
"""
