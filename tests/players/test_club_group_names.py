"""How a club names its groups (players.group_names.club_group_labels): by
its latest drive that has groups. A drive of a format without groups (rubber
whist, partners, individual, prediction whist) keeps the traditional names it
was given, which it never shows; it must not override the names the club's
grouped drives use."""

from __future__ import annotations

import datetime

import pytest

from drive import services as drive_services
from drive.movement.types import GROUPED, Format
from drive.trumps import DEALS_PER_GAME, PREDICTION_SEQUENCE, format_sequence
from players.group_names import GROUPED_FORMATS, club_group_labels

pytestmark = pytest.mark.django_db

# What each format needs besides the defaults (tests/factories' drives).
SETTINGS = {
    Format.RUBBER: {
        "hands": 24,
        "hands_per_round": 12,
        "trump_sequence": "Hearts, Diamonds, Spades, Clubs",
    },
    Format.PREDICTION: {
        "hands": DEALS_PER_GAME * 2,
        "hands_per_round": DEALS_PER_GAME,
        "trump_sequence": format_sequence(PREDICTION_SEQUENCE),
    },
}


def test_the_formats_with_groups_are_the_drive_apps():
    # players cannot import drive (the layers contract): it names them itself.
    assert set(GROUPED_FORMATS) == {f.value for f in GROUPED}


@pytest.mark.parametrize(
    "ungrouped", [Format.RUBBER, Format.PARTNERS, Format.INDIVIDUAL, Format.PREDICTION]
)
def test_a_later_drive_without_groups_does_not_override_the_clubs_names(
    club, ungrouped
):
    club.language = "ro"
    club.save(update_fields=["language"])
    drive_services.drive_create(
        club=club,
        name="Grouped",
        date=datetime.date(2026, 12, 1),
        group_a_label="Roșii",
        group_b_label="Albaștri",
    )
    later = drive_services.drive_create(
        club=club,
        name="Later",
        date=datetime.date(2026, 12, 4),
        format=ungrouped.value,
        **SETTINGS.get(ungrouped, {}),
    )
    assert not later.has_groups
    # The later drive carries the traditional names, unseen.
    assert (later.group_a_label, later.group_b_label) == ("Doamne", "Domni")
    assert club_group_labels(club=club) == {"A": "Roșii", "B": "Albaștri"}


def test_a_club_with_only_drives_without_groups_has_the_traditional_names(club):
    club.language = "pl"
    club.save(update_fields=["language"])
    drive_services.drive_create(
        club=club,
        name="Rubbers",
        date=datetime.date(2026, 12, 4),
        format=Format.RUBBER.value,
        **SETTINGS[Format.RUBBER],
        group_a_label="Reds",
        group_b_label="Blues",
    )
    assert club_group_labels(club=club) == {"A": "Panie", "B": "Panowie"}


def test_the_latest_grouped_drive_names_them(club):
    for day, names in ((1, ("Reds", "Blues")), (3, ("Greens", "Golds"))):
        drive_services.drive_create(
            club=club,
            name=f"Drive {day}",
            date=datetime.date(2026, 12, day),
            format=Format.STATIONARY.value,
            group_a_label=names[0],
            group_b_label=names[1],
        )
    assert club_group_labels(club=club) == {"A": "Greens", "B": "Golds"}
