"""The organiser's score pages (scoring/views/scores.py) through Django's test
client: the score grid, corrections, the leaderboard and adjustments."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, DriveState
from players.models import AuditEvent
from scoring.models import MAX_RESULT_VERSIONS, HandResult, ResultStatus
from scoring.selectors import leaderboard
from scoring.services import hand_result_submit
from tests.factories import drive_with_players, play_round, rubber_drive
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db


def grid(round_number: int = 1, **cells: str) -> dict[str, str]:
    data = {"round": str(round_number)}
    for name, value in cells.items():
        data[name] = value
        data[f"v_{name}"] = "0"
    return data


@pytest.mark.parametrize("bad", ["abc", "14", "-1", "7.5", "99999999999999999999999"])
def test_score_grid_with_a_bad_value_saves_nothing(assistant_client, live_drive, bad):
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(t1_h1="7", t2_h1=bad)
    )
    assert response.status_code == 400
    assert "nothing was saved" in response.content.decode()
    assert not HandResult.objects.exists()
    live_drive.refresh_from_db()
    assert live_drive.current_round == 1


def test_score_grid_for_a_stale_round_is_a_conflict(assistant_client, live_drive):
    play_round(live_drive)
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(1, t1_h1="9", t2_h1="9")
    )
    assert response.status_code == 409
    assert "Nothing was saved" in response.content.decode()
    assert HandResult.objects.count() == 2
    assert set(HandResult.objects.values_list("ns_tricks", flat=True)) == {7}


def test_score_grid_with_a_stale_version_is_a_conflict(assistant_client, live_drive):
    hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=7)
    response = assistant_client.post(drive_url(live_drive, "scores/"), grid(t1_h1="9"))
    assert response.status_code == 409
    assert list(HandResult.objects.values_list("ns_tricks", flat=True)) == [7]


def test_score_grid_partial_round_saves_and_stays(assistant_client, live_drive):
    response = assistant_client.post(drive_url(live_drive, "scores/"), grid(t1_h1="8"))
    assert response.status_code == 302
    assert response["Location"] == drive_url(live_drive, "scores/")
    assert list(HandResult.objects.values_list("ns_tricks", flat=True)) == [8]
    live_drive.refresh_from_db()
    assert live_drive.current_round == 1


def test_score_grid_full_round_goes_to_the_next_seating(assistant_client, live_drive):
    response = assistant_client.post(
        drive_url(live_drive, "scores/"), grid(t1_h1="7", t2_h1=" 5 ")
    )
    assert response.status_code == 302
    assert response["Location"] == drive_url(live_drive, "seating/")
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    assert sorted(HandResult.objects.values_list("table__number", "ns_tricks")) == [
        (1, 7),
        (2, 5),
    ]
    page = assistant_client.get(response["Location"]).content.decode()
    assert "Round 1 is complete" in page


def audit_count(drive: Drive) -> int:
    return AuditEvent.objects.filter(drive_id=drive.pk).count()


def test_the_same_score_grid_sent_twice_is_already_saved(assistant_client, live_drive):
    """Issue #14, item 14: a double click (or Back and send again) of a grid."""
    url = drive_url(live_drive, "scores/")
    first = assistant_client.post(url, grid(t1_h1="8"))
    assert first.status_code == 302
    stored = list(HandResult.objects.values_list("ns_tricks", "version", "status"))
    audited = audit_count(live_drive)
    again = assistant_client.post(url, grid(t1_h1="8"), follow=True)
    assert again.status_code == 200
    assert again.redirect_chain == [(url, 302)]
    assert "These scores were already saved; nothing new was written." in messages_of(
        again
    )
    assert "changed meanwhile" not in again.content.decode()
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == (
        stored
    )
    assert audit_count(live_drive) == audited
    # Another value with the old version is still a change made meanwhile.
    response = assistant_client.post(url, grid(t1_h1="9"))
    assert response.status_code == 409
    assert "changed meanwhile" in response.content.decode()


