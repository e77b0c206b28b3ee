"""Stage formats for duels and small tables: pure logic, no storage, no CLI, no game named.

    bracket.py             shared bracket data (Slot, Match, Round, Bracket), resolving results, places, best-of-N
    knockout.py            single elimination: standard seeding, byes to the top seeds, third-place match
    double_elimination.py  winners' and losers' brackets, drop-down order, grand final with reset
    round_robin.py         Berger tables (circle method) for duels; balanced tables of K for 3-4-seat games
    swiss.py               score-group pairing (maximum-weight matching), byes, Buchholz, SB, head-to-head
    seeding.py             lot, rating or list order of the entrants

Every function is deterministic given its arguments; randomness comes from a `random.Random`
passed in, never the global generator.
"""
