"""The "Cards in" desk and the other pages of a cards-in drive: set-up, the
drive's page, the links page, the room's bell, the leaderboard and prizes."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from drive.models import Drive, DriveState
from scoring import services as scoring_services
from scoring.models import CardTotal
from tests.factories import ClubFactory, MembershipFactory, drive_with_players

pytestmark = pytest.mark.django_db


def paper_drive(club, **settings) -> Drive:
    return drive_with_players(
        players=8, hands=4, club=club, score_entry="cards", **settings
    )


def finished(drive: Drive) -> Drive:
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    return drive


def desk(drive: Drive) -> str:
    return f"/drives/{drive.pk}/cards-in/"


def number_value(html: str) -> str:
    return re.search(r'<input[^>]*name="number"[^>]*value="(\d*)"', html).group(1)


def test_the_desk_is_in_the_menu_and_offers_the_first_card_out(club, assistant_client):
    drive = paper_drive(club)
    overview = assistant_client.get(f"/drives/{drive.pk}/").content.decode()
    assert f'href="{desk(drive)}"' in overview
    assert "Cards in at the end" in overview
    assert f'href="/drives/{drive.pk}/scores/"' not in overview
    html = assistant_client.get(desk(drive)).content.decode()
    assert "0 cards in, 8 still out." in html
    assert number_value(html) == "1"
    assert 'name="hands_won"' in html  # the default tie-breaks use hands won


def test_typing_a_card_brings_up_the_next_one_out(club, organiser_client):
    drive = finished(paper_drive(club))
    response = organiser_client.post(
        desk(drive), {"number": 3, "total": 9, "hands_won": 3, "correct": "False"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Card 3: 9, saved." in html
    assert number_value(html) == "4"
    assert "1 card in, 7 still out." in html
    assert CardTotal.objects.get(entry__number=3).total == 9


def test_the_htmx_answer_is_the_desk_alone(club, organiser_client):
    drive = finished(paper_drive(club))
    response = organiser_client.post(
        desk(drive), {"number": 1, "total": 5, "hands_won": 2}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="cards-in">')
    assert "<nav" not in html


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"number": "", "total": 5, "hands_won": 1}, "Type the entry number"),
        ({"number": 1, "total": "x", "hands_won": 1}, "whole number"),
        ({"number": 1, "total": 5}, "Type the hands won as well"),
        ({"number": 77, "total": 5, "hands_won": 1}, "No entry 77"),
        ({"number": 1, "total": 29, "hands_won": 4}, "impossible"),
        ({"number": 1, "total": -1, "hands_won": 0}, "impossible"),
    ],
)
def test_a_wrong_card_is_refused_with_words(club, organiser_client, fields, words):
    drive = finished(paper_drive(club))
    response = organiser_client.post(desk(drive), fields)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not CardTotal.objects.exists()


def refusal(response) -> str:
    """The refusal the desk shows above its form."""
    found = re.search(
        r'<div class="errors" role="alert"><p>(.*?)</p>', response.content.decode()
    )
    return html.unescape(found.group(1)) if found else ""


def test_one_hand_won_of_four_cannot_make_eight_and_the_desk_says_why(
    club, organiser_client
):
    drive = finished(paper_drive(club))
    response = organiser_client.post(
        desk(drive), {"number": 1, "total": 8, "hands_won": 1}
    )
    assert response.status_code == 400
    assert refusal(response) == (
        "Card 1: a total of 8 is impossible with 1 of 4 hands won. A hand won "
        "scores from 1 to 7 and a hand lost scores 0. This card's total can be "
        "from 1 to 7."
    )
    assert not CardTotal.objects.exists()
    for total in (1, 2, 7):
        answer = organiser_client.post(
            desk(drive),
            {"number": 1, "total": total, "hands_won": 1, "correct": "True"},
        )
        assert answer.status_code == 200, refusal(answer)
        assert CardTotal.objects.get(entry__number=1).total == total


def test_by_total_tricks_one_hand_won_makes_seven_or_more(club, organiser_client):
    drive = finished(paper_drive(club, scoring_rule="total"))
    response = organiser_client.post(
        desk(drive), {"number": 2, "total": 2, "hands_won": 1}
    )
    assert response.status_code == 400
    assert refusal(response) == (
        "Card 2: a total of 2 is impossible with 1 of 4 hands won. A hand won "
        "scores from 7 to 13 and a hand lost from 0 to 6. This card's total can "
        "be from 7 to 31."
    )
    answer = organiser_client.post(
        desk(drive), {"number": 2, "total": 8, "hands_won": 1}
    )
    assert answer.status_code == 200
    assert "Card 2: 8, saved." in answer.content.decode()


@pytest.mark.parametrize(("sequence", "accepted"), [("H,D,S,C", True), ("NT", False)])
def test_honours_count_only_in_hands_with_trumps(
    club, organiser_client, sequence, accepted
):
    drive = finished(paper_drive(club, count_honours=True, trump_sequence=sequence))
    # One hand won of four: its odd tricks and honours, and honours held on
    # hands lost, make 12 only where the hands had trumps.
    response = organiser_client.post(
        desk(drive), {"number": 3, "total": 12, "hands_won": 1}
    )
    assert (response.status_code == 200) is accepted
    if not accepted:
        assert response.status_code == 400
        assert "A No-trumps hand scores no honours." in refusal(response)
        assert refusal(response).endswith("This card's total can be from 1 to 7.")


def test_a_card_typed_again_differently_is_shown_to_choose(club, organiser_client):
    drive = finished(paper_drive(club))
    organiser_client.post(desk(drive), {"number": 2, "total": 8, "hands_won": 3})
    response = organiser_client.post(
        desk(drive), {"number": 2, "total": 11, "hands_won": 3}
    )
    html = response.content.decode()
    assert response.status_code == 409
    assert "typed before as 8, now as 11" in html
    assert "Keep 8 (3 won)" in html and "Use 11 (3 won)" in html
    chosen = organiser_client.post(
        f"/drives/{drive.pk}/cards-in/dispute/", {"number": 2, "take": "second"}
    )
    assert chosen.status_code == 302
    assert CardTotal.objects.get(entry__number=2).total == 11
    again = organiser_client.post(
        f"/drives/{drive.pk}/cards-in/dispute/", {"number": 2, "take": "second"}
    )
    assert again.status_code == 409


def test_a_card_in_can_be_corrected_from_its_link(club, organiser_client):
    drive = finished(paper_drive(club))
    organiser_client.post(desk(drive), {"number": 2, "total": 8, "hands_won": 3})
    html = organiser_client.get(desk(drive)).content.decode()
    assert f'href="{desk(drive)}?correct=2"' in html
    form = organiser_client.get(f"{desk(drive)}?correct=2").content.decode()
    assert "Correcting a card already in" in form
    response = organiser_client.post(
        desk(drive), {"number": 2, "total": 6, "hands_won": 2, "correct": "True"}
    )
    assert "Card 2 corrected to 6." in response.content.decode()


def test_a_drive_scored_hand_by_hand_says_there_are_no_cards(club, organiser_client):
    drive = drive_with_players(players=8, hands=4, club=club)
    html = organiser_client.get(desk(drive)).content.decode()
    assert "there are no cards to type in" in html
    posted = organiser_client.post(desk(drive), {"number": 1, "total": 1})
    assert posted.status_code == 409


def test_another_clubs_drive_is_not_found(club, organiser_client):
    other = paper_drive(ClubFactory())
    assert organiser_client.get(desk(other)).status_code == 404


def test_the_links_page_says_no_captain_links_are_needed(club, organiser_client):
    drive = paper_drive(club)
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    assert "the tables need no captain links" in html
    assert "/t/" not in html


def test_the_room_rings_the_bell_without_results(club, organiser_client):
    drive = paper_drive(club)
    room = organiser_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert "Ring the bell: end round 1" in room
    response = organiser_client.post(
        f"/drives/{drive.pk}/room/next/", {"round": 1}, follow=True
    )
    assert "round 1 is over and round 2 has started" in response.content.decode()
    drive.refresh_from_db()
    assert drive.current_round == 2


def test_the_leaderboard_and_prizes_read_the_typed_cards(club, organiser_client):
    drive = finished(paper_drive(club))
    for number, total, won in ((1, 10, 3), (2, 10, 4), (3, 2, 1)):
        organiser_client.post(
            desk(drive), {"number": number, "total": total, "hands_won": won}
        )
    board = organiser_client.get(f"/drives/{drive.pk}/leaderboard/").content.decode()
    assert "5 cards still out" in board
    prizes = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert "tie-breaks were passed over" in prizes
    assert "decided by most hands won" in prizes
    results = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "typed from the players' own score cards" in results
    # The cards give totals only: there is no race to draw.
    assert 'id="race-section"' not in results


def test_set_up_offers_cards_in_and_refuses_it_for_rubbers(club, organiser_client):
    form = organiser_client.get("/drives/new/").content.decode()
    assert 'name="score_entry"' in form and 'value="cards"' in form
    response = organiser_client.post(
        "/drives/new/",
        {
            "name": "Rubber on paper",
            "date": "2026-12-04",
            "hands": 8,
            "hands_per_round": 4,
            "format": "rubber",
            "trump_sequence": "H,D,S,C,NT",
            "scoring_rule": "odd",
            "rubber_preset": "english",
            "group_a_label": "Ladies",
            "group_b_label": "Gents",
            "sit_out_compensation": "none",
            "sit_out_fixed_score": 0,
            "score_entry": "cards",
        },
    )
    # A rubber whist drive's form does not offer cards in at the end (a
    # rubber's score is more than a card's total): a choice sent anyway is
    # not one of its settings, and the drive takes its hands one by one.
    assert response.status_code == 302
    assert Drive.objects.get(name="Rubber on paper").score_entry == "hands"
    form = organiser_client.get("/drives/new/?format=rubber").content.decode()
    assert 'name="score_entry"' not in form


def test_the_desk_speaks_polish(db):
    club = ClubFactory(name="Klub Wisła", language="pl")
    drive = finished(paper_drive(club))
    client = Client()
    client.force_login(MembershipFactory(club=club).user)
    html = client.get(desk(drive)).content.decode()
    assert "Zbieranie kart" in html
    assert "Jeszcze nie oddane" in html
    response = client.post(desk(drive), {"number": 1, "total": 29, "hands_won": 4})
    assert "jest niemożliwa" in response.content.decode()
    response = client.post(desk(drive), {"number": 1, "total": 8, "hands_won": 1})
    assert response.status_code == 400
    assert refusal(response) == (
        "Karta 1: suma 8 jest niemożliwa przy wygranych rozdaniach: 1 z 4. "
        "Wygrane rozdanie daje od 1 do 7, a przegrane 0. "
        "Suma tej karty może wynosić od 1 do 7."
    )
