"""Bot runs: bots playing a tournament's tables (the stage loop, its workers, one table's play),
the arena's games between bots, the demo, and what a run tells the director."""
