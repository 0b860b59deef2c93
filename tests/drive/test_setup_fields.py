"""The drive's set-up fields, listed once (drive.setup.SETUP): the form, the
services, the edit page and the checks of a loaded drive take them from there."""

from __future__ import annotations

import pytest

from drive import setup
from drive.forms import DriveForm
from drive.models import Drive, MovementFormat
from tests.factories import drive_with_players
from tests.sources import places

pytestmark = pytest.mark.django_db

# The fields a drive's movement (or its date) depends on: fixed once play starts.
FIXED_IN_PLAY = {
    "date",
    # A prediction whist drive's ranking: fixed with its rules.
    "prediction_ranking",
    # How scores come in (hand by hand, or the cards' totals at the end).
    "score_entry",
    "hands",
    "hands_per_round",
    "format",
    "winners_move",
    "three_handed",
    "trump_sequence",
}


def test_the_setup_fields_and_which_may_change_in_play():
    model_fields = {f.name for f in Drive._meta.get_fields()}
    assert set(setup.SETUP_FIELDS) <= model_fields
    # Each movement's form asks its settings in the set-up's order, and every
    # setting is asked by some movement's form.
    asked = set()
    for format in MovementFormat.values:
        fields = list(DriveForm(format=format).fields)
        assert fields == [name for name in setup.SETUP_FIELDS if name in fields]
        asked |= set(fields)
    assert asked == set(setup.SETUP_FIELDS)
    assert set(setup.SETUP_FIELDS) - set(setup.IN_PLAY_FIELDS) == (FIXED_IN_PLAY)


def test_the_edit_page_locks_what_play_has_fixed(club, organiser_client):
    drive = drive_with_players(players=8, club=club)
    form = organiser_client.get(f"/drives/{drive.pk}/edit/").context["form"]
    locked = {name for name, field in form.fields.items() if field.disabled}
    # A progressive drive's form has no ranking: only prediction whist asks it.
    assert locked == FIXED_IN_PLAY - {"prediction_ranking"}


def test_no_other_module_writes_the_setup_fields_out():
    # A list of the fields, one a line, as the form and the services each had.
    listed = places(
        r"^\s*[\"'](hands_per_round|sit_out_fixed_score|advance_automatically)[\"'],\s*$",
        suffixes=(".py",),
    )
    assert listed == []
