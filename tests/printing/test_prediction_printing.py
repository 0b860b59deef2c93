"""A prediction whist drive's paper: the score sheet (the Wist grid: players
down the side, a column per deal, the prediction above and the points below),
the travel slip (a table's game: predictions and tricks), the players' own
cards (a row per game) and the table cards.

The content tests build a plan by hand and need no database; the PDF tests
play a drive through the scoring service and read the text back with
pdftotext."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from drive.trumps import PREDICTION_SEQUENCE
from players.score_text import score_text
from printing import documents, prediction, table_cards
from scoring import cards, prediction_rules
from scoring.card_plan import DrivePlan, EntryInfo, EntryTotal, RoundPlan
from scoring.card_rows import PlaceKind
from tests.factories import drive_with_players, prediction_drive
from tests.printing.prediction_drive import (
    play_predictions,
    points,
    seats_of,
    totals,
)
from tests.printing.printed import BASE, needs_pdftotext, pages, pdf_text

# --- plain content -------------------------------------------------------------------

# Game 1: table 1 of five (N E S W F), table 2 of four; game 2: 9 sits out.
GAME_1 = RoundPlan(
    1,
    {
        1: {"N": 1, "E": 2, "S": 3, "W": 4, "F": 5},
        2: {"N": 6, "E": 7, "S": 8, "W": 9},
    },
)
GAME_2 = RoundPlan(
    2,
    {1: {"N": 5, "E": 1, "S": 7, "W": 3}, 2: {"N": 2, "E": 4, "S": 6, "W": 8}},
    frozenset({9}),
)


def plan(**values: object) -> DrivePlan:
    base: dict[str, object] = {
        "club": "Riverside",
        "drive": "Wist night",
        "date": datetime.date(2026, 11, 27),
        "format": "prediction",
        "hands": 16,
        "hands_per_round": 8,
        "trumps": PREDICTION_SEQUENCE,
        "rule": "odd",
        "entries": tuple(EntryInfo(n, f"Player {n}", "A") for n in range(1, 10)),
        "tables": (1, 2),
        "rounds": {1: GAME_1, 2: GAME_2},
        "started": True,
        "predictions": DEALS,
    }
    base.update(values)
    return DrivePlan(**base)  # type: ignore[arg-type]


# Table 1, game 1 (five players, 10 tricks): deals 1 and 8.
DEAL_1 = prediction_rules.drive_deal(1, (3, 2, 0, 4, 2), (3, 1, 0, 5, 1))
DEAL_8 = prediction_rules.drive_deal(8, (0, 0, 0, 0, 0), (0, 2, 3, 5, 0))
# Table 2, game 1 (four players): deal 2; table 1, game 2: hand 9 (deal 1).
DEAL_2 = prediction_rules.drive_deal(2, (4, 3, 3, 2), (4, 4, 3, 2))
DEAL_9 = prediction_rules.drive_deal(9, (1, 5, 0, 6), (2, 5, 0, 6))
DEALS = {(1, 1): DEAL_1, (1, 8): DEAL_8, (2, 2): DEAL_2, (1, 9): DEAL_9}


def test_deals_points_as_the_text_scores_them():
    # Predict 3, take 3: 13; predict 2, take 1: 1; Wist made at five: 20;
    # predict 4, take 5: 5. Wist failed, 2 tricks: -10.
    assert DEAL_1.points == (13, 1, 20, 5, 1)
    assert DEAL_8.points == (20, -10, -15, -25, 20)


def test_score_sheet_is_the_tables_game_in_seat_order():
    sheet = prediction.game_sheet(plan(), 1, 1)
    assert sheet is not None and not sheet.slip
    assert [p.number for p in sheet.players] == [1, 2, 3, 4, 5]
    assert [p.seat for p in sheet.players] == [1, 2, 3, 4, 5]
    assert [p.name for p in sheet.players][:2] == ["Player 1", "Player 2"]
    # Each deal's column: its kind, trumps and dealer (seat 1 deals the first,
    # one seat on each deal: deal 6 is seat 1's again at a table of five).
    assert [d.hand for d in sheet.deals] == list(range(1, 9))
    assert [d.kind.name for d in sheet.deals] == list(prediction_rules.KIND_NAMES)
    assert [d.dealer for d in sheet.deals] == [1, 2, 3, 4, 5, 1, 2, 3]
    assert sheet.deals[0].lines() == ("1 Hearts", "♥ trumps", "dealer: seat 1")
    assert sheet.deals[6].lines() == ("7 Tickets", "No trumps", "dealer: seat 2")
    # The prediction above and the points below, blank for a deal not played.
    first = sheet.players[0]
    assert first.prediction_texts() == ("3", "", "", "", "", "", "", "Wist")
    assert first.second_texts() == ("13", "", "", "", "", "", "", "20")
    assert [p.seconds[0] for p in sheet.players] == list(DEAL_1.points)
    assert [p.game_total for p in sheet.players] == [
        a + b for a, b in zip(DEAL_1.points, DEAL_8.points, strict=True)
    ]
    # The evening total counts the player's earlier games, not later ones.
    assert [p.evening_total for p in sheet.players] == [
        p.game_total for p in sheet.players
    ]
    later = prediction.game_sheet(plan(), 1, 2)
    assert later is not None
    assert [p.number for p in later.players] == [5, 1, 7, 3]
    assert [d.dealer for d in later.deals] == [1, 2, 3, 4, 1, 2, 3, 4]
    player_5 = later.players[0]
    assert player_5.game_total == DEAL_9.points[0]
    assert player_5.evening_total == (
        DEAL_1.points[4] + DEAL_8.points[4] + DEAL_9.points[0]
    )


def test_a_blank_score_sheet_and_the_slip():
    blank = prediction.game_sheet(plan(), 1, 1, filled=False)
    assert blank is not None
    assert [p.number for p in blank.players] == [1, 2, 3, 4, 5]
    assert all(not any(p.prediction_texts()) for p in blank.players)
    assert all(p.game_total is None for p in blank.players)
    # Before the movement is stored: five lines with no names, no dealers.
    unseated = prediction.game_sheet(
        plan(rounds={}, predictions={}), 2, 1, filled=False
    )
    assert unseated is not None
    assert [(p.seat, p.number) for p in unseated.players] == [
        (n, None) for n in range(1, 6)
    ]
    assert {d.dealer for d in unseated.deals} == {None}
    # A table with no game that round has no sheet.
    assert prediction.game_sheet(plan(), 3, 1) is None

    slip = prediction.game_sheet(plan(), 2, 1, slip=True)
    assert slip is not None and slip.slip
    assert [p.number for p in slip.players] == [6, 7, 8, 9]
    # A slip's second figure is the tricks; its check row adds them up.
    assert [p.predictions[1] for p in slip.players] == [4, 3, 3, 2]
    assert [p.seconds[1] for p in slip.players] == [4, 4, 3, 2]
    assert slip.tricks_totals() == ("", "13", "", "", "", "", "", "")
    assert [p.game_total for p in slip.players] == list(DEAL_2.points)
    sheets = prediction.game_sheets(plan(), slip=True)
    assert [(s.game, s.table) for s in sheets] == [(1, 1), (1, 2), (2, 1), (2, 2)]


@pytest.mark.parametrize(
    "language, said",
    [
        ("en-gb", "Game 2 of 2 · deals 1–8"),
        ("pl", "Partia 2 z 2 · rozdania 1–8"),
        ("ru", "Партия 2 из 2 · сдачи 1–8"),
        ("ro", "Jocul 2 din 2 · mâinile 1–8"),
        ("it", "Partita 2 di 2 · smazzate 1–8"),
    ],
)
def test_a_later_games_sheet_numbers_its_deals_in_the_game(language, said):
    """The sheet's head names game 2's deals as its columns, the phones and
    the room do ("deals 1–8"), not by the drive's running hands (9–16)."""
    sheet = prediction.game_sheet(plan(), 1, 2, slip=True)  # table 1, game 2
    assert sheet is not None
    with translation.override(language):
        assert sheet.game_text == said