def test_the_same_full_round_grid_sent_twice_is_already_saved(
    assistant_client, live_drive
):
    url = drive_url(live_drive, "scores/")
    form = grid(t1_h1="7", t2_h1="5")
    first = assistant_client.post(url, form)
    assert first["Location"] == drive_url(live_drive, "seating/")
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    stored = list(HandResult.objects.values_list("ns_tricks", "version", "status"))
    audited = audit_count(live_drive)
    # The resend arrives after the round has moved on: the same values are a success.
    again = assistant_client.post(url, form, follow=True)
    assert again.redirect_chain == [(drive_url(live_drive, "seating/"), 302)]
    assert (
        "The scores of round 1 were already saved; nothing new was written."
        in messages_of(again)
    )
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == (
        stored
    )
    assert audit_count(live_drive) == audited
    live_drive.refresh_from_db()
    assert live_drive.current_round == 2
    # A grid with a blank cell and the rest as stored is a resend too.
    partial = assistant_client.post(url, grid(t1_h1="7"))
    assert partial.status_code == 302
    # One that differs is not: round 1 moved on, nothing saved.
    for changed in (grid(t1_h1="7", t2_h1="6"), grid(t1_h1="x"), grid()):
        response = assistant_client.post(url, changed)
        assert response.status_code == 409, changed
    assert HandResult.objects.count() == 2


def test_the_last_rounds_grid_sent_twice_is_already_saved(assistant_client, club):
    drive = drive_with_players(players=4, hands=1, club=club)
    url = drive_url(drive, "scores/")
    assert assistant_client.post(url, grid(t1_h1="13")).status_code == 302
    again = assistant_client.post(url, grid(t1_h1="13"), follow=True)
    assert "These scores were already saved; nothing new was written." in messages_of(
        again
    )
    assert HandResult.objects.count() == 1


def test_a_hand_with_every_version_used_is_a_form_error(assistant_client, live_drive):
    """Issue #14, item 17, the organiser's side: a clear form error, never a 500;
    a 409, as the captain's phone gets (players.http: the hand refuses it, not
    the input)."""
    for version in range(1, MAX_RESULT_VERSIONS + 1):
        hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=version % 2 + 6)
    assert HandResult.objects.count() == MAX_RESULT_VERSIONS
    audited = audit_count(live_drive)
    correction = assistant_client.post(
        drive_url(live_drive, "hands/1/table/1/"),
        {"ns_tricks": "12", "seen_version": str(MAX_RESULT_VERSIONS)},
    )
    assert correction.status_code == 409
    html = correction.content.decode()
    assert f"already has {MAX_RESULT_VERSIONS} versions" in html
    assert "nothing was saved" in html
    scores = assistant_client.post(
        drive_url(live_drive, "scores/"),
        {
            "round": "1",
            "t1_h1": "12",
            "v_t1_h1": str(MAX_RESULT_VERSIONS),
            "t2_h1": "4",
            "v_t2_h1": "0",
        },
    )
    assert scores.status_code == 409
    assert f"already has {MAX_RESULT_VERSIONS} versions" in scores.content.decode()
    # Nothing written, not even the other table's result in the same grid.
    assert HandResult.objects.count() == MAX_RESULT_VERSIONS
    assert audit_count(live_drive) == audited
    # The value already stored is still "already saved", not an error.
    same = assistant_client.post(
        drive_url(live_drive, "hands/1/table/1/"),
        {"ns_tricks": str(MAX_RESULT_VERSIONS % 2 + 6), "seen_version": "1"},
    )
    assert same.status_code == 302


def test_the_last_round_goes_to_the_leaderboard(assistant_client, club):
    drive = drive_with_players(players=4, hands=1, club=club)
    response = assistant_client.post(drive_url(drive, "scores/"), grid(t1_h1="13"))
    assert response["Location"] == drive_url(drive, "leaderboard/")
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED


def test_scores_before_the_start_redirect(assistant_client, open_drive):
    response = assistant_client.get(drive_url(open_drive, "scores/"))
    assert response.status_code == 302
    assert response["Location"] == drive_url(open_drive)


