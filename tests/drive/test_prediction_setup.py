"""Setting up a prediction whist drive (issue #18): the set-up form, where
the number of hands is the deals (8 to a game) and the settings the game fixes
are not asked; registration and check-in as in the individual format (no
groups shown); the drive's page saying the rules and the split of the head
count into tables; the seating page with a table of five."""

from __future__ import annotations

import re
from html import unescape

import pytest

from drive.forms import DriveForm
from drive.models import Drive, Entry, SitOutCompensation
from drive.movement.types import FORMATS, Format, Game
from drive.setup import prediction_hands_error
from drive.trumps import PREDICTION_SEQUENCE, format_sequence
from scoring import prediction_rules
from tests.drive.drive_form import PREDICTION_FORM
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of
from tests.predictions import prediction_drive

pytestmark = pytest.mark.django_db


def field_names(html: str) -> set[str]:
    return set(re.findall(r'name="([a-z_]+)"', html))


# --- the set-up form ------------------------------------------------------------


def test_a_new_drive_of_prediction_whist_is_settled_by_its_game(organiser_client):
    # The form still sends hands per round and trumps: the game fixes them.
    response = organiser_client.post(
        "/drives/new/",
        PREDICTION_FORM | {"hands_per_round": "4", "trump_sequence": "Bananas"},
    )
    assert response.status_code == 302
    drive = Drive.objects.get()
    assert drive.game is Game.PREDICTIONS
    assert (drive.hands, drive.hands_per_round, drive.rounds) == (24, 8, 3)
    assert drive.trump_sequence == format_sequence(PREDICTION_SEQUENCE)


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        (
            "20",
            "20 deals is not a whole number of games of 8: choose 16 (2 games) or 24 (3 games).",
        ),
        ("4", "4 deals is not a whole number of games of 8: choose 8 (1 game)."),
        (
            "12",
            "12 deals is not a whole number of games of 8: choose 8 (1 game) or 16 (2 games).",
        ),
        ("0", "A drive has from 1 to 200 hands."),
    ],
)
def test_deals_that_are_not_whole_games_are_refused_in_words(
    organiser_client, hands, words
):
    response = organiser_client.post("/drives/new/", PREDICTION_FORM | {"hands": hands})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Drive.objects.exists()


def test_the_error_names_the_nearest_whole_games():
    assert prediction_hands_error(17) == (
        "17 deals is not a whole number of games of 8: choose 16 (2 games) or 24 "
        "(3 games)."
    )


def test_the_new_drive_form_says_what_prediction_whist_leaves_aside(organiser_client):
    """A new drive's form shows prediction whist's settings once it is the
    movement chosen, and not before."""
    html = organiser_client.get("/drives/new/").content.decode()
    assert "<legend>Prediction whist</legend>" not in html
    html = organiser_client.get("/drives/new/?format=prediction").content.decode()
    assert "<legend>Prediction whist</legend>" in html
    assert "so the hands per round, the trumps, the scoring" in html
    assert 'name="prediction_ranking"' in html
    assert 'name="hands_per_round"' not in html
    assert "Number of deals (8 to a game)" in html
    headings = [section.heading for section in DriveForm().sections()]
    assert headings == ["", "Honours and revokes", ""]
    form = DriveForm(format="prediction")
    headings = [section.heading for section in form.sections()]
    assert headings == ["", "Prediction whist", ""]


def test_editing_a_prediction_drive_asks_only_what_it_uses(club, organiser_client):
    drive = prediction_drive(club, players=8, games=3, start=False)
    page = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    names = field_names(page)
    unused = {
        "hands_per_round",
        "trump_sequence",
        "winners_move",
        "three_handed",
        "scoring_rule",
        "group_a_label",
        "group_b_label",
        "count_honours",
        "revoke_penalty",
        "rubber_preset",
    }
    assert not names & unused
    assert {"name", "hands", "format", "sit_out_compensation"} <= names
    assert "Number of deals (8 to a game)" in page
    assert "the groups are not asked" in page
    # Saving without the settings it does not show keeps them.
    data = {k: v for k, v in PREDICTION_FORM.items() if k not in unused} | {
        "name": "Wist evening",
        "hands": "16",
        "sit_out_compensation": "fixed",
        "sit_out_fixed_score": "6",
    }
    response = organiser_client.post(drive_url(drive, "edit/"), data)
    assert response.status_code == 302
    drive.refresh_from_db()
    assert (drive.name, drive.hands, drive.hands_per_round) == ("Wist evening", 16, 8)
    assert drive.sit_out_fixed_score == 6
    assert drive.trump_sequence == format_sequence(PREDICTION_SEQUENCE)
    refused = organiser_client.post(drive_url(drive, "edit/"), data | {"hands": "18"})
    assert refused.status_code == 400
    assert "18 deals is not a whole number of games of 8" in refused.content.decode()