def test_a_players_card_has_each_games_table_and_seat():
    card = cards.score_card(plan(), EntryInfo(5, "Player 5", "A"))
    games = [row for row in card.rows if row.kind == "round"]
    assert [(row.round, row.table, row.seat) for row in games] == [
        (1, 1, "5"),
        (2, 1, "1"),
    ]
    texts = [row.texts() for row in games]
    # Seat 5 at five deals deal 5; seat 1 at four deals 1 and 5.
    assert [t["deals"] for t in texts] == ["5", "1, 5"]
    assert [t["opponents"] for t in texts] == ["1 2 3 4", "1 7 3"]
    # A game's deals are numbered in the game, as the phones and the sheets
    # number them: game 2 is deals 1 to 8 too, never the drive's 9 to 16.
    assert [t["hands"] for t in texts] == ["1–8", "1–8"]
    assert texts[0]["score"] == ""  # not filled in
    out = cards.score_card(plan(), EntryInfo(9, "Player 9", "A"))
    assert [row.place for row in out.rows if row.kind == "round"] == [
        PlaceKind.SEATED,
        PlaceKind.SITS_OUT,
    ]
    assert [row.texts()["table"] for row in out.rows if row.kind == "round"] == [
        "2",
        "sits out",
    ]


def test_a_filled_card_has_the_game_totals_and_the_final_total():
    totals_plan = plan(totals={5: EntryTotal(60, 4, 64)})
    card = cards.score_card(totals_plan, EntryInfo(5, "Player 5", "A"), filled=True)
    games = [row for row in card.rows if row.kind == "round"]
    first = DEAL_1.points[4] + DEAL_8.points[4]
    assert [row.score for row in games] == [first, DEAL_9.points[0]]
    assert [row.running_total for row in games] == [
        first,
        first + DEAL_9.points[0],
    ]
    # Each game's deals ride on its row, for the results page: player 5 is
    # seat 5 at table 1 in game 1 (deals 1 and 8 played), seat 1 in game 2.
    deals = games[0].deals
    assert [d.hand for d in deals] == list(range(1, 9))
    played = [d for d in deals if d.place == PlaceKind.SEATED]
    assert [(d.hand, d.seat, d.table) for d in played] == [(1, 5, 1), (8, 5, 1)]
    assert [d.prediction for d in played] == [2, 0]
    assert [d.tricks for d in played] == [1, 0]
    assert [d.points for d in played] == [DEAL_1.points[4], DEAL_8.points[4]]
    assert [d.running_total for d in played] == [DEAL_1.points[4], first]
    assert [d.order for d in played] == [
        DEAL_1.seat_order(4),
        DEAL_8.seat_order(4),
    ]
    assert {d.place for d in deals if d.hand not in (1, 8)} == {PlaceKind.UNKNOWN}
    assert [d.running_total for d in games[1].deals if d.points is not None] == [
        first + DEAL_9.points[0]
    ]
    labels = {row.label: row.running_total for row in card.rows if row.label}
    assert labels["Half-time (after game 1)"] == first
    assert labels["Total"] == first + DEAL_9.points[0]
    assert labels["Sit-outs and adjustments"] == 4
    assert labels["Final total"] == 64
    blank = cards.blank_card(plan())
    assert blank.number is None
    assert [row.texts()["hands"] for row in blank.rows if row.kind == "round"] == [
        "1–8",
        "1–8",
    ]


