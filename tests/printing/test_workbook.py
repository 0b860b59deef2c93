"""The workbook and the Results CSV, checked sheet by sheet against the database."""

from __future__ import annotations

import csv
import datetime
import io
from collections import defaultdict

import pytest
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from drive.models import SeatAssignment
from drive.movement.quality import movement_quality
from drive.seating import stored_seatings
from players.models import Player
from printing import deal_sheets, exports, sheets
from scoring import services
from scoring.models import HandResult
from scoring.selectors import leaderboard
from tests.factories import drive_with_players, play_drive, play_round

pytestmark = pytest.mark.django_db

FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+44 Smith", "-Dash", "@Home"]


def workbook_of(drive):
    buffer = io.BytesIO()
    exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    return load_workbook(buffer)


def rows_of(sheet) -> tuple[list, list[dict]]:
    rows = list(sheet.iter_rows(values_only=True))
    headers = list(rows[0])
    return headers, [dict(zip(headers, row, strict=True)) for row in rows[1:]]


@pytest.fixture
def played(club, organiser):
    """A finished 10-player drive (sit-outs), one correction, two adjustments,
    and players whose names look like formulas."""
    drive = drive_with_players(players=10, hands=4, club=club)
    for entry, name in zip(
        drive.entries.order_by("number"), FORMULA_NAMES, strict=False
    ):
        entry.player.name = name
        entry.player.save()
    play_round(drive, tricks=lambda deal: 9)
    services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=4, by=organiser, seen_version=1
    )
    play_drive(drive, tricks=lambda deal: (deal.hand + deal.table) % 14)
    services.adjustment_add(
        entry=drive.entries.get(number=3),
        points=-2,
        reason="=Late arrival",
        by=organiser,
    )
    services.adjustment_add(
        entry=drive.entries.get(number=4), points=5, reason="Prize hand", by=organiser
    )
    drive.refresh_from_db()
    return drive


# Where a sheet's panes are frozen: under its headers, and right of the
# players' numbers and names on a sheet of players, so a secretary scrolling
# right across the hands still sees whose row it is.
FROZEN_AT = {"Results": "D2", "Hands": "C2", "Adjustments": "C2"}


def test_every_sheet_is_there_with_bold_frozen_headers(played):
    workbook = workbook_of(played)
    assert workbook.sheetnames == [
        "Results",
        "Deals",
        "Hands",
        "Movement",
        "Adjustments",
        "Corrections",
        "Prizes",
        "Drive",
    ]
    for sheet in workbook.worksheets:
        assert sheet.freeze_panes == FROZEN_AT.get(sheet.title, "A2"), sheet.title
        assert all(cell.font.bold for cell in sheet[1]), sheet.title
        assert sheet.column_dimensions["A"].width >= 6, sheet.title


def test_results_and_deals_keep_their_first_columns(played):
    workbook = workbook_of(played)
    headers, results = rows_of(workbook["Results"])
    # After them, where a tie-break placed players level on points, the rule.
    assert headers[:9] == exports.RESULTS_HEADERS
    assert headers[9:] in ([], [exports.TIE_BREAK_HEADER])
    standings = leaderboard(drive=played)
    assert [(r["No."], r["Total"]) for r in results] == [
        (s.number, s.total) for s in standings
    ]
    deal_headers, _ = rows_of(workbook["Deals"])
    assert deal_headers == deal_sheets.DEALS_HEADERS


def test_hands_sheet_adds_up_to_the_results(played):
    workbook = workbook_of(played)
    headers, hands = rows_of(workbook["Hands"])
    assert headers[:5] == ["No.", "Name", "Group", "Hand 1", "Total 1"]
    assert headers[-3:] == ["Score", "Adjustment", "Total"]
    standings = {s.number: s for s in leaderboard(drive=played)}
    assert sorted(row["No."] for row in hands) == sorted(standings)
    for row in hands:
        scores = [row[f"Hand {h}"] for h in range(1, 5)]
        running = 0
        for hand, score in enumerate(scores, start=1):
            running += score or 0
            assert row[f"Total {hand}"] == running
            assert score is None or isinstance(score, int)
        standing = standings[row["No."]]
        assert row["Score"] == running == standing.score
        assert row["Total"] == standing.total
        assert sum(s is None for s in scores) == standing.sat_out


