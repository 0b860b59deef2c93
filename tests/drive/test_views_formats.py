"""Pages for the other formats: pair registration, the movement preview."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drive.models import DriveState, Entry, Round
from tests.factories import DriveFactory, PlayerFactory, drive_with_players
from tests.fixtures import START

pytestmark = pytest.mark.django_db


def test_pairs_are_registered_together_at_the_door(organiser_client, club):
    drive = DriveFactory(club=club, state="open", format="partners")
    url = reverse("drive:entries", args=[drive.pk])
    page = organiser_client.get(url)
    assert b"Partner's name" in page.content
    response = organiser_client.post(
        url,
        {
            "name": "Zofia Kowalska",
            "partner_name": "Ștefan Popescu",
            "checked_in": "on",
        },
    )
    assert response.status_code == 302
    entries = list(Entry.objects.filter(drive=drive).order_by("number"))
    assert [(e.player.name, e.pair, e.group) for e in entries] == [
        ("Zofia Kowalska", 1, "A"),
        ("Ștefan Popescu", 1, "B"),
    ]
    # A name alone is refused in a partners drive, and nothing is written.
    response = organiser_client.post(url, {"name": "Lonely", "checked_in": "on"})
    assert response.status_code == 400
    assert "partner" in response.content.decode()
    assert Entry.objects.filter(drive=drive).count() == 2


def test_movement_preview_of_a_fixed_format_before_play(organiser_client, club):
    drive = drive_with_players(
        club=club, players=8, format="individual", hands=7, start=False
    )
    response = organiser_client.get(reverse("drive:movement", args=[drive.pk]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Tables by round" in text and "<th>R7</th>" in text
    assert "nobody partners anyone more than once" in text
    assert "<strong>Rule:</strong> Individual: a schedule made before play" in text
    # A preview stores nothing.
    assert not Round.objects.filter(drive=drive).exists()
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN


def test_movement_preview_says_what_stops_the_start(organiser_client, club):
    drive = drive_with_players(club=club, players=8, format="partners", start=False)
    from drive import services

    services.entry_register(drive=drive, player=PlayerFactory(club=club))
    response = organiser_client.get(reverse("drive:movement", args=[drive.pk]))
    assert response.status_code == 200
    assert "Entries without a partner: 9" in response.content.decode()
    start = organiser_client.post(reverse("drive:start", args=[drive.pk]), START)
    assert start.status_code == 400
    assert "Entries without a partner: 9" in start.content.decode()


def test_movement_page_of_a_progressive_drive_in_play(assistant_client, club):
    drive = drive_with_players(club=club, players=8)
    response = assistant_client.get(reverse("drive:movement", args=[drive.pk]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "the results decide the moves" in text
    assert "Rule:</strong> Progressive, losers move: after each round" in text


def test_movement_page_of_another_club_is_not_found(organiser_client):
    drive = drive_with_players(players=8, format="stationary", start=False)
    response = organiser_client.get(reverse("drive:movement", args=[drive.pk]))
    assert response.status_code == 404


def test_a_format_without_groups_has_one_board_and_no_group_column(
    assistant_client, club
):
    from tests.factories import play_round

    drive = drive_with_players(club=club, players=8, format="individual", hands=7)
    assert not drive.has_groups and drive.group_labels == {}
    play_round(drive)
    body = assistant_client.get(
        reverse("scoring:leaderboard", args=[drive.pk])
    ).content.decode()
    assert 'id="overall"' in body
    assert 'id="group-a"' not in body and 'id="group-b"' not in body
    assert ">Group</th>" not in body and '<td class="wide">' not in body
    assert body.count('<td class="num total">') == 8


def test_movement_page_of_three_pairs_shows_the_round_robin(organiser_client, club):
    """Before the start and in play, the organiser reads the rule the three
    pairs play, and a quality line that shows every pair sits out and meets
    every other pair alike."""
    from drive import services

    drive = drive_with_players(
        club=club, players=6, format="partners", hands=6, start=False
    )
    url = reverse("drive:movement", args=[drive.pk])
    preview = organiser_client.get(url).content.decode()
    services.drive_start(drive=drive)
    in_play = organiser_client.get(url).content.decode()
    for text in (preview, in_play):
        assert "<strong>Rule:</strong> Partners (fixed pairs): partners play " in text
        assert "the North-South pair sits out, the pair that sat out comes back" in text
        assert "every pair meets every other pair twice" in text
        assert "2 sit-outs each for 6 players" in text


def register(client, drive, **form):
    """The door's Register button, the players here now."""
    url = reverse("drive:entries", args=[drive.pk])
    return client.post(url, {"checked_in": "on", **form})


