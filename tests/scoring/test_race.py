"""The race (scoring.race): running totals hand by hand, on the projector and
the results page; silent rounds stay out of it."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from drive import services as drive_services
from drive.models import Drive
from prizes import giving_services
from scoring import race, selectors
from scoring.selectors import DriveScores
from scoring.standings import EntryRecord, room_averages
from tests.factories import drive_with_players, play_drive, play_round, varied_tricks
from tests.scoring.chart_tables import heads_of, table_of

HTMX = {"HX-Request": "true"}


def scores_of(records: list[EntryRecord], **settings) -> DriveScores:
    drive = Drive(format="progressive", **settings)
    by_hand: dict[int, list[int]] = {}
    for record in records:
        for hand, score in record.hand_scores.items():
            by_hand.setdefault(hand, []).append(score)
    return DriveScores(
        drive=drive,
        records=records,
        averages=room_averages(by_hand),
        hands_complete=len(by_hand),
    )


RECORDS = [
    EntryRecord(1, 1, "Anna", "A", {1: 3, 2: 0, 3: 1}),
    EntryRecord(2, 2, "Boris", "B", {1: 0, 2: 4, 3: 0}, adjustments=2),
    # Sat out hand 2, made up by the fixed score (3).
    EntryRecord(3, 3, "Ciprian", "A", {1: 1, 3: 2}, sat_out_hands=(2,)),
    EntryRecord(4, 4, "Dario", "B", {1: 0, 2: 0, 3: 0}),
]


def test_running_totals_hand_by_hand_by_the_standings_rules():
    scores = scores_of(RECORDS, sit_out_compensation="fixed", sit_out_fixed_score=3)
    found = race.race(scores, top=3)
    assert found.hands == (1, 2, 3)
    # The board's order: Boris 6, Ciprian 6 (level, number order), Anna 4.
    assert [(line.number, line.totals) for line in found.lines] == [
        (2, (2, 6, 6)),  # the adjustment counts from the start
        (3, (1, 4, 6)),  # hand 2 sat out: 3 made up
        (1, (3, 3, 4)),
    ]
    board = {row.entry: row.total for row in scores.standings()}
    assert all(line.totals[-1] == board[line.entry] for line in found.lines)
    assert not any(line.own for line in found.lines)


def test_a_players_own_line_joins_the_leaders():
    scores = scores_of(RECORDS, sit_out_compensation="none")
    found = race.race(scores, top=2, own_number=4)
    # Boris 6 (with his adjustment), Anna 4, then Dario's own line.
    assert [line.number for line in found.lines] == [2, 1, 4]
    assert [line.own for line in found.lines] == [False, False, True]
    assert found.lines[-1].totals == (0, 0, 0)
    # Already among the leaders: the line is marked, not repeated.
    again = race.race(scores, top=2, own_number=2)
    assert [(line.number, line.own) for line in again.lines] == [(2, True), (1, False)]


def test_no_result_no_race():
    scores = scores_of([EntryRecord(1, 1, "Anna", "A")])
    assert race.race(scores) == race.Race((), ())
    assert race.race_figure(scores, id="race") is None


def test_a_group_board_runs_its_own_race():
    scores = scores_of(RECORDS, sit_out_compensation="none")
    found = race.race(scores, group="B")
    assert [line.number for line in found.lines] == [2, 4]


def test_compensation_by_own_average_never_takes_back_what_it_drew():
    """Seen on a real drive: the line went down after a poor hand, because each
    point made up the hand sat out by the average of the hands played so far
    (6 after hand 2, then 3 after a hand of 0). Each hand sat out is worth the
    average the total uses, over every hand played, from that hand on."""
    records = [
        EntryRecord(1, 1, "Anna", "A", {2: 6, 3: 0}, sat_out_hands=(1,)),
        EntryRecord(2, 2, "Boris", "B", {1: 1, 2: 0, 3: 1}),
    ]
    scores = scores_of(records, sit_out_compensation="own_average")
    found = race.race(scores, top=2)
    # Anna's average is 3: hand 1 is worth 3 from hand 1 on.
    assert [(line.number, line.totals) for line in found.lines] == [
        (1, (3, 9, 9)),
        (2, (1, 1, 2)),
    ]
    board = {row.entry: row.total for row in scores.standings()}
    assert board == {1: 9, 2: 2}


def test_an_own_average_rounds_once_as_the_total_does():
    # An average of 5/2 for each of two hands sat out: 5 in all, not 3 + 3.
    record = EntryRecord(1, 1, "Anna", "A", {1: 2, 4: 3}, sat_out_hands=(2, 3))
    scores = scores_of([record], sit_out_compensation="own_average")
    assert race.race(scores).lines[0].totals == (2, 5, 7, 10)  # 2.5 rounds up
    assert scores.standings()[0].total == 10


HANDS = 8


@st.composite
def entry_records(draw) -> list[EntryRecord]:
    """Entries with hand scores of 0 or more, some hands sat out, an adjustment.
    The first sits out none: a hand sat out is one the room played."""
    records = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        sat_out = (
            draw(st.sets(st.integers(1, HANDS), max_size=3)) if number > 1 else set()
        )
        played = {
            hand: draw(st.integers(0, 13))
            for hand in range(1, HANDS + 1)
            if hand not in sat_out
        }
        records.append(
            EntryRecord(
                number,
                number,
                f"P{number}",
                draw(st.sampled_from("AB")),
                played,
                sat_out_hands=tuple(sorted(sat_out)),
                adjustments=draw(st.integers(-5, 5)),
            )
        )
    return records


@settings(max_examples=150, deadline=None)
@given(
    records=entry_records(),
    rule=st.sampled_from(["none", "fixed", "own_average", "room_average"]),
    fixed=st.integers(0, 7),
)
def test_running_totals_never_go_down_and_end_at_the_board(records, rule, fixed):
    scores = scores_of(records, sit_out_compensation=rule, sit_out_fixed_score=fixed)
    found = race.race(scores, top=len(records))
    board = {row.entry: row.total for row in scores.standings()}
    assert {line.entry for line in found.lines} == set(board)
    for line in found.lines:
        assert all(a <= b for a, b in zip(line.totals, line.totals[1:], strict=False))
        assert line.totals[-1] == board[line.entry]


@pytest.mark.django_db
def test_the_projector_turns_to_the_race_after_the_boards(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    url = f"/drives/{drive.pk}/projector/"
    last_board = assistant_client.get(url, {"board": "group-b"}).content.decode()
    assert "board=race" in last_board
    page = assistant_client.get(url, {"board": "race"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>The race</h1>" in html
    assert 'role="img"' in html and 'aria-labelledby="race-title"' in html
    assert "board=overall" in html  # and round again
    rows = selectors.drive_scores(drive=drive).standings()[:5]
    assert heads_of(html, "race") == [f"{row.number} {row.name}" for row in rows]
    numbers = table_of(html, "race")
    assert list(numbers) == ["1", "2"]
    assert numbers["2"] == [str(row.total) for row in rows]
    part = assistant_client.get(url, {"board": "race"}, headers=HTMX)
    assert part.content.decode().lstrip().startswith('<div id="projector"')
    assert 'id="race-title"' in part.content.decode()


@pytest.mark.django_db
def test_the_race_on_the_projector_keeps_the_silent_rounds_quiet(
    assistant_client, club
):
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    before = {
        f"{r.number} {r.name}": r.total
        for r in selectors.drive_scores(drive=drive).standings()
    }
    play_round(drive, tricks=lambda deal: 13 if deal.table == 1 else 0)
    url = f"/drives/{drive.pk}/projector/"
    html = assistant_client.get(url, {"board": "race"}).content.decode()
    numbers = table_of(html, "race")
    assert list(numbers) == ["1", "2"]  # hand 3, the silent one, is not run
    heads = heads_of(html, "race")
    assert numbers["2"] == [str(before[name]) for name in heads]
    giving_services.silence_lift(drive=drive)
    html = assistant_client.get(url, {"board": "race"}).content.decode()
    assert list(table_of(html, "race")) == ["1", "2", "3"]


@pytest.mark.django_db
def test_before_any_result_the_race_says_it_waits(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=3)
    url = f"/drives/{drive.pk}/projector/"
    html = assistant_client.get(url, {"board": "race"}).content.decode()
    assert "The race begins with the first result." in html
    assert "<svg" not in html


@pytest.fixture
def finished(club) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=4)
    return play_drive(drive, tricks=varied_tricks)


@pytest.mark.django_db
def test_the_results_page_runs_the_race_and_adds_a_players_own_line(
    assistant_client, finished
):
    url = f"/drives/{finished.pk}/results/"
    html = assistant_client.get(url).content.decode()
    rows = selectors.drive_scores(drive=finished).standings()
    assert heads_of(html, "race") == [f"{r.number} {r.name}" for r in rows[:5]]
    assert table_of(html, "race")["4"] == [str(r.total) for r in rows[:5]]
    last = rows[-1]
    assert f'href="?entry={last.number}#race-section"' in html  # on their card
    mine = assistant_client.get(url, {"entry": last.number}).content.decode()
    assert heads_of(mine, "race")[-1] == f"{last.number} {last.name}"
    assert table_of(mine, "race")["4"][-1] == str(last.total)
    assert f"with player {last.number}’s own line" in mine or (
        f"with player {last.number}'s own line" in mine
    )


@pytest.mark.django_db
def test_an_unknown_player_number_is_refused_in_words(assistant_client, finished):
    url = f"/drives/{finished.pk}/results/"
    for wrong in ("99", "x1", "1" * 30):
        answer = assistant_client.get(url, {"entry": wrong})
        assert answer.status_code == 400
        assert "in this drive." in answer.content.decode()
        assert 'id="race-title"' in answer.content.decode()  # the race, without


@pytest.mark.django_db
def test_the_public_results_run_the_race_too(finished):
    drive = drive_services.public_link_set(drive=finished, shared=True)
    html = Client().get(f"/p/{drive.public_key}/results/", {"entry": 1})
    assert html.status_code == 200
    assert heads_of(html.content.decode(), "race")[-1].startswith("1 ")


@pytest.mark.django_db
def test_the_race_in_russian(assistant_client, finished):
    finished.club.language = "ru"
    finished.club.save()
    html = assistant_client.get(f"/drives/{finished.pk}/results/").content.decode()
    assert '<title id="race-title">Гонка: нарастающие итоги лидеров</title>' in html
    start = html.index('<figure class="chart" id="race"')
    head = html[html.index("<thead>", start) : html.index("</thead>", start) + 8]
    assert [th.text for th in ElementTree.fromstring(head).iter("th")][0] == "Сдача"
    assert "Цифры" in html[start:]  # the table's summary
