"""The director's operations, one function per thing done: tournaments, players, seating, results,
corrections, ratings, the arbiter's checks, and the games (with the README's protocol tables)."""