def test_a_partner_whose_name_the_roster_holds_twice_is_asked_for_by_buttons(
    organiser_client, club
):
    """A partners drive: the partner typed is one of two Tom Reeds. The door
    asks which, keeping the first player tapped from among namesakes too."""
    from players.models import Player

    drive = DriveFactory(club=club, state="open", format="partners")
    toms = [
        Player.objects.create(club=club, name="Tom Reed", phone=phone)
        for phone in ("01632 960111", "01632 960222")
    ]
    anns = [Player.objects.create(club=club, name="Ann Lee") for _ in range(2)]

    asked = register(organiser_client, drive, name="Ann Lee", partner_name="tom reed")
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "More than one player on the roster is called Ann Lee" in html
    assert re.findall(r'name="player" value="(\d+)"', html) == [str(p.pk) for p in anns]
    # The first is picked; then the partner is asked for, the pick kept.
    first = {"name": "Ann Lee", "player": str(anns[1].pk), "partner_name": "tom reed"}
    asked = register(organiser_client, drive, **first)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "More than one player on the roster is called tom reed" in html
    assert f'<input type="hidden" name="player" value="{anns[1].pk}">' in html
    assert re.findall(r'<button type="submit" name="partner" value="(\d+)"', html) == [
        str(p.pk) for p in toms
    ]
    assert "01632 960222" in html
    assert not Entry.objects.filter(drive=drive).exists()

    picked = register(organiser_client, drive, **first, partner=str(toms[1].pk))
    assert picked.status_code == 302
    assert [
        (e.player_id, e.pair, e.group)
        for e in Entry.objects.filter(drive=drive).order_by("number")
    ] == [(anns[1].pk, 1, "A"), (toms[1].pk, 1, "B")]

    # The other Tom Reed partners the other Ann Lee: each name now means the
    # one not entered, so nothing is asked.
    again = register(organiser_client, drive, name="ann lee", partner_name="Tom Reed")
    assert again.status_code == 302
    assert set(
        Entry.objects.filter(drive=drive, pair=2).values_list("player_id", flat=True)
    ) == {anns[0].pk, toms[0].pk}


def test_two_namesakes_who_come_as_a_pair_are_one_tap(organiser_client, club):
    from players.models import Player

    drive = DriveFactory(club=club, state="open", format="partners")
    twins = [Player.objects.create(club=club, name="Sam Day") for _ in range(2)]
    picked = register(
        organiser_client,
        drive,
        name="Sam Day",
        player=str(twins[0].pk),
        partner_name="Sam Day",
    )
    # The partner is the Sam Day who is not the first.
    assert picked.status_code == 302
    assert [
        e.player_id for e in Entry.objects.filter(drive=drive).order_by("number")
    ] == [twins[0].pk, twins[1].pk]


def test_a_player_pick_from_another_club_is_refused_with_a_reason(
    organiser_client, club
):
    drive = DriveFactory(club=club, state="open", format="partners")
    stranger = PlayerFactory()
    response = organiser_client.post(
        reverse("drive:entries", args=[drive.pk]),
        {"name": "X", "partner_name": "Y", "partner": str(stranger.pk)},
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Entry.objects.filter(drive=drive).exists()


def test_a_name_typed_over_a_pick_is_the_one_registered(organiser_client, club):
    """The first of two Ann Lees was tapped, then the name box was changed:
    the page registers what it shows, not the earlier pick."""
    from players.models import Player

    drive = DriveFactory(club=club, state="open", format="partners")
    ann = Player.objects.create(club=club, name="Ann Lee")
    Player.objects.create(club=club, name="Ann Lee")
    tom = Player.objects.create(club=club, name="Tom Reed")
    response = register(
        organiser_client,
        drive,
        name="Kim Ray",
        player=str(ann.pk),
        partner_name="Rob Roy",
        partner=str(tom.pk),
    )
    assert response.status_code == 302
    assert [
        e.player.name for e in Entry.objects.filter(drive=drive).order_by("number")
    ] == ["Kim Ray", "Rob Roy"]
