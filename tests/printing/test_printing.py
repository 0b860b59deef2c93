"""Printed sheets: what each card, slip and table card says (plain values), and the PDFs.

The content tests build a DrivePlan by hand and need no database. The PDF
tests render real drives and read the text back with poppler's pdftotext
(skipped, with the reason, where it is not installed).
"""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess

import pytest
from django.urls import reverse

from drive import services as drive_services
from drive.models import Entry, Table
from drive.trumps import DEFAULT_SEQUENCE, Trump
from printing import documents, loading
from printing.slips import travel_slip
from printing.table_cards import movement_instructions
from scoring import cards, drive_plan
from scoring.card_plan import DrivePlan, EntryInfo, EntryTotal, RoundPlan
from scoring.card_rows import PlaceKind, RowKind
from scoring.cards import blank_card, score_card
from scoring.selectors import leaderboard
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    drive_with_players,
    play_drive,
    play_round,
    prediction_drive,
)

PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)
BASE = "http://127.0.0.1:8000/"

# One name in each script the clubs have asked about.
NAMES = {
    "Polish": "Zażółć Gęślą-Jaźń",
    "Romanian": "Ștefan Țărănescu",
    "Czech": "Řehoř Šťastný",
    "German": "Jürgen Größmann",
    "French": "Françoise Lefèvre-Œuvray",
    "Greek": "Γιώργος Παπαδόπουλος",
    "Cyrillic": "Дмитрий Шостакович",
}