def test_table_card_lists_the_deals_and_the_seat_order():
    card = table_cards.table_card(plan(), 2, url="http://x/t/k/", is_captain_link=True)
    # Each deal's number, suit and name on one line: no-break spaces between.
    deals = card.deals.replace("\u00a0", "~")
    assert deals.startswith("1~♥~Hearts, 2~♦~Diamonds, 3~♣~Clubs, 4~♠~Spades")
    assert "5~Free, 6~Blind, 7~Tickets, 8~Wist" in deals
    words = " ".join(card.instructions)
    assert "Seat 1 deals the first deal of each game" in words
    assert "Seats are numbered 1 to 5 in the order of play" in words


# --- the PDFs of a played drive ------------------------------------------------------


def render(drive, kind: str, **options: object) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),  # type: ignore[arg-type]
        base_url=BASE,
    )


def words(text: str) -> list[str]:
    return text.split()


@pytest.fixture
def played(db):
    """Nine players over two games: two tables, table 1 of five (seat F
    seated by hand); played with random legal deals."""
    drive = prediction_drive(players=9, games=2)
    entered = play_predictions(drive)
    return drive, entered


@needs_pdftotext
def test_filled_score_sheets_show_predictions_and_points(played, tmp_path):
    drive, entered = played
    printed = render(drive, "filled-sheets", per_page=1)
    text = pdf_text(printed.data, tmp_path)
    sheets = [page for page in pages(text) if page.strip()]
    assert len(sheets) == 4  # two tables, two games
    names = dict(drive.entries.values_list("number", "player__name"))
    evening = {number: 0 for number in names}
    for game in (1, 2):
        for table, numbers in sorted(seats_of(drive, game).items()):
            page = next(
                p for p in sheets if f"Table {table}" in p and f"Game {game} of 2" in p
            )
            lines = page.splitlines()
            here = [
                d for d in entered if d.table == table and (d.hand - 1) // 8 + 1 == game
            ]
            assert [d.hand for d in here] == list(range(8 * game - 7, 8 * game + 1))
            for seat, number in enumerate(numbers):
                # The player's line: seat, entry number, name, the game's and
                # the evening's totals; the predictions above, the points below.
                at = next(
                    i
                    for i, line in enumerate(lines)
                    if re.match(
                        rf"^\s*{seat + 1}\s+{number}\s+{re.escape(names[number])}\s",
                        line,
                    )
                )
                said = [d.predictions[seat] for d in here]
                scored = [
                    points(d.predictions[seat], d.tricks[seat], d.players) for d in here
                ]
                assert words(lines[at - 1]) == [
                    "Wist" if p == 0 else str(p) for p in said
                ]
                # A negative score with the true minus, "−25" (players.score_text).
                assert words(lines[at + 1]) == [
                    str(p).replace("-", "\N{MINUS SIGN}") for p in scored
                ]
                evening[number] += sum(scored)
                assert words(lines[at])[-2:] == [
                    score_text(sum(scored)),
                    score_text(evening[number]),
                ]
    assert evening == totals(entered)
    for word in ("Hearts", "Diamonds", "Clubs", "Spades", "Free", "Blind", "Tickets"):
        assert word in text
    # The table of five. The dealer's words wrap in a deal's narrow heading
    # (a heading is never set below 7 pt): its lines, read across the row.
    assert "dealer:" in text and "seat 5" in text


