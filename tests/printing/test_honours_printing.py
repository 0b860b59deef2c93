"""Honours and revokes on paper: the score cards and travel slips have an
Honours and a Revoke column where the drive needs them, each hand's score is
the one scoring.rules gives it, and a drive with neither prints as it always did.

The content tests build a DrivePlan by hand and need no database; the PDF tests
render real drives and read the text back with pdftotext.
"""

from __future__ import annotations

import re

import pytest

from drive.trumps import Trump
from printing.content import scoring_note
from printing.slips import (
    SLIP_COLUMNS,
    slip_columns,
    travel_slip,
)
from scoring import cards, drive_plan
from scoring.card_plan import EntryInfo, RoundPlan
from scoring.card_rows import CARD_COLUMNS
from scoring.cards import blank_card, card_columns, score_card
from scoring.rules import Scoring, deal_scores
from scoring.selectors import leaderboard
from tests.factories import drive_with_players
from tests.printing.fixtures import play_marked
from tests.printing.printed import (
    ROUND_1,
    ROUND_2,
    needs_pdftotext,
    pages,
    pdf_text,
    plan,
    render,
)

ROUND_3 = RoundPlan(3, {1: {"N": 1, "E": 2, "S": 3, "W": 4}})
ROUNDS = {1: ROUND_1, 2: ROUND_2, 3: ROUND_3}
# Entry 1: N at table 1 (hand 1), E at table 2 (hand 2), N at table 1 (hand 3).
TRICKS = {(1, 1): 9, (2, 2): 7, (1, 3): 4, (2, 1): 5}


def keys(columns) -> list[str]:
    return [key for key, _, _ in columns]


# --- plain content -------------------------------------------------------------------


def test_a_drive_with_neither_prints_the_columns_it_always_had():
    flat = plan(rounds=ROUNDS, ns_tricks=TRICKS)
    assert card_columns(flat) == CARD_COLUMNS
    assert slip_columns(flat) == SLIP_COLUMNS
    assert score_card(flat, EntryInfo(1, "Ann", "A")).columns == CARD_COLUMNS
    assert travel_slip(flat, 1).columns == SLIP_COLUMNS
    assert len(travel_slip(flat, 1).notes) == 1


@pytest.mark.parametrize(
    ("count_honours", "marks", "expected"),
    [
        (True, {}, ["honours", "revoke"]),
        (False, {(2, 2): ("", "EW")}, ["revoke"]),
        (True, {(2, 2): ("", "EW")}, ["honours", "revoke"]),
        (False, {(2, 2): ("NS3", "")}, []),  # honours kept but no longer counted
    ],
)
def test_the_columns_a_drive_needs(count_honours, marks, expected):
    drive = plan(
        rounds=ROUNDS, ns_tricks=TRICKS, count_honours=count_honours, deal_marks=marks
    )
    columns = keys(card_columns(drive))
    extra = [key for key in columns if key not in keys(CARD_COLUMNS)]
    assert extra == expected
    if expected:
        # After the tricks, before the score.
        assert columns.index(expected[0]) == columns.index("tricks") + 1
    slip = keys(slip_columns(drive))
    assert [key for key in slip if key not in keys(SLIP_COLUMNS)] == expected
    for layout in (card_columns(drive), slip_columns(drive)):
        assert sum(share for _, _, share in layout) == pytest.approx(1)


@pytest.mark.parametrize("penalty", ["tricks", "transfer", "deduct", "award"])
def test_a_filled_card_scores_honours_and_revokes(penalty):
    marks = {(1, 1): ("NS4", ""), (2, 2): ("EW3", "EW"), (1, 3): ("", "both")}
    drive = plan(
        rounds=ROUNDS,
        ns_tricks=TRICKS,
        count_honours=True,
        honours_values="3-4",
        revoke_penalty=penalty,
        deal_marks=marks,
    )
    scoring = Scoring.of(drive)
    card = score_card(drive, EntryInfo(1, "Ann", "A"), filled=True)
    hands = card.hand_rows
    # Hand 1: N, 9 tricks, N-S held four; hand 2: E, E-W held three and
    # revoked; hand 3: N, both revoked: void.
    expected = [
        deal_scores(9, scoring, "NS4", "")[0],
        deal_scores(7, scoring, "EW3", "EW")[1],
        0,
    ]
    assert [row.score for row in hands[:3]] == expected
    assert expected[0] == 3 + 4
    # Tricks stay as entered, whatever the penalty.
    assert [row.tricks for row in hands[:3]] == [9, 6, 4]
    texts = [row.texts() for row in hands[:3]]
    assert [(t["honours"], t["revoke"]) for t in texts] == [
        ("NS 4", ""),
        ("EW 3", "EW"),
        ("", "both"),
    ]
    assert hands[2].running_total == sum(expected)
    # Hand 5 is No trumps: no honours to write.
    assert hands[4].texts()["honours"] == "–"