def pdf_text(data: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, "-layout", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    return done.stdout.decode("utf-8")


def pages(text: str) -> list[str]:
    return text.split("\f")


# --- plain content -----------------------------------------------------------------


def plan(**values: object) -> DrivePlan:
    base: dict[str, object] = {
        "club": "Riverside",
        "drive": "Friday drive",
        "date": datetime.date(2026, 11, 27),
        "format": "progressive",
        "hands": 6,
        "hands_per_round": 1,
        "trumps": DEFAULT_SEQUENCE,
        "rule": "odd",
        "entries": tuple(
            EntryInfo(n, f"Player {n}", "AB"[(n - 1) % 2]) for n in range(1, 10)
        ),
        "tables": (1, 2),
    }
    base.update(values)
    return DrivePlan(**base)  # type: ignore[arg-type]


ROUND_1 = RoundPlan(
    1,
    {1: {"N": 1, "E": 3, "S": 2, "W": 4}, 2: {"N": 5, "E": 7, "S": 6, "W": 8}},
    frozenset({9}),
)
ROUND_2 = RoundPlan(
    2,
    {1: {"N": 3, "E": 9, "S": 4, "W": 2}, 2: {"N": 7, "E": 1, "S": 8, "W": 6}},
    frozenset({5}),
)


def test_card_shows_stored_seats_and_leaves_the_rest_blank():
    card = score_card(plan(rounds={1: ROUND_1, 2: ROUND_2}), EntryInfo(1, "Ann", "A"))
    hands = card.hand_rows
    assert [row.hand for row in hands] == [1, 2, 3, 4, 5, 6]
    assert [row.trumps for row in hands] == [
        Trump.HEARTS,
        Trump.DIAMONDS,
        Trump.SPADES,
        Trump.CLUBS,
        Trump.NO_TRUMPS,
        Trump.HEARTS,
    ]
    first, second, third = (row.texts() for row in hands[:3])
    assert (first["table"], first["seat"], first["partner"]) == ("1", "N", "2")
    assert (second["table"], second["seat"], second["partner"]) == ("2", "E", "6")
    assert hands[1].opponents == (7, 8)
    # Round 3 is not seated: results decide, so the card leaves it blank.
    assert (third["table"], third["seat"], third["partner"]) == ("", "", "")
    assert hands[2].place == PlaceKind.UNKNOWN
    assert first["trumps"] == "♥ Hearts" and hands[4].texts()["trumps"] == "No trumps"
    assert (card.number, card.name, card.group) == (1, "Ann", "Ladies")


def test_card_marks_sit_outs_absences_and_the_dummy():
    three_handed = RoundPlan(3, {1: {"N": 1, "E": 3, "W": 4}}, frozenset())
    rounds = {1: ROUND_1, 2: ROUND_2, 3: three_handed}
    sat_out = score_card(plan(rounds=rounds), EntryInfo(9, "Nine", "A"))
    assert sat_out.hand_rows[0].texts()["table"] == "sits out"
    assert sat_out.hand_rows[0].spans == (("table", 3),)
    # Round 3 is seated but entry 9 has no place in it: not playing.
    assert sat_out.hand_rows[2].place == PlaceKind.ABSENT
    dummy = score_card(plan(rounds=rounds), EntryInfo(1, "Ann", "A"))
    assert dummy.hand_rows[2].texts()["partner"] == "dummy"
    assert dummy.hand_rows[2].opponents == (3, 4)


def test_half_time_subtotal_comes_after_half_the_hands():
    # At the round boundary at or before half the hands (drive.half_time).
    for hands, after in ((6, 3), (24, 12), (5, 2)):
        rows = score_card(plan(hands=hands), EntryInfo(1, "Ann", "A")).rows
        kinds = [row.kind for row in rows]
        at = kinds.index(RowKind.SUBTOTAL)
        assert rows[at - 1].hand == after
        assert kinds[-1] == RowKind.TOTAL
        assert len([k for k in kinds if k == RowKind.HAND]) == hands
    one = score_card(plan(hands=1), EntryInfo(1, "Ann", "A")).rows
    assert RowKind.SUBTOTAL not in [row.kind for row in one]


@pytest.mark.parametrize(("rule", "scores"), [("odd", [3, 0, 0]), ("total", [9, 6, 4])])
def test_filled_card_has_tricks_scores_and_running_totals(rule, scores):
    rounds = {
        1: ROUND_1,
        2: ROUND_2,
        3: RoundPlan(3, {1: {"N": 1, "E": 2, "S": 3, "W": 4}}),
    }
    # Entry 1: N at table 1 (9 tricks), E at table 2 (N-S 7, so 6), N at table 1 (4).
    tricks = {(1, 1): 9, (2, 2): 7, (1, 3): 4, (2, 1): 5}
    totals = {1: EntryTotal(sum(scores), 2, sum(scores) + 2)}
    card = score_card(
        plan(rule=rule, rounds=rounds, ns_tricks=tricks, totals=totals),
        EntryInfo(1, "Ann", "A"),
        filled=True,
    )
    hands = card.hand_rows
    assert [row.tricks for row in hands[:3]] == [9, 6, 4]
    assert [row.score for row in hands[:3]] == scores
    running = [sum(scores[: i + 1]) for i in range(3)]
    assert [row.running_total for row in hands[:3]] == running
    assert hands[3].running_total is None  # not played yet
    by_kind = {row.kind: row for row in card.rows}
    assert by_kind[RowKind.SUBTOTAL].running_total == running[2]
    assert by_kind[RowKind.TOTAL].running_total == sum(scores)
    assert by_kind[RowKind.ADJUSTMENT].texts()["total"] == "+2"
    assert by_kind[RowKind.FINAL].running_total == sum(scores) + 2
    assert hands[0].opponents_initials == "P3 P4"


def test_blank_card_has_hands_and_trumps_only():
    card = blank_card(plan(hands=4, trumps=(Trump.CLUBS, Trump.NO_TRUMPS)))
    assert card.is_blank and card.name == "" and card.group == ""
    texts = [row.texts() for row in card.hand_rows]
    assert [t["hand"] for t in texts] == ["1", "2", "3", "4"]
    assert [t["trumps"] for t in texts] == ["♣ Clubs", "No trumps"] * 2
    assert all(t["table"] == t["tricks"] == "" for t in texts)


def test_travel_slip_prefills_known_seats():
    three_handed = RoundPlan(3, {1: {"N": 1, "E": 3, "W": 4}}, frozenset())
    rounds = {1: ROUND_1, 2: ROUND_2, 3: three_handed}
    slip = travel_slip(plan(rounds=rounds, ns_tricks={(2, 1): 8}), 2)
    first, second, third, fourth = (row.texts() for row in slip.rows[:4])
    assert [first[s] for s in "NESW"] == ["5", "7", "6", "8"]
    assert (first["ns_tricks"], first["ew_tricks"]) == ("8", "5")
    assert [second[s] for s in "NESW"] == ["7", "1", "8", "6"]
    assert third["ns_tricks"] == "no play"  # table 2 not used in round 3
    assert [fourth[s] for s in "NESW"] == ["", "", "", ""]
    dummy = travel_slip(plan(rounds=rounds), 1).rows[2].texts()
    assert [dummy[s] for s in "NESW"] == ["1", "3", "dummy", "4"]
    assert [row.texts()["trumps"] for row in slip.rows[:2]] == [
        "♥ Hearts",
        "♦ Diamonds",
    ]


def test_hands_per_round_group_the_rows_by_round():
    rounds = {1: RoundPlan(1, {1: {"N": 1, "E": 2, "S": 3, "W": 4}})}
    card = score_card(
        plan(hands=8, hands_per_round=4, rounds=rounds), EntryInfo(1, "A", "A")
    )
    assert [row.round for row in card.hand_rows] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert [row.table for row in card.hand_rows[:5]] == [1, 1, 1, 1, None]


@pytest.mark.parametrize(
    ("format", "winners_move", "expected"),
    [
        (
            "progressive",
            False,
            "Losers move: Ladies up one table, Gents down one table.",
        ),
        (
            "progressive",
            True,
            "Winners move: Ladies up one table, Gents down one table.",
        ),
        ("semi-partner", False, "Winners stay together: the Ladies player North"),
        (
            "stationary",
            False,
            "Ladies stay at their table, in the same seat, all evening.",
        ),
        ("partners", False, "East-West pairs move up one table after each round."),
        ("individual", False, "printed on their score card"),
    ],
)
def test_movement_in_plain_words(format, winners_move, expected):
    lines = movement_instructions(
        format=format,
        winners_move=winners_move,
        group_a="Ladies",
        group_b="Gents",
        table=1,
        tables=5,
    )
    assert any(expected in line for line in lines), lines
    assert lines[0] == "Moves after every hand: see below."


def test_movement_names_this_tables_neighbours_and_wraps():
    lines = movement_instructions(
        format="progressive",
        winners_move=False,
        group_a="Ladies",
        group_b="Gents",
        hands_per_round=4,
        table=1,
        tables=5,
    )
    assert lines[0] == "Moves after every 4 hands: see below."
    assert (
        "From table 1: the losing Ladies player goes to table 2, "
        "the losing Gents player to table 5." in lines
    )
    partners = movement_instructions(
        format="partners",
        winners_move=False,
        group_a="A",
        group_b="B",
        table=5,
        tables=5,
        pairs=10,
        rounds=5,
    )
    assert "North-South pairs stay at their table all evening." in partners
    assert "From table 5 the East-West pair goes to table 1." in partners


def partners_card(table: int, pairs: int, rounds: int = 24) -> list[str]:
    return movement_instructions(
        format="partners",
        winners_move=False,
        group_a="A",
        group_b="B",
        table=table,
        tables=pairs // 2,
        pairs=pairs,
        rounds=rounds,
    )


def test_a_partners_round_robin_card_says_where_each_pair_goes():
    """The moves tests/drive/test_partners.py checks the schedule makes."""
    first, last = partners_card(1, 9), partners_card(4, 9)
    assert "Every pair meets every other pair in turn, and sits out in turn." in first
    assert not any("stay at their table" in line for line in first)
    assert (
        "From table 1: the North-South pair sits out the next round; "
        "the East-West pair goes to table 2." in first
    )
    assert (
        "From table 4: the North-South pair goes to table 3; "
        "the East-West pair stays and sits North-South." in last
    )
    even = [partners_card(t, 8) for t in (1, 2)]
    assert "The North-South pair at table 1 stays there all evening." in even[0]
    assert not any("sit out" in line for line in even[0][:-1])
    assert (
        "From table 1: the North-South pair stays; "
        "the East-West pair goes to table 2." in even[0]
    )
    assert (
        "From table 2: the North-South pair goes to table 1 East-West; "
        "the East-West pair goes to table 3." in even[1]
    )
    three = partners_card(1, 3)
    assert (
        "After each round the North-South pair sits out, the pair that sat out "
        "comes back East-West and the East-West pair sits North-South." in three
    )
    # Enough pairs for the rounds: the Mitchell, whose N-S pairs stay.
    assert "North-South pairs stay at their table all evening." in partners_card(
        3, 12, rounds=6
    )


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"kind": "menus"}, "not something to print"),
        ({"kind": "scorecards", "paper": "b5"}, "not a paper size"),
        ({"kind": "scorecards", "per_page": "3"}, "must be 1, 2 or 4"),
        ({"kind": "scorecards", "per_page": "two"}, "whole number"),
        ({"kind": "blank-cards", "count": "0"}, "between 1 and 400"),
        ({"kind": "blank-cards", "count": "9999"}, "between 1 and 400"),
    ],
)
def test_bad_options_say_what_to_use(values, message):
    with pytest.raises(documents.PrintError, match=message):
        documents.parse_options(**values)