def test_movement_sheet_is_the_stored_seating(played):
    headers, movement = rows_of(workbook_of(played)["Movement"])
    assert headers[:9] == [
        "Round",
        "First hand",
        "Last hand",
        "Table",
        "N",
        "E",
        "S",
        "W",
        "Sits out",
    ]
    seated = defaultdict(dict)
    sat_out = set()
    for seat in SeatAssignment.objects.filter(round__drive=played).select_related(
        "round", "table", "entry"
    ):
        if seat.table is None:
            sat_out.add((seat.round.number, seat.entry.number))
        else:
            seated[(seat.round.number, seat.table.number)][seat.position] = (
                seat.entry.number
            )
    tables = {
        (row["Round"], row["Table"]): {s: row[s] for s in "NESW"}
        for row in movement
        if row["Table"] is not None
    }
    assert tables == seated
    assert {
        (row["Round"], row["Sits out"]) for row in movement if row["Table"] is None
    } == sat_out
    assert len(movement) == len(seated) + len(sat_out) == 4 * 2 + 4 * 2


def test_movement_sheet_names_the_dummy_of_a_three_handed_table():
    drive = drive_with_players(players=11, hands=2, three_handed=True)
    _, movement = rows_of(workbook_of(drive)["Movement"])
    dummies = [row for row in movement if "dummy" in [row[s] for s in "NESW"]]
    # Round 1: two full tables and the three-handed one, nobody sits out.
    assert len(dummies) == 1 and not any(row["Sits out"] for row in movement)
    (row,) = dummies
    seat = next(s for s in "NESW" if row[s] == "dummy")
    names = [row[h] for h in ("N name", "E name", "S name", "W name")]
    assert names["NESW".index(seat)] == "dummy"
    assert sorted(row[s] for s in "NESW" if s != seat) == sorted(
        SeatAssignment.objects.filter(
            round__drive=drive, table__number=row["Table"]
        ).values_list("entry__number", flat=True)
    )


def test_adjustments_sheet_has_reasons_and_compensation(played):
    _, adjustments = rows_of(workbook_of(played)["Adjustments"])
    organiser = [row for row in adjustments if row["Kind"] == "Adjustment"]
    assert [(r["No."], r["Points"], r["Reason"], r["By"]) for r in organiser] == [
        (3, -2, "=Late arrival", "olive"),
        (4, 5, "Prize hand", "olive"),
    ]
    standings = {s.number: s for s in leaderboard(drive=played)}
    compensation = {
        r["No."]: r["Points"] for r in adjustments if r["Kind"] != "Adjustment"
    }
    assert compensation == {
        n: s.compensation for n, s in standings.items() if s.sat_out
    }


def test_corrections_sheet_holds_the_history(played):
    _, corrections = rows_of(workbook_of(played)["Corrections"])
    history = list(
        HandResult.objects.filter(
            table__drive=played, table__number=1, hand=1
        ).order_by("version")
    )
    assert len(history) == 2
    assert [
        (r["Hand"], r["Table"], r["Version"], r["NS tricks"], r["Status"])
        for r in corrections
    ] == [(1, 1, h.version, h.ns_tricks, h.get_status_display()) for h in history]


def test_text_that_looks_like_a_formula_stays_text(played):
    workbook = workbook_of(played)
    names = [cell for cell in workbook["Results"]["C"][1:]]
    looking = [cell for cell in names if cell.value in FORMULA_NAMES]
    assert {cell.value for cell in looking} == set(FORMULA_NAMES)
    assert all(cell.data_type == "s" for cell in looking)
    reasons = [
        cell for cell in workbook["Adjustments"]["E"] if cell.value == "=Late arrival"
    ]
    assert reasons and reasons[0].data_type == "s"
    # Numbers stay numbers.
    assert all(isinstance(cell.value, int) for cell in workbook["Results"]["I"][1:])


def test_results_csv_is_safe_for_spreadsheets(played, organiser_client):
    response = organiser_client.get(
        reverse("printing:results_csv", kwargs={"pk": played.pk})
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:9] == exports.RESULTS_HEADERS
    assert rows[0][9:] in ([], [exports.TIE_BREAK_HEADER])
    by_number = {int(row[1]): row for row in rows[1:]}
    for number, name in enumerate(FORMULA_NAMES, start=1):
        assert by_number[number][2] == "'" + name
    standings = {s.number: s for s in leaderboard(drive=played)}
    assert by_number[3][7] == str(standings[3].adjustment)  # a number, never quoted
    assert int(by_number[3][8]) == standings[3].total
    assert len(rows) == 11


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        # A format character first (a byte order mark, a zero-width space)
        # shows as nothing: the spreadsheet would read the formula behind it.
        ("\ufeff=1+2", "'=1+2"),
        ("\u200b\u2060@SUM(A1)", "'@SUM(A1)"),
        ("Anne-Marie", "Anne-Marie"),
        (-3, -3),
        ("", ""),
    ],
)
def test_csv_safe(value, safe):
    assert exports.csv_safe(value) == safe