def test_editing_a_started_prediction_drive_locks_the_deals(club, organiser_client):
    drive = prediction_drive(club, players=8, games=2)
    form = organiser_client.get(drive_url(drive, "edit/")).context["form"]
    locked = {name for name, field in form.fields.items() if field.disabled}
    # The ranking (by points or by share) is fixed with the drive's rules.
    assert locked == {"date", "hands", "format", "prediction_ranking"}
    # Cards in at the end, which a prediction drive refuses, is not offered;
    # the settings about rounds speak of games.
    assert "score_entry" not in form.fields
    assert form.fields["advance_automatically"].label == (
        "Start the next game as soon as every table is in"
    )
    assert form.fields["silent_rounds"].label == "Silent games at the end"
    assert "over the last games" in form.fields["silent_rounds"].help_text
    assert form.fields["sit_out_fixed_score"].label == "Fixed score per deal sat out"


def compensation_choices(html: str) -> list[str]:
    """The sit-out compensation's choices as the set-up page offers them."""
    # Offered as radio buttons, its choices being too long for a phone's select.
    return [
        unescape(label)
        for label in re.findall(
            r'<input type="radio" name="sit_out_compensation"[^>]*><span>([^<]*)</span></label>',
            html,
        )
    ]


@pytest.mark.parametrize(
    ("language", "prediction", "hands"),
    [
        (
            "en-gb",
            [
                "None",
                "A fixed score for each deal sat out",
                "The player's own average, for each deal sat out",
                "The room's average for that game",
            ],
            [
                "None",
                "A fixed score for each hand sat out",
                "The player's own average",
                "The room's average for that hand",
            ],
        ),
        (
            "pl",
            [
                "Brak",
                "Stały wynik za każde rozdanie pauzy",
                "Własna średnia gracza, za każde rozdanie pauzy",
                "Średnia sali w tej partii",
            ],
            [
                "Brak",
                "Stały wynik za każde rozdanie pauzy",
                "Własna średnia gracza",
                "Średnia sali w tym rozdaniu",
            ],
        ),
    ],
)
def test_the_sit_out_choices_speak_of_deals_and_games_in_prediction_whist(
    club, organiser_client, language, prediction, hands
):
    club.language = language
    club.save()
    wist = prediction_drive(club, players=7, games=2, start=False)
    page = organiser_client.get(drive_url(wist, "edit/")).content.decode()
    assert compensation_choices(page) == prediction
    # A drive of hands keeps its hands.
    other = drive_with_players(players=8, club=club, start=False)
    page = organiser_client.get(drive_url(other, "edit/")).content.decode()
    assert compensation_choices(page) == hands


def test_the_fixed_score_is_asked_per_deal_and_a_game_is_eight(club, organiser_client):
    wist = prediction_drive(club, players=7, games=2, start=False)
    form = organiser_client.get(drive_url(wist, "edit/")).context["form"]
    assert form.fields["sit_out_fixed_score"].help_text == (
        "Points for each deal sat out, when the compensation is fixed (8 deals "
        "for a game sat out)."
    )
    # The choice posted is kept, whatever its words.
    data = PREDICTION_FORM | {"name": wist.name, "sit_out_compensation": "room_average"}
    assert organiser_client.post(drive_url(wist, "edit/"), data).status_code == 302
    wist.refresh_from_db()
    assert wist.sit_out_compensation == "room_average"
    page = organiser_client.get(drive_url(wist)).content.decode()
    assert "The room&#x27;s average for that game" in page
    assert "for that hand" not in page and "hand sat out" not in page


def test_every_format_names_every_sit_out_choice():
    values = [choice.value for choice in SitOutCompensation]
    for info in FORMATS.values():
        said = SitOutCompensation.said_by(info.words)
        assert [value for value, _label in said] == values
        assert all(str(label) for _value, label in said)
    game_words = SitOutCompensation.said_by(FORMATS[Format.PREDICTION].words)
    assert not any("hand" in str(label) for _value, label in game_words)


