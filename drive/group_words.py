"""The names a new drive's two groups get: the club's language's own.

Tradition calls group A "Ladies" and group B "Gents" (a role, not a sex:
anyone may play either). A new drive is given them in its club's language
(Panie and Panowie, Дамы and Кавалеры...: locale/GLOSSARY.md); the organiser
may rename them, and a stored drive keeps the names it has.
"""

from __future__ import annotations

from django.utils.translation import gettext

# Their home is the players app (the roster shows a player's usual group by them).
from players.group_names import DEFAULT_GROUP_NAMES, default_group_labels

__all__ = ["DEFAULT_GROUP_NAMES", "default_group_labels", "prize_group_labels"]


def prize_group_labels(drive: object) -> dict[str, str]:
    """What a prize list calls each group of `drive`: its groups' names, or
    "Group A" and "Group B" in a format without groups (whose players have
    no group name to show, though the club's list may name a group prize)."""
    return drive.group_labels or {  # type: ignore[attr-defined]
        "A": gettext("Group A"),
        "B": gettext("Group B"),
    }
