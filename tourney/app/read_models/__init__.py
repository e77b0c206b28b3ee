"""The read models: what a tournament's state shows, as plain values and lines (tables, standings,
stage labels, event texts, a CSV of the standings) and as the view models of the printed sheets."""
