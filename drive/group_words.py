"""The names a new drive's two groups get: the club's language's own.

Tradition calls group A "Ladies" and group B "Gents" (a role, not a sex:
anyone may play either). A new drive is given them in its club's language
(Panie and Panowie, Дамы and Кавалеры...: locale/GLOSSARY.md); the organiser
may rename them, and a stored drive keeps the names it has.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext, pgettext_lazy

DEFAULT_GROUP_NAMES = {
    # Translators: the name a new drive gives group A (it sits North and
    # East), as clubs traditionally call it; a role, not a sex. Polish Panie,
    # Russian Дамы, Romanian Doamne, Italian Dame.
    "A": pgettext_lazy("default name of group A", "Ladies"),
    # Translators: the name a new drive gives group B (it sits South and
    # West). Polish Panowie, Russian Кавалеры, Romanian Domni, Italian Cavalieri.
    "B": pgettext_lazy("default name of group B", "Gents"),
}


def default_group_labels(language: str) -> dict[str, str]:
    """{"A": ..., "B": ...}: the groups' traditional names in `language`."""
    with translation.override(language):
        return {group: str(name) for group, name in DEFAULT_GROUP_NAMES.items()}


def prize_group_labels(drive: object) -> dict[str, str]:
    """What a prize list calls each group of `drive`: its groups' names, or
    "Group A" and "Group B" in a format without groups (whose players have
    no group name to show, though the club's list may name a group prize)."""
    return drive.group_labels or {  # type: ignore[attr-defined]
        "A": gettext("Group A"),
        "B": gettext("Group B"),
    }