def test_a_revoke_transfers_tricks_into_the_score_not_the_tricks():
    # The example: N-S take 8, E-W revoke, three tricks pass: N-S 5, E-W 0.
    drive = plan(
        rounds={1: ROUND_1},
        ns_tricks={(1, 1): 8},
        deal_marks={(1, 1): ("", "EW")},
    )
    north = score_card(drive, EntryInfo(1, "Ann", "A"), filled=True).hand_rows[0]
    east = score_card(drive, EntryInfo(3, "Cy", "A"), filled=True).hand_rows[0]
    assert (north.tricks, north.score) == (8, 5)
    assert (east.tricks, east.score) == (5, 0)
    assert north.texts()["revoke"] == east.texts()["revoke"] == "EW"


def test_a_blank_card_of_a_drive_that_counts_honours_leaves_them_to_fill_in():
    card = blank_card(plan(hands=5, count_honours=True))
    assert "honours" in keys(card.columns) and "revoke" in keys(card.columns)
    texts = [row.texts() for row in card.hand_rows]
    assert [t["honours"] for t in texts] == ["", "", "", "", "–"]
    assert all(t["revoke"] == "" for t in texts)


def test_a_travel_slip_records_honours_and_revokes():
    drive = plan(
        rounds=ROUNDS,
        ns_tricks={(1, 1): 9, (1, 2): 4},
        count_honours=True,
        deal_marks={(1, 1): ("NS3", ""), (1, 2): ("", "both")},
    )
    slip = travel_slip(drive, 1)
    texts = [row.texts() for row in slip.rows]
    assert [(t["honours"], t["revoke"]) for t in texts[:3]] == [
        ("NS 3", ""),
        ("", "both"),
        ("", ""),
    ]
    assert texts[4]["honours"] == "–"  # No trumps
    assert len(slip.notes) == 3 and "NS 3" in slip.notes[1]


@pytest.mark.parametrize(
    ("drive_settings", "marks", "expected"),
    [
        ({}, {}, ""),
        ({}, {(1, 1): ("NS3", "")}, ""),
        (
            {"count_honours": True},
            {},
            "Honours: three honours score 2, four score 4.",
        ),
        (
            {"count_honours": True, "honours_values": "3-4"},
            {(1, 1): ("", "NS"), (2, 2): ("EW3", "")},
            "Honours: three honours score 3, four score 4. Revoke (1 hand): "
            "3 tricks pass from the offenders to the opponents; "
            "a revoke by both sides voids the hand.",
        ),
        (
            {"revoke_penalty": "deduct", "revoke_tricks": 2},
            {(1, 1): ("", "NS"), (2, 2): ("", "both")},
            "Revokes (2 hands): the offenders lose 2 points; "
            "a revoke by both sides voids the hand.",
        ),
        (
            {"revoke_penalty": "award"},
            {(1, 1): ("", "EW")},
            "Revoke (1 hand): the opponents gain 3 points; "
            "a revoke by both sides voids the hand.",
        ),
    ],
)
def test_the_results_sheet_says_how_honours_and_revokes_scored(
    drive_settings, marks, expected
):
    assert scoring_note(plan(deal_marks=marks, **drive_settings)) == expected


# --- PDFs of real drives ---------------------------------------------------------------


