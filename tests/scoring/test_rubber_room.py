"""The organiser's side of a rubber drive (issue #17, part 3), through Django's
test client: the room shows each table's game, games won and rubber values; the
bell ends a round while tables still play, through the room's own form, and a
second ring for the same round is refused; the score grid takes rounds of up to
24 hands, and a table that stopped at the bell simply leaves its cells empty."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import strip_tags

from drive.models import Drive, DriveState, SeatAssignment, Table
from scoring import captain as captain_services
from scoring import services as scoring_services
from scoring.selectors import leaderboard
from tests.factories import drive_with_players, rubber_drive
from tests.factories import enter_tricks as enter
from tests.fixtures import drive_url, messages_of
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db


def seated(drive: Drive, table: int, round_number: int = 1) -> dict[str, int]:
    return {
        s.position: s.entry.number
        for s in SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__number=table
        ).select_related("entry")
    }


def room_html(client, drive: Drive, **headers) -> str:
    response = client.get(drive_url(drive, "room/"), **headers)
    assert response.status_code == 200
    return response.content.decode()


def table_section(html: str, table: int) -> str:
    found = re.search(rf'id="room-table-{table}".*?</section>', html, re.S)
    assert found, f"table {table} is not in the room"
    return found.group(0)


def rubber_facts(section: str) -> dict[str, str]:
    """The table's game, games won and rubber values, as the room words them."""
    return {
        name: re.search(rf'class="rubber-{name}">([^<]*)<', as_read(section)).group(1)
        for name in ("game", "games", "values")
    }


def bell_form(html: str) -> tuple[str, dict[str, str]]:
    """The room's round-end form: its action and the fields it posts."""
    form = re.search(
        r'<form method="post" action="([^"]*/room/next/)">(.*?)</form>', html, re.S
    )
    assert form, "the room offers no round-end form"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
    return form.group(1), fields


def totals(drive: Drive) -> dict[int, int]:
    return {row.number: row.total for row in leaderboard(drive=drive)}


def test_the_room_shows_each_tables_game_games_won_and_values(
    assistant_client, club, organiser
):
    drive = rubber_drive(club)
    # Table 1: N-S take 11 tricks (5-0, game and +3), then 8 (2-0 in game 2).
    enter(drive, organiser, 1, [11, 8])
    # Table 2: N-S take 9 tricks, 3-0 in the first game.
    enter(drive, organiser, 2, [9])
    html = room_html(assistant_client, drive)
    one, two = table_section(html, 1), table_section(html, 2)
    assert rubber_facts(one) == {
        "game": "N-S 2, E-W 0",
        "games": "N-S 1, E-W 0",
        "values": "N-S 3, E-W 0",
    }
    assert rubber_facts(two) == {
        "game": "N-S 3, E-W 0",
        "games": "N-S 0, E-W 0",
        "values": "N-S 0, E-W 0",
    }
    # What the last hand did, and each hand's part in its game.
    # (each side's label in a span that keeps it on one line: the words read without tags)
    assert "Last hand: N-S 2 for tricks; game score 2-0" in strip_tags(one)
    assert "Game to N-S, 5-0" in strip_tags(one)
    assert '<span class="side">N-S</span>' in one
    # A long round lists the hands played and the one in play, not all twelve.
    assert "Hand 3</strong>" in one and "Hand 4</strong>" not in one
    assert "badge-waiting" in one and ">playing<" in one
    # The live refresh carries the same.
    partial = room_html(assistant_client, drive, HTTP_HX_REQUEST="true")
    assert rubber_facts(table_section(partial, 1)) == rubber_facts(one)
    # Another format's room has none of it.
    other = drive_with_players(players=8, club=club, hands=4)
    assert "rubber-game" not in room_html(assistant_client, other)