@needs_pdftotext
def test_slips_hold_a_game_per_table_with_predictions_and_tricks(played, tmp_path):
    drive, entered = played
    text = pdf_text(render(drive, "slips", per_page=1).data, tmp_path)
    slips = [page for page in pages(text) if page.strip()]
    assert len(slips) == 4
    assert all("Travel slip" in page for page in slips)
    for page in slips:
        added = next(line for line in page.splitlines() if "Tricks added up" in line)
        expected = "10" if "Table 1" in page else "13"
        assert words(added)[3:] == [expected] * 8
    # Table 2, game 1: each player's predictions and tricks, deal by deal.
    page = next(p for p in slips if "Table 2" in p and "Game 1 of 2" in p)
    played_here = [d for d in entered if d.table == 2 and d.hand <= 8]
    names = dict(drive.entries.values_list("number", "player__name"))
    for seat, number in enumerate(played_here[0].numbers):
        line = next(
            row
            for row in page.splitlines()
            if re.match(rf"^\s*{seat + 1}\s+{number}\s+{re.escape(names[number])}", row)
        )
        cells = words(line)[2 + len(names[number].split()) :]
        expected = []
        for deal in played_here:
            p = deal.predictions[seat]
            expected += ["Wist" if p == 0 else str(p), str(deal.tricks[seat])]
        game_points = sum(
            points(d.predictions[seat], d.tricks[seat], d.players) for d in played_here
        )
        assert cells == [*expected, score_text(game_points)]