def test_drive_sheet_states_the_movement_rule_and_its_quality(played):
    settings = dict(workbook_of(played)["Drive"].iter_rows(min_row=2, values_only=True))
    assert settings["Movement rule"].startswith("Progressive, losers move:")
    quality = movement_quality(schedule=stored_seatings(drive=played)).summary()
    assert settings["Movement quality"] == quality
    assert "sit-out" in quality  # 10 players: two sit out each round


def test_an_unplayed_drive_exports_empty_sheets():
    drive = drive_with_players(players=4, start=False)
    workbook = workbook_of(drive)
    for title in ("Movement", "Adjustments", "Corrections"):
        assert workbook[title].max_row == 1, title
    settings = dict(workbook["Drive"].iter_rows(min_row=2, values_only=True))
    assert settings["Movement quality"] == "not seated yet"
    _, hands = rows_of(workbook["Hands"])
    assert len(hands) == 4 and all(row["Total"] == 0 for row in hands)


def test_only_strings_openpyxl_would_misread_get_a_text_cell():
    book = Workbook(write_only=True)
    sheets.add_sheet(
        book,
        "Sheet",
        ["A", "B", "C", "D"],
        [8, 8, 8, 8],
        [["=1+2", "#N/A", "Plain", 7], [None, "#REF!", "-2", -2]],
    )
    buffer = io.BytesIO()
    book.save(buffer)
    sheet = load_workbook(io.BytesIO(buffer.getvalue()))["Sheet"]
    rows = [[(c.value, c.data_type) for c in row] for row in sheet.iter_rows(min_row=2)]
    assert rows == [
        [("=1+2", "s"), ("#N/A", "s"), ("Plain", "s"), (7, "n")],
        [(None, "n"), ("#REF!", "s"), ("-2", "s"), (-2, "n")],
    ]
    assert sheets.needs_text_cell("=x") and sheets.needs_text_cell("#DIV/0!")
    assert not sheets.needs_text_cell("x=") and not sheets.needs_text_cell(3)


# Characters stored before inputs were cleaned (players.typed_text): openpyxl
# refuses the first ones, XML cannot hold the last two.
UNTYPED = "\x1b\x08\x7f\x85\ufffe\uffff"


def test_old_names_and_reasons_with_control_characters_still_download(
    played, organiser_client
):
    from drive.models import Drive
    from scoring.models import Adjustment

    entry = played.entries.get(number=5)
    Player.objects.filter(pk=entry.player_id).update(name=f"Ann{UNTYPED}Archer")
    Adjustment.objects.filter(entry__drive=played).update(reason=f"Late{UNTYPED}!")
    Drive.objects.filter(pk=played.pk).update(venue=f"Hall{UNTYPED}")
    response = organiser_client.get(reverse("printing:workbook", args=[played.pk]))
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    _, results = rows_of(workbook["Results"])
    assert {row["No."]: row["Name"] for row in results}[5] == "Ann Archer"
    _, adjustments = rows_of(workbook["Adjustments"])
    assert {row["Reason"] for row in adjustments if row["Kind"] == "Adjustment"} == {
        "Late !"
    }
    assert dict(workbook["Drive"].iter_rows(values_only=True))["Venue"] == "Hall "
    response = organiser_client.get(
        reverse("printing:results_csv", kwargs={"pk": played.pk})
    )
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert {int(row[1]): row[2] for row in rows[1:]}[5] == "Ann Archer"