def test_option_defaults():
    assert documents.parse_options(kind="scorecards") == documents.PrintOptions(
        "scorecards", "a4", 2, 8
    )
    assert documents.parse_options(kind="tablecards").per_page == 1
    assert documents.parse_options(kind="slips", paper="LETTER", per_page="4") == (
        documents.PrintOptions("slips", "letter", 4, 8)
    )


# --- PDFs of real drives -----------------------------------------------------------


def render(drive, kind: str, **options: object) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),  # type: ignore[arg-type]
        base_url=BASE,
    )


def assert_pdf(printed: documents.Printed) -> None:
    assert printed.data.startswith(b"%PDF")
    assert b"DejaVuSans" in printed.data
    assert printed.pages >= 1


@pytest.mark.django_db
@needs_pdftotext
def test_score_cards_carry_each_player_their_hands_and_trumps(tmp_path):
    drive = drive_with_players(players=8, hands=5, start=True)
    printed = render(drive, "scorecards", per_page=4)
    assert_pdf(printed)
    assert printed.pages == 2
    text = pdf_text(printed.data, tmp_path)
    for entry in drive.entries.select_related("player"):
        assert entry.player.name in text
    for word in ("Hearts", "Diamonds", "Spades", "Clubs", "No trumps", "Half-time"):
        assert word in text
    assert "♥" in text and "♣" in text
    # Each card: its player, and round 1's table from the database.
    plan = cards.score_cards(drive_plan.load_plan(drive=drive))
    seat = drive.entries.get(number=1).seats.get(round__number=1)
    assert plan[0].hand_rows[0].table == seat.table.number
    assert plan[0].hand_rows[0].seat == seat.position


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize(
    ("format", "group_box"),
    [("progressive", True), ("individual", False), ("prediction", False)],
)
def test_a_card_has_a_group_box_only_where_there_are_groups(
    format, group_box, tmp_path
):
    if format == "prediction":
        drive = prediction_drive(players=8, games=1)
    else:
        drive = drive_with_players(players=8, hands=4, format=format)
    for kind in ("scorecards", "blank-cards"):
        text = pdf_text(render(drive, kind, per_page=4).data, tmp_path)
        assert "Name" in text, kind
        assert ("Group" in text) is group_box, (format, kind)
    if group_box:
        assert "Ladies" in pdf_text(render(drive, "scorecards").data, tmp_path)