# The slip's two columns under each deal, prediction and tricks, in each
# language: the letters of the words its note uses.
SLIP_LETTERS = {
    "en": ("P", "T"),
    "pl": ("D", "L"),  # deklaracja, lewy
    "ru": ("Зак.", "Вз"),  # заказ, взятки (З and В alone are West and East)
    "ro": ("Lc", "Lv"),  # licitație, levate (V alone is West)
    "it": ("D", "P"),  # dichiarazione, prese
}


@needs_pdftotext
@pytest.mark.parametrize("language", sorted(SLIP_LETTERS))
def test_a_slips_column_letters_are_the_languages_and_its_note_says_them(
    played, tmp_path, language
):
    drive, _entered = played
    with translation.override(language):
        text = pdf_text(render(drive, "slips", per_page=1).data, tmp_path)
        notes = prediction.slip_notes()
    said, taken = SLIP_LETTERS[language]
    for page in (p for p in pages(text) if p.strip()):
        # The line under the deals' headings: the two letters, deal by deal.
        assert [said, taken] * 8 in [words(line) for line in page.splitlines()]
    # The note printed on the slip explains the same two letters.
    assert notes[0].startswith(f"{said}: ") and f". {taken}: " in notes[0]
    # And large print, whose deal's columns are narrower, prints them whole
    # (not "…").
    with translation.override(language):
        large = pdf_text(render(drive, "slips", edition="large").data, tmp_path)
    for page in (p for p in pages(large) if p.strip()):
        assert [said, taken] * 8 in [words(line) for line in page.splitlines()]


@needs_pdftotext
def test_players_cards_show_each_games_table_seat_and_total(played, tmp_path):
    drive, entered = played
    text = pdf_text(render(drive, "filled-cards", per_page=1).data, tmp_path)
    cards = [page for page in pages(text) if page.strip()]
    assert len(cards) == 9
    evening = totals(entered)
    names = dict(drive.entries.values_list("number", "player__name"))
    for number, name in names.items():
        card = next(page for page in cards if name in page)
        final = re.search(r"Final total\s+(-?\d+)", card)
        assert final and int(final.group(1)) == evening[number]
        for game in (1, 2):
            table = next(
                t for t, seated in seats_of(drive, game).items() if number in seated
            )
            seat = seats_of(drive, game)[table].index(number) + 1
            # Each game's row: the game, its deals in the game, table, seat.
            row = re.search(rf"^\s*{game}\s+1–8\s+(.*)$", card, re.M)
            assert row, (number, game)
            assert words(row.group(1))[:2] == [str(table), str(seat)]


@needs_pdftotext
def test_table_cards_and_sheets_before_the_start(db, tmp_path):
    # Registered, not started: 9 players make a table of five and one of four.
    drive = prediction_drive(players=9, games=2, start=False)
    text = pdf_text(render(drive, "tablecards").data, tmp_path)
    cards = [page for page in pages(text) if page.strip()]
    assert len(cards) == 2
    flat = " ".join(words(text))
    assert "Deals of each game: 1 ♥ Hearts, 2 ♦ Diamonds" in flat
    assert "Seat 1 deals the first deal of each game" in flat
    assert "Trumps, hand by hand" not in flat
    sheets = pdf_text(render(drive, "score-sheets", per_page=1).data, tmp_path)
    assert len([p for p in pages(sheets) if p.strip()]) == 4
    assert "Player" not in sheets  # nobody seated yet
    with pytest.raises(documents.PrintError, match="has not started"):
        render(drive, "filled-sheets")
    # Started: the movement's names are on the blank sheets.
    from drive import services as drive_services

    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    sheets = pdf_text(render(drive, "score-sheets", per_page=1).data, tmp_path)
    for name in drive.entries.values_list("player__name", flat=True):
        assert name in sheets