def test_correction_page(organiser_client, live_drive):
    hand_result_submit(drive=live_drive, table=1, hand=1, ns_tricks=7)
    url = drive_url(live_drive, "hands/1/table/1/")
    assert organiser_client.get(url).status_code == 200

    stale = organiser_client.post(url, {"ns_tricks": "9", "seen_version": "0"})
    assert stale.status_code == 409
    assert "changed meanwhile" in stale.content.decode()
    assert list(HandResult.objects.values_list("ns_tricks", "version")) == [(7, 1)]

    bad = organiser_client.post(url, {"ns_tricks": "14", "seen_version": "1"})
    assert bad.status_code == 400

    response = organiser_client.post(url, {"ns_tricks": "9", "seen_version": "1"})
    assert response.status_code == 302
    assert sorted(HandResult.objects.values_list("version", "ns_tricks", "status")) == [
        (1, 7, ResultStatus.SUPERSEDED),
        (2, 9, ResultStatus.CONFIRMED),
    ]
    history = organiser_client.get(url)
    assert history.status_code == 200
    assert len(history.context["history"]) == 2


def test_correction_page_for_a_table_that_did_not_play_is_a_404(
    organiser_client, live_drive
):
    assert (
        organiser_client.get(drive_url(live_drive, "hands/1/table/3/")).status_code
        == 404
    )
    assert (
        organiser_client.get(drive_url(live_drive, "hands/5/table/1/")).status_code
        == 404
    )


def test_leaderboard_page_and_partial(assistant_client, live_drive):
    play_round(live_drive, tricks=lambda deal: 9)
    names = list(live_drive.entries.values_list("player__name", flat=True))
    page = assistant_client.get(drive_url(live_drive, "leaderboard/"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "<html" in body
    assert all(name in body for name in names)
    assert "After 1 of 6 hands." in body

    # The overall board has a group column; each group's board does not.
    overall = body[body.index('id="overall"') : body.index('id="group-a"')]
    group_a = body[body.index('id="group-a"') : body.index('id="group-b"')]
    assert overall.count("<tr>") == 1 + len(names)
    assert overall.count('<td class="wide">') == len(names)
    assert '<td class="wide">' not in group_a

    partial = assistant_client.get(
        drive_url(live_drive, "leaderboard/"), HTTP_HX_REQUEST="true"
    )
    assert partial.status_code == 200
    fragment = partial.content.decode()
    assert "<html" not in fragment
    assert 'id="boards"' in fragment
    assert all(name in fragment for name in names)


def test_adjustments_page(organiser_client, live_drive):
    entry = live_drive.entries.first()
    url = drive_url(live_drive, "adjustments/")
    response = organiser_client.post(
        url, {"entry": entry.pk, "points": "5", "reason": "Raffle"}
    )
    assert response.status_code == 302
    assert entry.adjustments.get().points == 5
    bad = organiser_client.post(
        url, {"entry": entry.pk, "points": "0", "reason": "Nothing"}
    )
    assert bad.status_code == 400
    assert entry.adjustments.count() == 1


def test_one_registered_who_never_came_is_on_no_board(club, assistant_client):
    """Registered, never checked in, never seated: not last with 0 on the
    leaderboard, the projector, the public board or the results, as half-time
    and the prizes already leave them out. One who played and then withdrew
    stays, with what they scored."""
    drive = drive_with_players(players=8, club=club, start=False)
    absent = drive_services.entry_register(
        drive=drive, name="Marina Rossi", group="A", checked_in=False
    )
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    play_round(drive, tricks=lambda deal: 9)
    leaver = drive.entries.exclude(pk=absent.pk).first()
    entry_services.entry_withdraw(entry=leaver)
    drive = drive_services.public_link_set(drive=drive, shared=True)

    pages = {
        "leaderboard": assistant_client.get(drive_url(drive, "leaderboard/")),
        "projector": assistant_client.get(drive_url(drive, "projector/")),
        "public board": Client().get(f"/p/{drive.public_key}/"),
    }
    for name, page in pages.items():
        body = page.content.decode()
        assert page.status_code == 200, name
        assert "Marina Rossi" not in body, name
        assert leaver.player.name in body, name
    numbers = {row.number for row in leaderboard(drive=drive)}
    assert numbers == set(
        drive.entries.exclude(pk=absent.pk).values_list("number", flat=True)
    )
    assert len(numbers) == 8


def test_the_grid_opens_at_the_first_hand_still_to_type(assistant_client, club):
    """The cursor waits where the slip goes on: the first table's hand without
    a result, along the table's row (its slip) before the next table."""
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=7)
    hand_result_submit(drive=drive, table=1, hand=2, ns_tricks=6)
    hand_result_submit(drive=drive, table=2, hand=1, ns_tricks=5)
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    assert page.count(" autofocus") == 1
    assert 'id="t2_h2" value="" autofocus' in page
    assert (
        "Below, still without a result: table 2, hand 2; table 3, every hand."
        in " ".join(page.split())
    )


def test_a_refused_grid_opens_at_the_cell_to_fix_and_keeps_the_rest(
    assistant_client, club
):
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    response = assistant_client.post(
        drive_url(drive, "scores/"), grid(t1_h1="7", t1_h2="6", t2_h1="14")
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert page.count(" autofocus") == 1
    assert 'id="t2_h1" value="14" autofocus' in page
    # What was typed around it is still there, to send again once fixed.
    assert 'id="t1_h1" value="7"' in page
    assert 'id="t1_h2" value="6"' in page
    assert "Below, still without a result: tables 1, 2, 3, every hand." in " ".join(
        page.split()
    )


def test_a_finished_round_grid_has_no_cursor_and_nothing_missing(
    assistant_client, club
):
    """With nothing left to type the cursor waits for a table's slip instead."""
    drive = drive_with_players(players=8, club=club, hands=1)
    hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=7)
    hand_result_submit(drive=drive, table=2, hand=1, ns_tricks=7)
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    assert page.count(" autofocus") == 1
    assert re.search(r'id="pick-table"[^>]* autofocus', page)
    assert "still without a result" not in page
    assert "Every hand so far has a result." in page


def test_a_saved_grid_says_which_tables_hands_it_wrote(assistant_client, club):
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=7)
    response = assistant_client.post(
        drive_url(drive, "scores/"),
        {
            "round": "1",
            "t1_h1": "7",
            "v_t1_h1": "1",
            **grid(t1_h2="6", t3_h1="5"),
        },
        follow=True,
    )
    # Table 1's hand 1 was in already, the same: only the new ones are named.
    assert messages_of(response) == [
        "Saved 2 results: table 1, hand 2; table 3, hand 1."
    ]