@pytest.mark.django_db
@needs_pdftotext
def test_filled_in_cards_match_the_leaderboard(tmp_path):
    drive = drive_with_players(players=10, hands=4)
    play_drive(drive, tricks=lambda deal: (deal.hand * 3 + deal.table) % 14)
    printed = render(drive, "filled-cards", per_page=1)
    assert_pdf(printed)
    text = pdf_text(printed.data, tmp_path)
    assert len([p for p in pages(text) if p.strip()]) == 10
    for standing in leaderboard(drive=drive):
        page = next(p for p in pages(text) if standing.name in p)
        final = re.search(r"Final total\s+(-?\d+)", page)
        assert final and int(final.group(1)) == standing.total, standing
        assert "sits out" in page or standing.sat_out == 0


@pytest.mark.django_db
def test_filled_in_cards_need_a_started_drive():
    drive = drive_with_players(players=8, start=False)
    with pytest.raises(documents.PrintError, match="has not started"):
        render(drive, "filled-cards")


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_every_script_print(script, tmp_path):
    drive = drive_with_players(players=4, hands=2, start=False)
    entry = drive.entries.get(number=1)
    entry.player.name = NAMES[script]
    entry.player.save()
    text = pdf_text(render(drive, "scorecards").data, tmp_path)
    assert NAMES[script] in text