@pytest.mark.django_db
def test_score_sheets_are_for_prediction_drives(organiser_client, club):
    drive = drive_with_players(players=8, hands=2, club=club)
    with pytest.raises(documents.PrintError, match="prediction whist"):
        render(drive, "score-sheets")
    url = reverse("printing:pdf", kwargs={"pk": drive.pk, "kind": "score-sheets"})
    response = organiser_client.get(url)
    assert response.status_code == 409
    wist_drive = prediction_drive(players=8, games=1, club=club)
    for kind in ("score-sheets", "slips", "scorecards", "tablecards", "blank-cards"):
        url = reverse("printing:pdf", kwargs={"pk": wist_drive.pk, "kind": kind})
        response = organiser_client.get(url)
        assert response.status_code == 200, kind
        assert response.content.startswith(b"%PDF"), kind


@pytest.mark.django_db
def test_the_drive_page_offers_the_score_sheets(organiser_client, club):
    wist_drive = prediction_drive(players=8, games=1, club=club)
    page = organiser_client.get(reverse("drive:detail", kwargs={"pk": wist_drive.pk}))
    assert page.status_code == 200
    html = page.content.decode()
    for kind in ("score-sheets", "filled-sheets"):
        url = reverse("printing:pdf", kwargs={"pk": wist_drive.pk, "kind": kind})
        assert url in html, kind
    other = drive_with_players(players=8, hands=2, club=club)
    html = organiser_client.get(
        reverse("drive:detail", kwargs={"pk": other.pk})
    ).content.decode()
    assert "score-sheets" not in html


# --- the rules' numbers come from scoring.prediction_rules -------------------------------------


def printed_rules() -> str:
    return "\n".join(
        [
            *prediction.grid_notes(),
            *prediction.slip_notes(),
            *table_cards.table_instructions(),
            *(words for _, words in prediction.rules_lines()),
        ]
    )


def test_the_printed_rules_read_as_the_rules_score():
    text = printed_rules()
    assert (
        "Points: the tricks taken, and 10 more for a prediction made exactly. "
        "Wist made scores 25 (20 at a table of five); Wist failed loses 5 for "
        "each trick taken." in text
    )
    assert "The tricks add up to 13, or 10 at a table of five" in text
    assert "(13; 10 at a table of five)" in text
    assert "the pack: 10 cards each." in text
    assert "Wist made scores 25 (20 at a table of five), Wist failed loses 5" in text


def test_the_printed_rules_take_their_numbers_from_scoring_wist(monkeypatch):
    monkeypatch.setattr(prediction_rules, "MADE_BONUS", 11)
    monkeypatch.setattr(prediction_rules, "WIST_MADE", {4: 31, 5: 27})
    monkeypatch.setattr(prediction_rules, "WIST_FAILED_PER_TRICK", 6)
    monkeypatch.setattr(prediction_rules, "cards_per_player", {4: 14, 5: 9}.__getitem__)
    text = printed_rules()
    assert "and 11 more for a prediction made exactly" in text
    assert "Wist made scores 31 (27 at a table of five)" in text
    assert "Wist failed loses 6 for each trick taken" in text
    assert "The tricks add up to 14, or 9 at a table of five" in text
    assert "(14; 9 at a table of five)" in text
    assert "the pack: 9 cards each." in text
    for number in ("10", "13", "20", "25"):
        assert not re.search(rf"\b{number}\b", text), number
