"""What a club calls its two groups: the traditional names a new drive is
given in the club's language, and the names the club's latest drive with
groups uses.

Tradition calls group A "Ladies" and group B "Gents" (a role, not a sex:
anyone may play either). A new drive is given them in its club's language
(Panie and Panowie, Дамы and Кавалеры...: locale/GLOSSARY.md); the organiser
may rename them, and a stored drive keeps the names it has. The roster, which
keeps a player's usual group as A or B, shows it by the club's names.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import pgettext_lazy

from players.models import Club

DEFAULT_GROUP_NAMES = {
    # Translators: the name a new drive gives group A (it sits North and
    # East), as clubs traditionally call it; a role, not a sex. Polish Panie,
    # Russian Дамы, Romanian Doamne, Italian Dame.
    "A": pgettext_lazy("default name of group A", "Ladies"),
    # Translators: the name a new drive gives group B (it sits South and
    # West). Polish Panowie, Russian Кавалеры, Romanian Domni, Italian Cavalieri.
    "B": pgettext_lazy("default name of group B", "Gents"),
}


# The formats whose drives have groups (drive.movement.types.GROUPED, what
# Drive.has_groups asks): players imports nothing from drive, so it names them
# here, and tests/players/test_club_group_names checks that the two agree.
GROUPED_FORMATS = ("progressive", "semi-partner", "stationary")


def default_group_labels(language: str) -> dict[str, str]:
    """{"A": ..., "B": ...}: the groups' traditional names in `language`."""
    with translation.override(language):
        return {group: str(name) for group, name in DEFAULT_GROUP_NAMES.items()}


def club_group_labels(*, club: Club) -> dict[str, str]:
    """How the club names its groups: as its latest drive with groups does,
    else by the traditional names in the club's language (Ladies and Gents,
    Panie and Panowie). A drive without groups (rubber whist, partners,
    prediction whist...) keeps the names it was given but never shows them:
    it names nothing."""
    # Through the club (drive.Drive, related_name "drives"): players imports
    # nothing from drive.
    latest = (
        club.drives.filter(format__in=GROUPED_FORMATS)
        .order_by("-date", "-id")
        .values_list("group_a_label", "group_b_label")
        .first()
    )
    if latest is None:
        return default_group_labels(club.language)
    return {"A": latest[0], "B": latest[1]}