@pytest.mark.django_db
@needs_pdftotext
def test_every_sheet_prints_every_script(tmp_path):
    club = ClubFactory(name="Klub Wista Łódź")
    drive = drive_with_players(players=0, start=False, club=club, hands=3)
    for index, name in enumerate(NAMES.values()):
        player = PlayerFactory(club=club, name=name)
        drive_services.entry_register(drive=drive, player=player, group="AB"[index % 2])
    player = PlayerFactory(club=club, name="Ελένη Ωραία")
    drive_services.entry_register(drive=drive, player=player, group="B")
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    play_drive(drive)
    for kind in ("scorecards", "filled-cards", "slips", "tablecards", "results"):
        printed = render(drive, kind)
        assert_pdf(printed)
        text = pdf_text(printed.data, tmp_path)
        assert "Klub Wista Łódź" in text, kind
        if kind in ("scorecards", "filled-cards", "results"):
            for name in NAMES.values():
                assert name in text, (kind, name)


@pytest.mark.django_db
@needs_pdftotext
def test_blank_cards_and_paper_sizes(tmp_path):
    drive = drive_with_players(players=4, hands=3, start=False)
    printed = render(drive, "blank-cards", count=5, per_page=2, paper="letter")
    assert printed.pages == 3
    assert b"/MediaBox [ 0 0 612 792 ]" in printed.data
    text = pdf_text(printed.data, tmp_path)
    assert text.count("Friday drive") == 5
    assert "Player" not in text
    a4 = render(drive, "blank-cards", count=4, per_page=4)
    assert a4.pages == 1 and b"/MediaBox [ 0 0 595.2756 841.8898 ]" in a4.data


@pytest.mark.django_db
@needs_pdftotext
def test_long_drives_carry_on_over_more_slots(tmp_path):
    drive = drive_with_players(players=4, hands=60, start=False)
    printed = render(drive, "scorecards", per_page=4)
    text = pdf_text(printed.data, tmp_path)
    assert "continued" in text
    assert re.search(r"\b60\b", text)


