"""The bell's call (drive.movement.describe.bell_call, drive.selectors.bell_view)
in the club's language and its own group names, and the organiser ringing it by
hand (drive.clock_services.bell_ring)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive import clock_services
from drive.movement.describe import bell_call, bell_start
from drive.movement.types import Format
from drive.selectors import bell_view
from players.models import AuditKind
from tests.factories import drive_with_players
from tests.fixtures import audit_events

# The call for a progressive drive, losers moving, in each language, with the
# club's own names for its groups.
CALLS = {
    "en-gb": "Losers move: Hearts up one table, Spades down one table.",
    "pl": "Przechodzą przegrani: Hearts o jeden stolik w górę, Spades o jeden stolik w dół.",
    "ru": "Переходят проигравшие: Hearts\u00a0— на стол выше, Spades\u00a0— на стол ниже.",
    "ro": "Se mută cei care au pierdut: Hearts cu o masă în sus, Spades cu o masă în jos.",
    "it": "Si spostano i perdenti: Hearts avanti di un tavolo, Spades indietro di un tavolo.",
}


@pytest.mark.parametrize("language", sorted(CALLS))
def test_the_call_is_in_the_language_with_the_drives_own_group_names(language):
    with translation.override(language):
        call = bell_call(Format.PROGRESSIVE, group_a="Hearts", group_b="Spades")
    assert call.startswith(CALLS[language]), call


@pytest.mark.parametrize(
    ("format", "winners_move", "names"),
    [
        (Format.PROGRESSIVE, False, True),
        (Format.PROGRESSIVE, True, True),
        (Format.SEMI_PARTNER, False, True),
        (Format.SEMI_PARTNER, True, True),
        (Format.STATIONARY, False, True),
        (Format.INDIVIDUAL, False, False),
        (Format.PREDICTION, False, False),
        (Format.PARTNERS, False, False),
        (Format.RUBBER, False, False),
    ],
)
@pytest.mark.parametrize("language", sorted(CALLS))
def test_every_format_has_a_call_in_every_language(
    format, winners_move, names, language
):
    with translation.override(language):
        call = bell_call(
            format, winners_move=winners_move, group_a="Hearts", group_b="Spades"
        )
    assert call and "%(" not in call
    assert ("Hearts" in call and "Spades" in call) == names
    if language != "en-gb":
        with translation.override("en-gb"):
            english = bell_call(
                format, winners_move=winners_move, group_a="Hearts", group_b="Spades"
            )
        assert call != english


def test_winners_move_calls_the_winners():
    assert bell_call(
        Format.PROGRESSIVE, winners_move=True, group_a="A", group_b="B"
    ).startswith("Winners move")


def test_pairs_move_by_the_movement_their_drive_plays():
    mitchell = bell_call(Format.PARTNERS, group_a="", group_b="", round_robin=False)
    robin = bell_call(Format.PARTNERS, group_a="", group_b="", round_robin=True)
    assert mitchell.startswith("North-South pairs stay")
    assert robin.startswith("North-South pairs move down")


def test_a_rounds_start_is_a_game_in_prediction_whist():
    with translation.override("pl"):
        assert bell_start(Format.PROGRESSIVE, round_number=3) == "Runda 3: gramy."
        assert bell_start(Format.PREDICTION, round_number=3) == "Partia 3: gramy."


@pytest.mark.django_db
def test_the_bell_of_a_drive_names_its_groups_in_the_clubs_language(club):
    club.language = "pl"
    club.save()
    drive = drive_with_players(players=8, club=club)
    drive.group_a_label, drive.group_b_label = "Panie", "Panowie"
    drive.save()
    with translation.override("pl"):
        bell = bell_view(drive=drive)
    assert bell.call.startswith(
        "Przechodzą przegrani: Panie o jeden stolik w górę, Panowie o jeden stolik w dół."
    )
    assert bell.start == "Runda 1: gramy." and bell.round_number == 1
    assert bell.rung == 0


@pytest.mark.django_db
def test_ringing_the_bell_counts_each_ring(club):
    drive = drive_with_players(players=8, club=club)
    clock_services.bell_ring(drive=drive)
    drive = clock_services.bell_ring(drive=drive)
    drive.refresh_from_db()
    assert drive.bell_rung == 2


@pytest.mark.django_db
def test_the_bell_rings_only_in_play(club):
    drive = drive_with_players(players=8, club=club, start=False)
    with pytest.raises(ValidationError) as refused:
        clock_services.bell_ring(drive=drive)
    assert refused.value.code == "conflict"
    drive.refresh_from_db()
    assert drive.bell_rung == 0


@pytest.mark.django_db
def test_each_ring_leaves_its_record_with_the_round_and_who_rang(club, organiser):
    drive = drive_with_players(players=8, club=club)
    clock_services.bell_ring(drive=drive, by=organiser)
    clock_services.bell_ring(drive=drive)
    rings = audit_events(drive, AuditKind.DRIVE_BELL)
    assert [(e.who, e.new) for e in rings] == [
        ("olive", {"round": 1, "rung": 1}),
        ("command line", {"round": 1, "rung": 2}),
    ]
    assert rings[0].subject == f"drive {drive.pk} {drive.name}"
    assert rings[0].refs == {"drive": drive.pk} and rings[0].old is None


@pytest.mark.django_db
def test_a_bell_refused_leaves_no_record(club):
    drive = drive_with_players(players=8, club=club, start=False)
    with pytest.raises(ValidationError):
        clock_services.bell_ring(drive=drive)
    assert audit_events(drive, AuditKind.DRIVE_BELL) == []