def test_export_is_a_workbook_with_results_and_deals(assistant_client, live_drive):
    play_round(live_drive)
    response = assistant_client.get(reverse("printing:workbook", args=[live_drive.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert "attachment" in response["Content-Disposition"]
    workbook = load_workbook(io.BytesIO(response.content), read_only=True)
    assert {"Results", "Deals"} <= set(workbook.sheetnames)
    results = list(workbook["Results"].iter_rows(values_only=True))
    assert list(results[0]) == [
        "Rank",
        "No.",
        "Name",
        "Group",
        "Played",
        "Sat out",
        "Score",
        "Adjustment",
        "Total",
    ]
    assert len(results) == 1 + 8
    deals = list(workbook["Deals"].iter_rows(values_only=True))
    assert list(deals[0][:10]) == [
        "Hand",
        "Round",
        "Trumps",
        "Table",
        "N",
        "E",
        "S",
        "W",
        "NS tricks",
        "EW tricks",
    ]
    assert [row[:4] for row in deals[1:]] == [
        (1, 1, "Hearts", 1),
        (1, 1, "Hearts", 2),
        (2, 2, "Diamonds", 1),
        (2, 2, "Diamonds", 2),
    ]
    assert [row[8:10] for row in deals[1:3]] == [(7, 6), (7, 6)]


def _seat_as_a_mitchell(drive) -> None:
    """Seat every round after the first as an earlier release did for fixed
    pairs: North-South pairs at their tables, East-West pairs up one table."""
    first = {
        (seat.table.number, seat.position): seat.entry
        for seat in SeatAssignment.objects.filter(round__drive=drive, round__number=1)
    }
    tables = {table.number: table for table in drive.tables.all()}
    count = len(tables)
    for number in range(2, drive.rounds + 1):
        seats = SeatAssignment.objects.filter(round__drive=drive, round__number=number)
        round_ = seats.first().round
        seats.delete()
        for (table, position), entry in first.items():
            if position in "EW":
                table = (table - 1 + number - 1) % count + 1
            SeatAssignment.objects.create(
                round=round_, entry=entry, table=tables[table], position=position
            )


def test_the_movement_rule_is_the_one_the_drive_played(club):
    """Four pairs over three rounds play a round robin today; a drive seated
    by a release that played them as a Mitchell is described as the Mitchell
    it played (issue #32), and one seated today as its round robin."""
    today = drive_with_players(players=8, hands=3, format="partners", club=club)
    old = drive_with_players(players=8, hands=3, format="partners", club=club)
    _seat_as_a_mitchell(old)
    for drive in (today, old):
        play_drive(drive, tricks=lambda deal: 8)
        assert drive.state == "finished"

    def rule(drive) -> str:
        sheet = workbook_of(drive)["Drive"]
        return dict(
            row[:2] for row in sheet.iter_rows(values_only=True) if row and row[0]
        )["Movement rule"]

    assert "round robin" in rule(today)
    assert "round robin" not in rule(old)
    assert (
        "North-South pairs stay at their table and East-West pairs move up one "
        "table each round, so East-West pairs meet the same pairs again"
    ) in rule(old)


@pytest.mark.parametrize(
    "format", ["progressive", "stationary", "partners", "individual"]
)
def test_the_group_column_is_there_only_where_the_format_has_groups(format):
    """A format with groups names each entry's group in Results, Hands and the
    CSV; one without them (its format's definition says so) has no Group
    column at all, and the columns after it move up to their headings."""
    drive = drive_with_players(players=8, hands=2, format=format)
    play_drive(drive)
    workbook = workbook_of(drive)
    output = io.StringIO()
    exports.write_results_csv(drive=drive, output=output)
    csv_rows = list(csv.reader(io.StringIO(output.getvalue())))
    results = list(workbook["Results"].iter_rows(values_only=True))
    hands = list(workbook["Hands"].iter_rows(values_only=True))
    for rows in (results, hands, csv_rows):
        assert {len(row) for row in rows} == {len(rows[0])}
    labels = {drive.group_a_label, drive.group_b_label}
    if drive.has_groups:
        assert results[0][2:5] == ("Name", "Group", "Played")
        assert hands[0][1:4] == ("Name", "Group", "Hand 1")
        assert csv_rows[0][2:5] == ["Name", "Group", "Played"]
        assert {row[3] for row in results[1:]} == labels
        assert {row[2] for row in hands[1:]} == labels
        assert workbook["Results"].column_dimensions["D"].width == 12
    else:
        assert results[0][2:4] == ("Name", "Played")
        assert hands[0][1:3] == ("Name", "Hand 1")
        assert csv_rows[0][2:4] == ["Name", "Played"]
        assert "Group" not in results[0] + hands[0] + tuple(csv_rows[0])
        assert {row[3] for row in results[1:]} == {2}  # every entry played 2 hands
        # The widths follow the columns: Played is as narrow as before.
        assert workbook["Results"].column_dimensions["D"].width == 8
        assert not labels & {cell for row in results[1:] for cell in row}


def test_the_workbooks_properties_say_whose_drive_it_is(club):
    """A workbook forwarded to the county says, in a spreadsheet's Info and
    a file manager, which drive and which club it is (not openpyxl's name)."""
    club.name = "=Trefl Kraków"
    club.save()
    drive = play_drive(drive_with_players(players=8, hands=2, club=club))
    drive.name, drive.date = "Andrzejki", datetime.date(2026, 11, 28)
    drive.save()
    properties = workbook_of(drive).properties
    assert properties.title == "Andrzejki · 28 Nov 2026"
    assert properties.creator == "=Trefl Kraków"
