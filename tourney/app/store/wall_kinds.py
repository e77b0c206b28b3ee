"""The TV wall's screens, by name, in the order a rotating wall shows them: the wall's pages
(`wall_pages`) draw them, and the floor's settings (`floor_store`: the director's pin) and the
director's page (`floor_pages`) name them; a module of its own, so that the floor's store need not
import the wall's pages (which read the floor)."""

from __future__ import annotations

KINDS = ("standings", "seating", "tables", "bracket")
