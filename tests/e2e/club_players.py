"""The eight players of the two-table club evening the organiser runs
through the pages (test_organiser_drive) and on paper (test_paper_evening)."""

from __future__ import annotations

# In entry order.
PLAYERS = [
    "Alice Archer",
    "Bernard Bell",
    "Cissie Cole",
    "Douglas Dent",
    "Edith Ellis",
    "Frank Ford",
    "Gladys Grant",
    "Harold Hill",
]