def test_the_bell_ends_the_round_while_tables_play_and_rings_once(
    assistant_client, club, organiser
):
    drive = rubber_drive(club)
    one, two = seated(drive, 1), seated(drive, 2)
    # Table 1 finishes a rubber: N-S 5-0 (+3), E-W 5-2 (+2), N-S 5-4 (+1) and
    # the rubber (+2): N-S 6, E-W 2. Then N-S lead 1-0 in the next rubber's
    # first game, which the bell cuts.
    enter(drive, organiser, 1, [11, 8, 2, 10, 3, 7, 7])
    # Table 2 has won one game each, and is half-way through the third.
    enter(drive, organiser, 2, [11, 2, 9])
    html = room_html(assistant_client, drive)
    assert "Still playing: tables 1 and 2." in html
    assert "Ring the bell: end round 1" in html
    assert "the game in progress scores nothing" in html
    assert "a rubber in progress is scored as it stands" in html
    assert rubber_facts(table_section(html, 2))["games"] == "N-S 1, E-W 1"

    # The organiser rings it, with the room's own form (no JavaScript needed).
    action, fields = bell_form(html)
    assert fields["round"] == "1"
    response = assistant_client.post(action, fields, follow=True)
    assert response.redirect_chain[-1][0] == drive_url(drive, "room/")
    assert "The bell has rung: round 1 is over and round 2 has started." in (
        messages_of(response)
    )
    drive.refresh_from_db()
    assert drive.current_round == 2
    board = totals(drive)
    assert board[one["N"]] == board[one["S"]] == 6
    assert board[one["E"]] == board[one["W"]] == 2
    # Table 2's rubber is scored as it stands: a game each, 3 to N-S (won 5-0)
    # and 3 to E-W (won 5-0); its third game scores nothing.
    assert {board[two[s]] for s in "NS"} == {board[two[s]] for s in "EW"} == {3}
    # Round 2 begins at nothing all.
    html = room_html(assistant_client, drive)
    assert rubber_facts(table_section(html, 1)) == {
        "game": "N-S 0, E-W 0",
        "games": "N-S 0, E-W 0",
        "values": "N-S 0, E-W 0",
    }
    assert "Ring the bell: end round 2 and the drive" in html

    # The same click again (a double click, Back and send): refused, no round skipped.
    response = assistant_client.post(action, fields)
    assert response.status_code == 409
    assert "Round 1 has already moved on: round 2 is in play." in (
        response.content.decode()
    )
    drive.refresh_from_db()
    assert (drive.current_round, drive.state) == (2, DriveState.IN_PLAY)


def test_the_last_bell_finishes_the_drive(assistant_client, club, organiser):
    drive = rubber_drive(club)
    enter(drive, organiser, 1, [11])
    scoring_services.round_start_next(drive=drive, round_number=1)
    action, fields = bell_form(room_html(assistant_client, drive))
    response = assistant_client.post(action, fields)
    assert response.status_code == 302
    assert response["Location"] == drive_url(drive, "leaderboard/")
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    # The room of the finished drive: the tables the last bell cut are not
    # "playing" any more.
    html = room_html(assistant_client, drive)
    assert ">playing<" not in html
    assert ">cut by the bell<" in html


def test_no_bell_while_two_results_disagree(assistant_client, club):
    drive = rubber_drive(club)
    table = Table.objects.get(drive=drive, number=1)
    for ns, key in ((9, "a" * 22), (4, "b" * 22)):
        captain_services.captain_result_submit(
            table=table, hand=1, ns_tricks=ns, idempotency_key=key
        )
    html = room_html(assistant_client, drive)
    assert "Settle them before you ring the bell." in html
    assert "Ring the bell: end round" not in html
    # Posted anyway (an old page): refused with the reason, the round stays.
    response = assistant_client.post(drive_url(drive, "room/next/"), {"round": "1"})
    assert response.status_code == 409
    assert "Settle the disagreement at table 1 first." in response.content.decode()
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_another_format_still_waits_for_every_table(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=4)
    html = room_html(assistant_client, drive)
    assert "Waiting for tables 1 and 2." in html
    assert "Ring the bell: end round" not in html and "room/next/" not in html
    response = assistant_client.post(drive_url(drive, "room/next/"), {"round": "1"})
    assert response.status_code == 409
    assert "Not every table is in yet: waiting for tables 1 and 2." in (
        response.content.decode()
    )


