"""The desk types paper travel slips: the checks a phone's result has, the next
missing table, and a slip that disagrees kept as a conflict for the room."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages

from drive import entry_services
from drive.models import DriveState, Table
from scoring import captain as captain_services
from scoring.audit import audit_check
from scoring.models import HandResult, ResultStatus
from scoring.paper_slips import missing_tables, next_missing_table
from tests.factories import (
    drive_with_players,
    play_drive,
    prediction_drive,
    rubber_drive,
)


def test_the_next_missing_table_follows_the_one_typed_and_wraps_round():
    assert next_missing_table([2, 3, 5], None) == 2
    assert next_missing_table([2, 3, 5], 2) == 3
    assert next_missing_table([5, 2, 3], 3) == 5
    assert next_missing_table([2, 3, 5], 5) == 2
    assert next_missing_table([2, 3, 5], 9) == 2
    assert next_missing_table([], 1) is None


def url(drive) -> str:
    return f"/drives/{drive.pk}/slips/"


def slip(table, tricks: dict[int, int], round_number: int = 1, **extra) -> dict:
    data = {"table": str(table), "round": str(round_number)}
    data.update({f"tricks_{hand}": str(ns) for hand, ns in tricks.items()})
    data.update(extra)
    return data


def table_field(html: str) -> str:
    found = re.search(r'<input type="text" name="table"[^>]*>', html)
    assert found, "no table field"
    return found.group(0)


def table_value(html: str) -> str | None:
    found = re.search(r'value="(\d+)"', table_field(html))
    return found.group(1) if found else None


def results(drive, **filters):
    return HandResult.objects.filter(table__drive=drive, **filters)


def phone(drive, table: int, hand: int, ns: int, key: str):
    return captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=table),
        hand=hand,
        ns_tricks=ns,
        idempotency_key=key * 22,
    )


@pytest.fixture
def drive(club):
    """Twelve players at three tables, one hand a round."""
    return drive_with_players(players=12, club=club, hands=3)


@pytest.mark.django_db
def test_the_page_offers_the_first_missing_table_focused(assistant_client, drive):
    phone(drive, 1, 1, 8, "a")
    html = assistant_client.get(url(drive)).content.decode()
    field = table_field(html)
    assert "autofocus" in field
    assert table_value(html) == "2"
    assert "Tables still missing in round 1: 2, 3." in html
    # Tricks only: this drive does not count honours.
    assert 'name="tricks_1"' in html
    assert "<select" in html and 'name="honours_1"' in html
    assert re.search(r'<input type="hidden" name="honours_1"', html)


@pytest.mark.django_db
def test_a_slip_is_saved_and_the_next_missing_table_comes_up(
    assistant_client, drive, assistant
):
    response = assistant_client.post(url(drive), slip(2, {1: 8}))
    assert response.status_code == 302
    assert response["Location"] == f"{url(drive)}?after=2"
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Table 2, hand 1 saved: N-S 8, E-W 5."]
    result = results(drive).get()
    assert (result.table.number, result.ns_tricks, result.status) == (
        2,
        8,
        ResultStatus.CONFIRMED,
    )
    assert result.source == "paper slip"
    assert result.entered_by == assistant
    html = assistant_client.get(response["Location"]).content.decode()
    assert table_value(html) == "3"
    # After the last table, the lowest one still missing.
    response = assistant_client.post(url(drive), slip(3, {1: 7}))
    html = assistant_client.get(response["Location"]).content.decode()
    assert table_value(html) == "1"


@pytest.mark.django_db
def test_htmx_swaps_in_what_was_saved_and_the_next_table(assistant_client, drive):
    response = assistant_client.post(
        url(drive), slip(1, {1: 9}), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="slips">')
    assert "Table 1, hand 1 saved: N-S 9, E-W 4." in html
    assert table_value(html) == "2"
    assert "autofocus" in table_field(html)


@pytest.mark.django_db
def test_a_round_of_two_hands_is_one_slip_and_missing_counts_every_hand(
    assistant_client, club
):
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    phone(drive, 1, 1, 8, "b")  # table 1 has one hand of two in
    assert missing_tables(drive=drive, round_number=1) == [1, 2, 3]
    html = assistant_client.get(url(drive)).content.decode()
    assert 'name="tricks_1"' in html and 'name="tricks_2"' in html
    response = assistant_client.post(url(drive), slip(2, {1: 6, 2: 13}))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [
        "Table 2, hand 1 saved: N-S 6, E-W 7.",
        "Table 2, hand 2 saved: N-S 13, E-W 0.",
    ]
    assert missing_tables(drive=drive, round_number=1) == [1, 3]
    # A slip missing a hand's tricks is refused whole.
    response = assistant_client.post(url(drive), slip(3, {1: 6}))
    assert response.status_code == 400
    assert "Type the N-S tricks for hand 2." in response.content.decode()
    assert not results(drive, table__number=3).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "words"),
    [
        (slip(1, {1: 14}), "Tricks are from 0 to 13."),
        (slip(1, {1: "eight"}), "Type a number from 0 to 13."),
        (slip("", {1: 7}), "This field is required."),
        (slip(0, {1: 7}), "Tables are numbered from 1."),
        (slip(9, {1: 7}), "There is no table 9: this drive has tables 1 to 3."),
        (
            slip(1, {1: 7}, honours_1="NS3"),
            "Hand 1: This drive does not count honours.",
        ),
        (slip(1, {1: 7}, revoke_1="sideways"), "Select a valid choice."),
    ],
)
def test_bad_input_is_a_400_with_words_and_nothing_is_written(
    assistant_client, drive, data, words
):
    response = assistant_client.post(url(drive), data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not results(drive).exists()


@pytest.mark.django_db
def test_honours_and_a_revoke_where_the_drive_counts_them(assistant_client, club):
    # Hearts, then No trumps (the drive's sequence).
    drive = drive_with_players(
        players=8,
        club=club,
        hands=4,
        count_honours=True,
        trump_sequence="Hearts, No trumps",
    )
    html = assistant_client.get(url(drive)).content.decode()
    assert re.search(r'<select name="honours_1"', html)
    response = assistant_client.post(
        url(drive), slip(1, {1: 8}, honours_1="NS4", revoke_1="EW")
    )
    assert response.status_code == 302
    saved = results(drive).get()
    assert (saved.honours, saved.revoke) == ("NS4", "EW")
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said[0].startswith("Table 1, hand 1 saved: N-S 8, E-W 5; ")
    # Round 2 plays No trumps: no honours asked, and refused if sent.
    assistant_client.post(url(drive), slip(2, {1: 5}))
    drive.refresh_from_db()
    assert drive.current_round == 2
    html = assistant_client.get(url(drive)).content.decode()
    assert re.search(r'<input type="hidden" name="honours_2"', html)
    response = assistant_client.post(
        url(drive), slip(1, {2: 8}, round_number=2, honours_2="NS3")
    )
    assert response.status_code == 400
    assert "A No-trumps hand has no honours." in response.content.decode()
    assert not results(drive, hand=2).exists()


@pytest.mark.django_db
def test_a_slip_that_disagrees_with_the_phone_is_a_conflict_for_the_room(
    assistant_client, drive
):
    phone(drive, 1, 1, 8, "c")
    response = assistant_client.post(
        url(drive), slip(1, {1: 6}), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "Table 1, hand 1 already has another result (N-S 8, E-W 5); the slip "
        "says N-S 6, E-W 7. It was not counted: settle the disagreement in the "
        "room." in html
    )
    confirmed = results(drive, status=ResultStatus.CONFIRMED).get()
    assert confirmed.ns_tricks == 8  # never written over
    conflict = results(drive, status=ResultStatus.CONFLICT).get()
    assert (conflict.ns_tricks, conflict.source) == (6, "paper slip")
    # The same slip again passes the same disagreement on once.
    assistant_client.post(url(drive), slip(1, {1: 6}))
    assert results(drive, status=ResultStatus.CONFLICT).count() == 1

    room = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert "Table 1, hand 1: two results" in room
    assert "The paper slip says" in room
    # The organiser settles it in the room: the slip was right.
    response = assistant_client.post(
        f"/drives/{drive.pk}/room/resolve/",
        {
            "table": "1",
            "hand": "1",
            "ns_tricks": "6",
            "seen_version": str(confirmed.version),
        },
    )
    assert response.status_code == 302
    assert results(drive, status=ResultStatus.CONFIRMED).get().ns_tricks == 6
    assert not results(drive, status=ResultStatus.CONFLICT, resolved_at=None).exists()
    # The record of changes rebuilds the same scores.
    assert audit_check(drive=drive) == []


@pytest.mark.django_db
def test_a_slip_that_agrees_changes_nothing(assistant_client, drive):
    phone(drive, 1, 1, 8, "d")
    response = assistant_client.post(url(drive), slip(1, {1: 8}))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [
        "Table 1, hand 1 was already in with the same result (N-S 8, E-W 5): "
        "the slip agrees."
    ]
    assert results(drive).count() == 1


@pytest.mark.django_db
def test_a_second_slip_that_disagrees_with_the_first_is_a_conflict(
    assistant_client, drive
):
    assistant_client.post(url(drive), slip(2, {1: 8}))
    assistant_client.post(url(drive), slip(2, {1: 3}))
    assert results(drive, status=ResultStatus.CONFIRMED).get().ns_tricks == 8
    assert results(drive, status=ResultStatus.CONFLICT).get().ns_tricks == 3
    # And a phone after the slip meets it the same way.
    outcome = phone(drive, 2, 1, 10, "e")
    assert outcome.kind == "conflict"
    assert results(drive, status=ResultStatus.CONFIRMED).get().ns_tricks == 8


@pytest.mark.django_db
def test_a_slip_confirms_a_phones_result_waiting_for_an_opponent(
    assistant_client, club
):
    drive = drive_with_players(players=8, club=club, hands=2, opponent_confirms=True)
    phone(drive, 1, 1, 9, "f")
    assert results(drive, status=ResultStatus.PENDING).exists()
    assert missing_tables(drive=drive, round_number=1) == [2]
    assistant_client.post(url(drive), slip(1, {1: 9}))
    confirmed = results(drive, status=ResultStatus.CONFIRMED).get()
    assert (confirmed.ns_tricks, confirmed.source) == (9, "paper slip")
    assert not results(drive, status=ResultStatus.PENDING).exists()
    assert audit_check(drive=drive) == []


@pytest.mark.django_db
def test_the_last_slip_of_a_round_starts_the_next(assistant_client, drive):
    assistant_client.post(url(drive), slip(1, {1: 7}))
    assistant_client.post(url(drive), slip(2, {1: 7}))
    response = assistant_client.post(
        url(drive), slip(3, {1: 7}), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "Round 1 is complete; round 2 has started." in html
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert 'name="round" value="2"' in html
    assert table_value(html) == "1"
    # A slip typed on the form of round 1 is refused, not put into round 2.
    response = assistant_client.post(url(drive), slip(1, {1: 7}))
    assert response.status_code == 409
    assert (
        "That slip was typed for round 1, but round 2 is in play now. Nothing "
        "was saved." in response.content.decode()
    )
    assert results(drive).count() == 3


@pytest.mark.django_db
def test_a_table_sitting_out_the_round_has_no_slip(assistant_client, drive):
    Table.objects.create(drive=drive, number=4)  # no game in round 1
    response = assistant_client.post(url(drive), slip(4, {1: 7}))
    assert response.status_code == 409
    assert "Table 4 has no game in round 1." in response.content.decode()
    assert not results(drive).exists()


@pytest.mark.django_db
def test_before_the_start_and_after_the_end_the_desk_is_closed(assistant_client, club):
    waiting = drive_with_players(players=8, club=club, start=False)
    html = assistant_client.get(url(waiting)).content.decode()
    assert "The drive has not started yet: there are no slips to type." in html
    assert 'name="table"' not in html
    assert assistant_client.post(url(waiting), slip(1, {1: 7})).status_code == 409

    over = play_drive(drive_with_players(players=8, club=club, hands=2))
    assert over.state == DriveState.FINISHED
    response = assistant_client.post(url(over), slip(1, {2: 7}, round_number=2))
    assert response.status_code == 409
    assert "The drive is over: correct a hand from All hands." in (
        response.content.decode()
    )


@pytest.mark.django_db
@pytest.mark.parametrize("make", [rubber_drive, prediction_drive])
def test_rubber_and_prediction_slips_go_in_the_score_grid(assistant_client, club, make):
    drive = make(club=club)
    html = assistant_client.get(url(drive)).content.decode()
    assert "are typed in the score grid" in html
    assert f'href="/drives/{drive.pk}/scores/"' in html
    assert 'name="table"' not in html
    assert assistant_client.post(url(drive), slip(1, {1: 7})).status_code == 409
    assert not results(drive).exists()


@pytest.mark.django_db
def test_the_room_links_the_desk_and_labels_a_slip_on_paper(assistant_client, drive):
    phone(drive, 1, 1, 8, "g")
    assistant_client.post(url(drive), slip(2, {1: 5}))
    room = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    assert f'href="{url(drive)}"' in room
    labels = dict(
        re.findall(
            r'id="room-table-(\d+)".*?<span class="way way-[a-z-]+">([^<]+)</span>',
            room,
            flags=re.S,
        )
    )
    assert labels == {"1": "by phone", "2": "on paper", "3": "no result yet"}


@pytest.mark.django_db
def test_the_page_speaks_polish(assistant_client, drive, club):
    club.language = "pl"
    club.save(update_fields=["language"])
    html = assistant_client.get(url(drive)).content.decode()
    assert "<h1>Protokoły papierowe</h1>" in html
    response = assistant_client.post(url(drive), slip(1, {1: 8}))
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == ["Stolik 1, rozdanie 1 zapisane: N-S 8, E-W 5."]
    response = assistant_client.post(url(drive), slip(9, {1: 8}))
    assert "Nie ma stolika 9" in response.content.decode()


@pytest.mark.django_db
def test_a_withdrawal_leaves_a_table_with_no_game(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    for entry in list(drive.entries.order_by("number"))[:4]:
        entry_services.entry_withdraw(entry=entry)
    assistant_client.post(url(drive), slip(1, {1: 7}))
    assistant_client.post(url(drive), slip(2, {1: 7}))
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert missing_tables(drive=drive, round_number=2) == [1]
    response = assistant_client.post(url(drive), slip(2, {2: 7}, round_number=2))
    assert response.status_code == 409
    assert "Table 2 has no game in round 2." in response.content.decode()