def tab_stops_between_tricks(page: str) -> list[str]:
    """The focusable controls the grid puts between one hand's N-S tricks and
    the next's, in page order (the Tab stops a typist passes)."""
    grid = page[page.index('class="score-grid"') : page.index("Save scores")]
    parts = re.split(r'<input type="number"[^>]*class="tricks"', grid)[1:-1]
    return [
        tag
        for part in parts
        for tag in re.findall(r"<(select|summary|button|a|textarea)\b", part)
        + re.findall(r'<input (?![^>]*type="hidden")', part)
    ]


def test_typing_a_slip_is_tricks_tab_tricks(assistant_client, club):
    """Neither a revoke nor honours sits between two hands' tricks: typing a
    slip is a number, Tab, a number; they come after the Save button."""
    drive = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=2, count_honours=True
    )
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    assert page.count('class="tricks"') == 4
    assert tab_stops_between_tricks(page) == []
    after_save = page[page.index("Save scores") :]
    assert 'name="h_t1_h1"' in after_save and 'name="r_t2_h2"' in after_save
    assert '<summary accesskey="h">Honours and revokes</summary>' in after_save


def slip_drive(club) -> Drive:
    """Two tables, four rounds of one hand; round 1 and table 1's hand 2 in."""
    drive = drive_with_players(players=8, club=club, hands=4)
    play_round(drive, tricks=lambda deal: 6 + deal.table)
    hand_result_submit(drive=drive, table=1, hand=2, ns_tricks=9)
    return drive