@pytest.mark.django_db
@needs_pdftotext
def test_travel_slips_one_per_table_with_seats(tmp_path):
    drive = drive_with_players(players=9, hands=3)
    play_round(drive, tricks=lambda deal: 10)
    printed = render(drive, "slips", per_page=1)
    assert printed.pages == 2
    text = pdf_text(printed.data, tmp_path)
    slips = [p for p in pages(text) if p.strip()]
    assert ["Table 1" in slips[0], "Table 2" in slips[1]] == [True, True]
    round_one = drive.round_set.get(number=1)
    table = round_one.seats.filter(table__number=1).select_related("entry")
    numbers = {seat.position: seat.entry.number for seat in table}
    first_row = next(
        line for line in slips[0].splitlines() if re.match(r"\s*1\s+♥", line)
    )
    assert re.findall(r"\d+", first_row)[1:7] == [str(numbers[s]) for s in "NESW"] + [
        "10",
        "3",
    ]


@pytest.mark.django_db
@needs_pdftotext
def test_table_cards_link_each_captain(tmp_path):
    drive = drive_with_players(players=8, hands=2)
    printed = render(drive, "tablecards")
    assert printed.pages == 2
    text = pdf_text(printed.data, tmp_path)
    for table in Table.objects.filter(drive=drive):
        assert f"{BASE}t/{table.captain_key}/" in text
    assert "Losers move: Ladies up one table, Gents down one table." in text
    assert "♥ Hearts, ♦ Diamonds" in text
    cards = loading.load_table_cards(
        drive=drive, plan=drive_plan.load_plan(drive=drive), base_url=BASE
    )
    assert all(card.is_captain_link for card in cards)


