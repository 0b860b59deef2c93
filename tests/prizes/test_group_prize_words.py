"""A group's best score named in each language by the group's name, which
the sentence must take as a name ("Cel mai bun scor din grupa Doamne"), and
by the name the club gives the group even where a drive has no groups."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation
from django.utils.translation import gettext

from drive import services as drive_services
from drive.group_words import default_group_labels
from prizes import services as prize_services
from prizes.prize_list import PrizeKind, PrizeSpec
from tests.factories import play_drive, rubber_drive


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("ro", "Cel mai bun scor din grupa Doamne"),
        ("pl", "Najlepszy wynik w grupie Panie"),
        ("ru", "Лучший результат в группе «Дамы»"),
        ("it", "Miglior punteggio\u00a0– Dame"),
    ],
)
def test_the_best_score_of_a_group_names_the_group(language, shown):
    labels = default_group_labels(language)
    with translation.override(language):
        assert PrizeSpec(PrizeKind.GROUP, 1, "A").shown(labels) == shown


GROUP_PRIZES = [
    PrizeSpec(PrizeKind.GROUP, 1, "A"),
    PrizeSpec(PrizeKind.GROUP, 2, "A"),
    PrizeSpec(PrizeKind.HALF_TIME, 1, "A"),
    PrizeSpec(PrizeKind.LOWEST, 1, "A"),
    PrizeSpec(PrizeKind.SECOND_HALF, 1, "A"),
    PrizeSpec(PrizeKind.MOST_TRICKS, 9, "A"),
]


@pytest.mark.parametrize(
    ("language", "named"),
    [
        ("pl", " w grupie Panie"),
        ("ru", " в группе «Дамы»"),
        ("ro", " grupa Doamne"),
        ("it", "\u00a0– Dame"),
    ],
)
def test_every_group_prize_names_its_group_the_same_way(language, named):
    """All a group's prizes say whose in one phrase, as the best score does:
    "2. miejsce w grupie Panie", never "2. miejsce: Panie", and in Romanian
    never "Locul 2 la Doamne" ("at Ladies")."""
    labels = default_group_labels(language)
    with translation.override(language):
        shown = [prize.shown(labels) for prize in GROUP_PRIZES]
    assert all(line.endswith(named) for line in shown), shown
    assert not any(" la Doamne" in line for line in shown)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "labels", "note"),
    [
        ("en-gb", ("Reds", "Blues"), "Highest Reds (this drive has no groups)"),
        ("ro", ("Doamne", "Domni"), "cel mai bun scor din grupa Doamne ("),
    ],
)
def test_a_rubber_drives_left_off_group_prize_is_named_by_the_clubs_group(
    club, organiser_client, language, labels, note
):
    """The club's list gives the best of group A; a rubber drive, which has no
    groups, leaves it off, and the organiser's prizes page names it as the
    club calls the group (as its latest drive with groups does: a drive
    without groups names none), never "Group A" ("din grupa Grupa A")."""
    club.language = language
    club.save()
    drive_services.drive_create(
        club=club,
        name="Grouped",
        date=datetime.date(2026, 11, 20),
        group_a_label=labels[0],
        group_b_label=labels[1],
    )
    # The rubber drive, a week later, keeps the traditional names it is given.
    traditional = default_group_labels(language)
    drive = rubber_drive(
        club, group_a_label=traditional["A"], group_b_label=traditional["B"]
    )
    prize_services.club_prizes_update(
        club=club,
        prizes=f"1st overall\nHighest {labels[0]}\nBooby",
        tie_breaks=["count_back"],
        one_prize_per_person=False,
    )
    drive = play_drive(drive)
    page = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert note in page
    with translation.override(language):
        assert gettext("Group A") not in page