def test_a_tables_whole_slip_lists_every_hand_in_order(assistant_client, club):
    drive = slip_drive(club)
    response = assistant_client.get(drive_url(drive, "scores/?table=2"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Scores: the slip of table 2" in page
    assert re.findall(r'name="(t\d+_h\d+)"', page) == [
        "t2_h1",
        "t2_h2",
        "t2_h3",
        "t2_h4",
    ]
    assert re.search(r'name="t2_h2"[^>]* autofocus', page)
    assert '<input type="hidden" name="table" value="2">' in page
    said = " ".join(page.split())
    assert "Below, still without a result: table 2, hands 2–4." in said
    assert "Slips still to type: table 2 (round 2)." in said


def test_a_slip_saved_goes_on_to_the_next_table_with_hands_to_type(
    assistant_client, club
):
    drive = slip_drive(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(
        url,
        {"table": "2", "t2_h1": "8", "v_t2_h1": "1", "t2_h2": "4", "v_t2_h2": "0"},
        follow=True,
    )
    # Round 2 complete: round 3 is seated and its slips start again at table 1.
    assert response.redirect_chain == [(f"{url}?table=1&ask=1", 302)]
    assert messages_of(response) == [
        "Saved 1 result: table 2, hand 2.",
        "Round 2 is complete; round 3 has started.",
        "Type the table number of the next slip, or press Enter for table 1.",
    ]
    assert sorted(
        HandResult.objects.filter(status=ResultStatus.CONFIRMED).values_list(
            "table__number", "hand", "ns_tricks"
        )
    ) == [(1, 1, 7), (1, 2, 9), (2, 1, 8), (2, 2, 4)]
    drive.refresh_from_db()
    assert drive.current_round == 3
    # The cursor waits for the next slip's table number; Enter alone (the box
    # left empty) brings table 1's slip, its first hand to type ready.
    page = response.content.decode()
    assert page.count(" autofocus") == 1
    assert re.search(r'id="pick-table"[^>]* placeholder="1"[^>]* autofocus', page)
    assert '<input type="hidden" name="next" value="1">' in page
    enter = assistant_client.get(url, {"table": "", "next": "1"}).content.decode()
    assert "Scores: the slip of table 1" in enter
    assert re.search(r'name="t1_h3"[^>]* autofocus', enter)


def test_a_past_round_picked_is_corrected_and_stays(assistant_client, club):
    drive = slip_drive(club)
    url = drive_url(drive, "scores/")
    page = assistant_client.get(f"{url}?round=1").content.decode()
    assert "Scores: round 1 of 4" in page
    assert '<input type="hidden" name="chosen" value="1">' in page
    response = assistant_client.post(
        url, {"round": "1", "chosen": "1", "t1_h1": "10", "v_t1_h1": "1"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"{url}?round=1"
    assert (
        HandResult.objects.get(
            table__number=1, hand=1, status=ResultStatus.CONFIRMED
        ).ns_tricks
        == 10
    )
    # The same form again, from a page gone stale: refused, nothing written.
    stale = assistant_client.post(
        url, {"round": "1", "chosen": "1", "t1_h1": "11", "v_t1_h1": "1"}
    )
    assert stale.status_code == 409
    assert HandResult.objects.filter(table__number=1, hand=1).count() == 2


@pytest.mark.parametrize(
    "query",
    ["table=9", "table=x", "table=-1", "round=0", "round=3", "round=x" * 30],
)
def test_a_pick_out_of_the_drive_is_refused_plainly(assistant_client, club, query):
    drive = slip_drive(club)
    response = assistant_client.get(drive_url(drive, f"scores/?{query}"))
    assert response.status_code == 400
    (said,) = messages_of(response)
    assert said.startswith(("There is no table", "Choose a round from 1 to 2"))
    # The round in play is offered instead.
    assert "Scores: round 2 of 4" in response.content.decode()
    posted = assistant_client.post(
        drive_url(drive, "scores/"),
        {"table": "9", "t9_h2": "7", "v_t9_h2": "0"},
    )
    assert posted.status_code == 400
    assert HandResult.objects.count() == 3


def test_the_grid_of_the_round_in_play_reads_no_tables_list(
    assistant_client, club, monkeypatch
):
    """The drive's tables so far are read to check a table asked for, not for
    the grid of the round in play or of a round picked."""
    from scoring.views.tricks_sheet import TricksSheet

    drive = slip_drive(club)
    asked = []
    real = TricksSheet.tables
    monkeypatch.setattr(
        TricksSheet, "tables", lambda self, d: asked.append(d.pk) or real(self, d)
    )
    assert assistant_client.get(drive_url(drive, "scores/")).status_code == 200
    assert assistant_client.get(drive_url(drive, "scores/?round=1")).status_code == 200
    assert asked == []
    assert assistant_client.get(drive_url(drive, "scores/?table=1")).status_code == 200
    assert asked == [drive.pk]


def test_a_whole_slip_saved_is_said_as_a_run_of_hands(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=8, hands_per_round=4)
    response = assistant_client.post(
        drive_url(drive, "scores/"),
        grid(t1_h1="7", t1_h2="8", t1_h3="9", t1_h4="6", t2_h1="5", t2_h3="4"),
        follow=True,
    )
    assert messages_of(response) == [
        "Saved 6 results: table 1, hands 1–4; table 2, hands 1, 3."
    ]


def test_a_tables_slip_holds_the_whole_evening_and_is_saved_whole(
    assistant_client, club
):
    """Round 1 in play, nothing in: table 2's slip has every hand of the
    evening, the later ones with nobody known in the seats yet; saved whole,
    its later hands wait for their rounds."""
    drive = drive_with_players(players=8, club=club, hands=3)
    url = drive_url(drive, "scores/")
    page = assistant_client.get(f"{url}?table=2").content.decode()
    assert re.findall(r'name="(t\d+_h\d+)"', page) == ["t2_h1", "t2_h2", "t2_h3"]
    assert page.count("moves not made yet") == 2
    assert "typed once round" not in page
    response = assistant_client.post(
        url,
        {"table": "2", **{f"t2_h{h}": str(h + 4) for h in (1, 2, 3)}},
        follow=True,
    )
    assert messages_of(response) == [
        "Saved 3 results: table 2, hands 1–3.",
        "Type the table number of the next slip, or press Enter for table 1.",
    ]
    again = assistant_client.get(f"{url}?table=2").content.decode()
    assert re.findall(r'name="t2_h\d" id="t2_h\d" value="(\d+)"', again) == [
        "5",
        "6",
        "7",
    ]
    response = assistant_client.post(
        url, {"table": "1", **{f"t1_h{h}": "9" for h in (1, 2, 3)}}, follow=True
    )
    assert "The last hand is in: the drive is over." in messages_of(response)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert HandResult.objects.count() == 6


def test_a_rubber_tables_slip_holds_only_the_rounds_reached(assistant_client, club):
    drive = rubber_drive(club=club)
    page = assistant_client.get(drive_url(drive, "scores/?table=1")).content.decode()
    assert "moves not made yet" not in page
    assert re.findall(r'name="(t1_h\d+)"', page) == [
        f"t1_h{hand}" for hand in drive.hands_of_round(1)
    ]


def test_the_slips_left_and_the_grids_empty_hands_say_different_things_in_polish(
    assistant_client, club
):
    """In Polish both lines read "Protokoły jeszcze do wpisania…" and "Wciąż
    bez wyniku…", the same thing twice: the second is about the grid below
    (the first, every slip of the drive so far), and says so."""
    club.language = "pl"
    club.save(update_fields=["language"])
    drive = slip_drive(club)
    said = " ".join(
        assistant_client.get(drive_url(drive, "scores/?table=2"))
        .content.decode()
        .split()
    )
    assert "Protokoły jeszcze do wpisania: stolik 2 (runda 2)." in said
    assert "Poniżej jeszcze bez wyniku: stolik 2, rozdania 2–4." in said
    assert "Wciąż bez wyniku" not in said
