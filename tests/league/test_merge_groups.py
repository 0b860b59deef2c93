"""The merge page names a usual group as the roster does, by the club's names
for its groups (players.group_names: Panie and Panowie in a Polish club, the
names its drives use), never "Group A" or "Group B"."""

from __future__ import annotations

import datetime

import pytest

from drive import services as drive_services
from league.merge_selectors import merge_plan
from tests.factories import CLUB_GROUP_NAMES, ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db

NAMES = CLUB_GROUP_NAMES


@pytest.mark.parametrize("language", list(NAMES))
def test_the_group_taken_and_the_group_lost_are_named_as_the_club_names_them(
    language,
):
    club = ClubFactory(language=language)
    a, b = NAMES[language]
    kept = PlayerFactory(club=club, name="Anna Wiśniewska")
    typo = PlayerFactory(club=club, name="Anna Wisniewska", group="A")
    taken = merge_plan(kept=kept, removed=typo)
    shown = [(v.after, v.lost) for v in taken.values]
    assert (a, "") in shown  # the kept player had none: taken from the other
    assert not any("Group" in after or "Group" in lost for after, lost in shown)
    kept.group = "B"
    kept.save(update_fields=["group"])
    lost = merge_plan(kept=kept, removed=typo)
    assert (b, a) in [(v.after, v.lost) for v in lost.values]


def test_a_club_whose_drives_rename_the_groups_sees_those_names():
    club = ClubFactory(language="pl")
    drive_services.drive_create(
        club=club,
        name="Drive",
        date=datetime.date(2026, 12, 4),
        group_a_label="Czerwoni",
        group_b_label="Niebiescy",
    )
    kept = PlayerFactory(club=club, name="Anna Wiśniewska", group="B")
    typo = PlayerFactory(club=club, name="Anna Wisniewska", group="A")
    plan = merge_plan(kept=kept, removed=typo)
    assert ("Niebiescy", "Czerwoni") in [(v.after, v.lost) for v in plan.values]
