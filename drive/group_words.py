"""The names a new drive's two groups get: the club's language's own.

Tradition calls group A "Ladies" and group B "Gents" (a role, not a sex:
anyone may play either). A new drive is given them in its club's language
(Panie and Panowie, Дамы and Кавалеры...: locale/GLOSSARY.md); the organiser
may rename them, and a stored drive keeps the names it has.
"""

from __future__ import annotations

# Their home is the players app (the roster shows a player's usual group by them).
from players.group_names import (
    DEFAULT_GROUP_NAMES,
    club_group_labels,
    default_group_labels,
)

__all__ = ["DEFAULT_GROUP_NAMES", "default_group_labels", "prize_group_labels"]


def prize_group_labels(drive: object) -> dict[str, str]:
    """What a prize list calls each group of `drive`: its groups' names, or in
    a format without groups (whose players have no group to show, though the
    club's list may name a group prize, which the drive cannot give) the
    names the club's list calls them by ("Highest Ladies", not "Group A")."""
    return drive.group_labels or club_group_labels(club=drive.club)  # type: ignore[attr-defined]