def test_the_grid_takes_24_hands_and_the_bell_leaves_cells_empty(
    assistant_client, club, organiser
):
    drive = rubber_drive(club, hands=48, hands_per_round=24)
    url = drive_url(drive, "scores/")
    html = assistant_client.get(url).content.decode()
    cells = set(re.findall(r'name="(t\d+_h\d+)"', html))
    assert cells == {f"t{t}_h{h}" for t in (1, 2) for h in range(1, 25)}
    # Table 1's first three hands from the grid: a game to N-S, 5-0, on hand 1.
    data = {"round": "1"} | {f"v_{name}": "0" for name in cells}
    data |= {"t1_h1": "11", "t1_h2": "8", "t1_h3": "7"}
    # Table 2's first hand: N-S take 7, E-W revoked (3 tricks pass): 4-0.
    data |= {"t2_h1": "7", "r_t2_h1": "EW"}
    response = assistant_client.post(url, data)
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.current_round == 1  # 24 hands a round: far from played out
    # A rubber hand has no score of its own under its cell (odd tricks would
    # say 4 to N-S; the board counts only the games' and rubbers' bonuses).
    html = assistant_client.get(url).content.decode()
    # The revoke stored opens the honours and revokes, after the Save button.
    assert '<details class="extras" id="extras" open>' in html
    assert '<option value="EW" selected>E-W revoked</option>' in html
    assert "Saved: scores" not in html
    html = room_html(assistant_client, drive)
    assert rubber_facts(table_section(html, 2))["game"] == "N-S 4, E-W 0"
    assert "scores N-S" not in table_section(html, 2)
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive.refresh_from_db()
    assert drive.current_round == 2
    # The grid is round 2's, every cell empty.
    html = assistant_client.get(url).content.decode()
    assert set(re.findall(r'name="(t\d+_h\d+)"', html)) == {
        f"t{t}_h{h}" for t in (1, 2) for h in range(25, 49)
    }
    assert re.findall(r'name="t\d+_h\d+" id="[^"]+" value="([^"]*)"', html) == (
        [""] * 48
    )
    # All hands: round 1's unplayed hands are simply empty, and each hand's
    # score is what the boards count: the game's bonus on the hand that won it.
    html = assistant_client.get(drive_url(drive, "hands/")).content.decode()
    rows = re.findall(r"<tr>\s*<td class=\"num\">(\d+)</td>.*?</tr>", html, re.S)
    assert len(rows) == 4 * 24  # two rounds of two tables
    row = re.search(
        r'<td class="num">1</td><td>.*?</td><td class="num">1</td>(.*?)</tr>',
        html,
        re.S,
    ).group(1)
    scores = re.findall(r'<td class="num">([^<]*)</td>', row)
    assert scores == ["11", "2", "3", "0"]  # tricks, then N-S 3, E-W 0
    empty = re.search(
        r'<td class="num">4</td><td>.*?</td><td class="num">1</td>(.*?)</tr>',
        html,
        re.S,
    ).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', empty) == ["–"] * 4
    assert ">Enter<" in empty
    # The correction page says the same, and why.
    html = as_read(
        assistant_client.get(drive_url(drive, "hands/1/table/1/")).content.decode()
    )
    assert "Scores: N-S 3, E-W 0." in html
    assert "a hand scores only when it wins a game" in html


def test_each_hand_in_the_room_has_its_own_words_when_one_is_missing(
    assistant_client, club, organiser
):
    drive = rubber_drive(club)
    enter(drive, organiser, 1, [11])  # hand 1: game to N-S, 5-0
    enter(drive, organiser, 1, [2], first=3)  # hand 2 missing; hand 3: E-W 5-0
    one = table_section(room_html(assistant_client, drive), 1)
    lines = dict(re.findall(r"Hand (\d+)</strong>:(.*?)</p>", one, re.S))
    assert "Game to N-S, 5-0" in strip_tags(lines["1"])
    assert "room-rubber-hand" not in lines["2"]  # no result: no words
    assert "Game to E-W, 5-0" in strip_tags(lines["3"])


def test_the_room_and_the_phone_say_the_presets_rules_and_their_texts(
    assistant_client, club
):
    # Each preset's rules in words, naming the text behind each.
    drive = rubber_drive(club, rubber_preset="russian", count_honours=True)
    html = room_html(assistant_client, drive)
    assert "The rules of this drive" in html
    assert "Three score 3, four score 4 <small>(the Russian text)</small>" in html
    assert "A hand still waiting for the opponents" in html
    phone = (
        Client()
        .get(f"/t/{Table.objects.get(drive=drive, number=1).captain_key}/")
        .content.decode()
    )
    assert "The offenders lose 3 points" in phone
    assert "<small>(the Russian text: its first penalty" in phone


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
@pytest.mark.parametrize("preset", ["english", "long", "russian"])
def test_the_phones_rules_name_their_texts_without_brackets_in_brackets(
    club, language, preset
):
    """Each rule's source is printed in brackets after it, so a source never
    holds brackets of its own ("(русский текст (первый из…))" read badly)."""
    club.language = language
    club.save()
    drive = rubber_drive(club, rubber_preset=preset, count_honours=True)
    phone = (
        Client()
        .get(f"/t/{Table.objects.get(drive=drive, number=1).captain_key}/")
        .content.decode()
    )
    sources = re.findall(r"<small>\((.*?)\)</small></dd>", phone)
    assert len(sources) >= 5, sources
    assert not [s for s in sources if "(" in s or ")" in s]


def test_the_projector_says_a_long_rounds_trumps_in_two_short_lines(
    assistant_client, club
):
    """Twelve hands a round: the projector gives each hand's number with its
    trump symbol ("Hands 1 to 12: 1 ♥ 2 ♦ …"), the suits' names for a screen
    reader only, not twelve times "Hand n ♥ Hearts" over four lines."""
    drive = rubber_drive(club)
    html = assistant_client.get(drive_url(drive, "projector/")).content.decode()
    now = re.search(r'<p class="projector-now">.*?</p>', html, re.S).group(0)
    words = " ".join(strip_tags(now).split())
    assert words.startswith("Round 1 of ")
    assert "· Hands 1 to 12: 1&nbsp;♥ Hearts 2&nbsp;♦ Diamonds" in words, words
    assert "Hand 1 " not in words
    assert now.count('class="projector-hand"') == 12
    assert '<span class="visually-hidden"> Hearts</span>' in now