# --- registration and check-in -------------------------------------------------


def test_registration_shows_no_groups_but_keeps_one(club, organiser_client):
    drive = prediction_drive(club, players=0, start=False)
    url = drive_url(drive, "entries/")
    response = organiser_client.post(
        url, {"name": "Ana Pop", "checked_in": "on"}, follow=True
    )
    assert "Ana Pop is number 1." in messages_of(response)
    organiser_client.post(url, {"name": "Ion Dan", "checked_in": "on"})
    page = organiser_client.get(url).content.decode()
    assert 'name="group"' not in page
    assert "<th>Group</th>" not in page
    assert 'value="group_a"' not in page and 'value="group_b"' not in page
    assert "Ladies" not in page and "Gents" not in page
    assert "2</span> players" in page or "2</span> player" in page
    # Every entry still has a group: the models and the movement expect one.
    assert set(Entry.objects.filter(drive=drive).values_list("group", flat=True)) <= {
        "A",
        "B",
    }


def test_check_in_works_as_in_any_drive(club, organiser_client):
    drive = prediction_drive(club, players=1, start=False)
    entry = drive.entries.get()
    url = drive_url(drive, f"entries/{entry.pk}/")
    organiser_client.post(url, {"action": "check_out"})
    entry.refresh_from_db()
    assert not entry.checked_in
    organiser_client.post(url, {"action": "check_in"})
    entry.refresh_from_db()
    assert entry.checked_in


# --- the drive's page ---------------------------------------------------------------


def test_the_drive_page_says_the_rules_for_an_organiser(club, assistant_client):
    drive = prediction_drive(club, players=9, games=3, start=False)
    page = assistant_client.get(drive_url(drive)).content.decode()
    for words in (
        "3 games of 8 deals (24 deals); players move after each game",
        "1 Hearts trumps, 2 Diamonds trumps, 3 Clubs trumps, 4 Spades trumps",
        "6 Blind (predictions made before looking at the cards)",
        "7 Tickets (predictions written down, opened after the deal)",
        "8 Wist (everyone predicts Wist: no tricks)",
        "The last to predict may not bring the total to the tricks",
        "13 at a table of four, 10 at a table of five",
        "10 more when the prediction is made exactly",
        "A Wist made scores 25 at a table of four, 20 at a table of five",
        "loses 5 for each trick taken",
        # The split of the head count, from scoring.prediction_rules.
        prediction_rules.table_sizes_words(9),
        "for each deal sat out",
    ):
        assert words in page, words
    # What the game does not use is not said.
    assert "Odd tricks" not in page
    assert "Revoke" not in page
    assert "per round" not in page


def test_the_table_split_follows_the_head_count(club, assistant_client):
    drive = prediction_drive(club, players=23, start=False)
    page = assistant_client.get(drive_url(drive)).content.decode()
    assert "23 players: 3 tables of five and 2 of four; nobody sits out" in page


def test_another_drive_page_says_nothing_of_prediction_whist(club, assistant_client):
    drive = drive_with_players(players=8, start=False, club=club)
    page = assistant_client.get(drive_url(drive)).content.decode()
    assert "Wist" not in page
    assert "Odd tricks" in page


def test_the_drive_page_in_play_counts_games(club, assistant_client):
    drive = prediction_drive(club, players=8, games=3)
    page = assistant_client.get(drive_url(drive)).content.decode()
    assert "Game 1 of 3" in page


# --- the seating page -----------------------------------------------------------


def test_seating_numbers_the_seats_of_a_table_of_five(club, assistant_client):
    drive = prediction_drive(club, players=9, games=2)
    response = assistant_client.get(drive_url(drive, "seating/"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Game 1: deals 1 to 8." in page
    first = response.context["seating"].tables[0]
    assert len(first.in_play_order) == 5
    assert [p.number for p in first.in_play_order] == [
        first.north.number,
        first.east.number,
        first.south.number,
        first.west.number,
        first.fifth.number,
    ]
    assert "Seat 5" in page and "North" not in page
    # The list by player: the seat's number under the column's "Seat" (5eac741).
    by_entry = {p.entry.number: p.seat for p in response.context["by_entry"]}
    assert by_entry[first.fifth.number] == "5"
    assert by_entry[first.north.number] == "1"
    assert not response.context["seating"].sit_outs