def header_line(text: str) -> str:
    """The heading row's line that names the first column (a heading set on
    two lines, "N-S" over "tricks", leaves its second word a line below)."""
    return next(line for line in text.splitlines() if re.match(r"\s*Hand\b", line))


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("kind", ["scorecards", "blank-cards", "slips"])
def test_sheets_printed_before_play_have_the_honours_columns_to_fill_in(kind, tmp_path):
    counted = drive_with_players(players=8, hands=5, start=False, count_honours=True)
    plain = drive_with_players(players=8, hands=5, start=False)
    with_honours = pdf_text(render(counted, kind, count=1).data, tmp_path)
    without = pdf_text(render(plain, kind, count=1).data, tmp_path)
    heading = re.compile(r"\bHonours\b.*\bRevoke\b")
    assert heading.search(header_line(with_honours))
    assert "Honours" not in without and "Revoke" not in without


@pytest.mark.django_db
@needs_pdftotext
def test_filled_cards_and_slips_show_each_hands_honours_revoke_and_score(tmp_path):
    drive = drive_with_players(
        players=8, hands=5, count_honours=True, revoke_penalty="award"
    )
    play_marked(drive)
    scores = {s.name: s for s in leaderboard(drive=drive)}
    text = pdf_text(render(drive, "filled-cards", per_page=1).data, tmp_path)
    for page in (p for p in pages(text) if p.strip()):
        name = next(n for n in scores if n in page)
        final = re.search(r"Final total\s+(-?\d+)", page)
        assert final and int(final.group(1)) == scores[name].total, name
        # The sum of the card's own hands, honours and penalties included.
        total = re.search(r"^\s*Total\s+(-?\d+)", page, re.MULTILINE)
        assert total and int(total.group(1)) == scores[name].score, name
    for word in ("NS 3", "EW 4", "both"):
        assert word in text
    plan_ = drive_plan.load_plan(drive=drive, with_totals=True)
    scoring = Scoring.of(drive)
    for card in cards.score_cards(plan_, filled=True):
        for row in card.hand_rows:
            if row.table is None:
                continue
            ns = plan_.ns_tricks[row.table, row.hand]
            honours, revoke = plan_.marks_of(row.table, row.hand)
            ns_score, ew_score = deal_scores(ns, scoring, honours, revoke)
            assert row.score == (ns_score if row.seat in "NS" else ew_score)
    slips = pdf_text(render(drive, "slips", per_page=1).data, tmp_path)
    assert "Honours" in slips and "NS 4" in slips and "both" in slips


@pytest.mark.django_db
@needs_pdftotext
def test_a_drive_without_honours_shows_a_revoke_column_once_it_had_one(tmp_path):
    drive = drive_with_players(players=8, hands=4)
    play_marked(drive)
    text = pdf_text(render(drive, "filled-cards", per_page=1).data, tmp_path)
    assert "Revoke" in text and "Honours" not in text
    clean = drive_with_players(players=8, hands=4)
    play_marked(clean, marked=lambda deal: ("", ""))
    text = pdf_text(render(clean, "filled-cards", per_page=1).data, tmp_path)
    assert "Revoke" not in text and "Honours" not in text


def test_trumps_of_the_plan_used_by_the_tests():
    # The No-trumps hand the tests above rely on: hand 5 of the default sequence.
    assert plan().trumps_of(5) is Trump.NO_TRUMPS


@pytest.mark.django_db
@needs_pdftotext
def test_the_results_pdf_says_how_honours_scored_only_where_they_did(tmp_path):
    counted = drive_with_players(players=8, hands=4, count_honours=True)
    play_marked(counted, marked=lambda deal: ("NS3", ""))
    plain = drive_with_players(players=8, hands=4)
    play_marked(plain, marked=lambda deal: ("", ""))
    text = pdf_text(render(counted, "results").data, tmp_path)
    assert "Honours: three honours score 2, four score 4." in " ".join(text.split())
    assert "Revoke" not in text
    text = pdf_text(render(plain, "results").data, tmp_path)
    assert "Honours" not in text and "Revoke" not in text


@pytest.mark.django_db
@needs_pdftotext
def test_the_results_pdf_has_a_sit_out_column_only_when_somebody_sat_out(tmp_path):
    full = drive_with_players(players=8, hands=4)
    play_marked(full, marked=lambda deal: ("", ""))
    text = pdf_text(render(full, "results").data, tmp_path)
    assert "Played" in text and "Sat out" not in text
    short = drive_with_players(players=9, hands=4)
    play_marked(short, marked=lambda deal: ("", ""))
    text = pdf_text(render(short, "results").data, tmp_path)
    assert "Sat out" in text