@pytest.mark.django_db
def test_table_cards_before_the_start_point_at_the_drive_page():
    drive = drive_with_players(players=9, start=False)
    cards = loading.load_table_cards(
        drive=drive, plan=drive_plan.load_plan(drive=drive), base_url=BASE
    )
    page = BASE.rstrip("/") + reverse("drive:detail", kwargs={"pk": drive.pk})
    assert [(card.table, card.url, card.is_captain_link) for card in cards] == [
        (1, page, False),
        (2, page, False),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("start", [False, True])
def test_a_partners_drive_s_table_cards_state_the_movement_its_pairs_play(start):
    """Three pairs: before the start (registered, not yet checked in) and in
    play, the card states the round robin the drive plays, not a Mitchell."""
    drive = drive_with_players(players=6, format="partners", hands=6, start=start)
    if not start:
        Entry.objects.filter(drive=drive).update(checked_in=False)
    plan = drive_plan.load_plan(drive=drive)
    assert plan.pairs == 3
    (card,) = loading.load_table_cards(drive=drive, plan=plan, base_url=BASE)
    assert "After each round the North-South pair sits out" in " ".join(
        card.instructions
    )
    assert not any("stay at their table" in line for line in card.instructions)


@pytest.mark.django_db
@needs_pdftotext
def test_a_round_robin_table_card_prints_every_line_four_to_a_page(tmp_path):
    """Nine pairs: the longest partners instructions, and none left off the card."""
    drive = drive_with_players(players=18, format="partners", hands=24)
    printed = render(drive, "tablecards", per_page="4")
    path = tmp_path / "cards.pdf"
    path.write_bytes(printed.data)
    text = subprocess.run(
        [PDFTOTEXT, "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode()
    cards = loading.load_table_cards(
        drive=drive, plan=drive_plan.load_plan(drive=drive), base_url=BASE
    )
    assert text.count("•") == sum(len(card.instructions) for card in cards)
    flat = " ".join(text.split())
    assert (
        "From table 4: the North-South pair goes to table 3; the East-West pair "
        "stays and sits North-South." in flat
    )


@pytest.mark.django_db
def test_slips_need_tables():
    drive = drive_with_players(players=2, start=False)
    with pytest.raises(documents.PrintError, match="no tables yet"):
        render(drive, "slips")


@pytest.mark.django_db
@needs_pdftotext
def test_results_sheet_overall_and_per_group_over_pages(tmp_path):
    drive = drive_with_players(players=80, hands=1)
    play_drive(drive, tricks=lambda deal: deal.table % 14)
    printed = render(drive, "results")
    assert printed.pages >= 3
    text = pdf_text(printed.data, tmp_path)
    assert "Final results" in text
    for heading in ("Overall", "Ladies", "Gents"):
        assert re.search(rf"^\s*{heading}\s*$", text, re.M), heading
    ladies = re.search(r"^\s*Ladies\s*$", text, re.M)
    overall_heading = re.search(r"^\s*Overall\s*$", text, re.M)
    assert ladies and overall_heading
    overall = text[overall_heading.end() : ladies.start()]
    standings = leaderboard(drive=drive)
    names = [s.name for s in standings]
    positions = [overall.index(name) for name in names]
    assert positions == sorted(positions)
    # The prize list comes first, with each winner.
    prizes = text[: overall_heading.start()]
    assert re.search(r"^\s*Prizes\s*$", prizes, re.M)
    assert (
        f"{standings[0].number} {standings[0].name} ({standings[0].total})"
        in " ".join(prizes.split())
    )


# --- downloads -----------------------------------------------------------------------


def pdf_url(drive, kind: str) -> str:
    return reverse("printing:pdf", kwargs={"pk": drive.pk, "kind": kind})


@pytest.mark.django_db
def test_download_views(organiser_client, assistant_client, club):
    drive = drive_with_players(players=8, hands=2, club=club)
    for client in (organiser_client, assistant_client):
        response = client.get(pdf_url(drive, "scorecards") + "?paper=letter&per_page=4")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
        assert (
            "friday-drive-2026-11-27-scorecards.pdf" in response["Content-Disposition"]
        )
    form = organiser_client.get(
        reverse("printing:print", kwargs={"pk": drive.pk}),
        {"kind": "tablecards", "paper": "a4", "per_page": "", "count": "8"},
    )
    assert form.status_code == 200 and form.content.startswith(b"%PDF")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("per_page=3", "must be 1, 2 or 4"),
        ("paper=b5", "not a paper size"),
        ("count=lots", "whole number"),
    ],
)
def test_bad_download_options_are_400(organiser_client, club, query, message):
    drive = drive_with_players(players=4, club=club, start=False)
    response = organiser_client.get(pdf_url(drive, "blank-cards") + "?" + query)
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.django_db
def test_download_guards(organiser_client, club, client):
    drive = drive_with_players(players=4, club=club, start=False)
    assert organiser_client.get(pdf_url(drive, "filled-cards")).status_code == 409
    assert organiser_client.get(pdf_url(drive, "nonsense")).status_code == 400
    other = drive_with_players(players=4, start=False)
    assert organiser_client.get(pdf_url(other, "scorecards")).status_code == 404
    assert client.get(pdf_url(drive, "scorecards")).status_code == 302
    stranger = MembershipFactory().user
    client.force_login(stranger)
    assert client.get(pdf_url(drive, "scorecards")).status_code == 404
    detail = organiser_client.get(reverse("drive:detail", kwargs={"pk": drive.pk}))
    assert pdf_url(drive, "blank-cards") in detail.content.decode()
    assert pdf_url(drive, "filled-cards") not in detail.content.decode()


@pytest.mark.django_db
@needs_pdftotext
def test_names_stored_with_control_characters_print_whole(tmp_path):
    """Text stored before inputs were cleaned (players.typed_text) prints without them."""
    from drive.models import Drive
    from players.models import Player

    drive = drive_with_players(players=8, hands=2)
    play_drive(drive)
    entry = drive.entries.get(number=1)
    Player.objects.filter(pk=entry.player_id).update(name="Ann\x1b\x08\ufffeArcher")
    Drive.objects.filter(pk=drive.pk).update(name="Friday\x1b\x7f drive")
    drive.refresh_from_db()
    for kind in ("scorecards", "filled-cards", "slips", "tablecards", "results"):
        text = pdf_text(render(drive, kind).data, tmp_path)
        assert "Friday drive" in text, kind
        if kind in ("scorecards", "filled-cards", "results"):
            assert "AnnArcher" in text, kind
