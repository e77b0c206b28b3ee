"""Tournament formats: the format seam and the formats behind it (ARCHITECTURE.md "The format seam").

The seam:
    registry.py            FormatConfig, the TournamentFormat and LiveState protocols, register/find_format
    config.py              which formats a game allows, the option checks every format shares
    views.py               the view data sheets and the wall read (BracketView, RoundsView)
    live.py                RoundFormat: what every format played in rounds shares
    bracket_live.py        BracketFormat: brackets played live
    table_rounds.py        TableRoundsFormat: rounds of duels or tables, with scores and tie-breaks
    *_format.py            one module per format, discovered by the registry: stages_format (RULES §1.12),
                           knockout_format, double_elimination_format, round_robin_format, swiss_format

Pure logic, no storage, no CLI, no game named:
    bracket.py             shared bracket data (Slot, Match, Round, Bracket), resolving results, places, best-of-N
    knockout.py            single elimination: standard seeding, byes to the top seeds, third-place match
    double_elimination.py  winners' and losers' brackets, drop-down order, grand final with reset
    round_robin.py         Berger tables (circle method) for duels; balanced tables of K for 3-4-seat games
    swiss.py               score-group pairing (maximum-weight matching), byes, Buchholz, SB, head-to-head
    seeding.py             lot, rating or list order of the entrants
    rounds.py              RoundPlan: one round's tables in seat order and its byes

Every function is deterministic given its arguments; randomness comes from a `random.Random`
passed in, never the global generator.
"""
