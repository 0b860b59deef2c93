"""A rubber drive on paper and in the workbook (issue #17, part 3): the Games
sheet, Deals scored in the game score, Results totals that are the pairs'
rubber values, the rules in words, travel slips with the game score, score
cards a row per round, the results page's cards, and `demo --format rubber`.

The issue's rubber at table 1: English short whist (game 5), N-S win 5-0
(+3), E-W win 5-2 (+2), N-S win 5-4 (+1) and the rubber (+2): N-S 6, E-W 2.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from drive.models import Drive, DriveState, SeatAssignment
from printing.rules_words import game_bonus_words, rubber_rules_lines
from printing.slips import travel_slip
from scoring import drive_plan
from scoring.audit import audit_check
from scoring.card_rows import RUBBER_CARD_COLUMNS, RowKind
from scoring.cards import blank_card, score_cards
from scoring.rubber import settings_for
from scoring.rules import Scoring, deal_scores
from scoring.selectors import drive_rubbers, leaderboard
from tests.factories import drive_with_players, rubber_drive
from tests.printing.fixtures import run, sheet_rows, workbook_values
from tests.printing.printed import (
    heading_row,
    needs_pdftotext,
    pages,
    pdf_text,
    render,
)
from tests.printing.rubber_evening import TABLE_1, bell, enter

pytestmark = pytest.mark.django_db


def seated(drive, round_number: int, table: int) -> dict[str, int]:
    return {
        s.position: s.entry.number
        for s in SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__number=table
        ).select_related("entry")
    }


def totals_from_games(workbook: dict[str, list[tuple]], rubber_bonus: int) -> dict:
    """Each entry's total from the Games and Movement sheets: the bonuses of
    the games its pair won, and the rubber bonus for each rubber it won."""
    headers, *games = workbook["Games"]
    games = [dict(zip(headers, row, strict=True)) for row in games]
    headers, *moves = workbook["Movement"]
    seats = {}
    for row in (dict(zip(headers, row, strict=True)) for row in moves):
        if row["Table"] is not None:
            seats[row["Table"], row["Round"]] = {
                "NS": (row["N"], row["S"]),
                "EW": (row["E"], row["W"]),
            }
    totals: dict[int, int] = defaultdict(int)
    won: dict[tuple, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game in games:
        if game["Winner"]:
            key = (game["Table"], game["Round"], game["Rubber"])
            won[key][game["Winner"]] += 1
            for entry in seats[game["Table"], game["Round"]][game["Winner"]]:
                totals[entry] += game["Bonus"]
    for (table, round_number, _rubber), sides in won.items():
        for side, games_won in sides.items():
            if games_won == 2:
                for entry in seats[table, round_number][side]:
                    totals[entry] += rubber_bonus
    return totals


# --- the workbook ----------------------------------------------------------------------


def test_the_games_sheet_has_each_game_finished_or_cut_by_the_bell(played):
    book = workbook_values(played)
    assert book["Games"][0] == (
        "Table",
        "Round",
        "Rubber",
        "Game",
        "NS",
        "EW",
        "Winner",
        "Bonus",
    )
    assert book["Games"][1:] == [
        (1, 1, 1, 1, 5, 0, "NS", 3),
        (1, 1, 1, 2, 2, 5, "EW", 2),
        (1, 1, 1, 3, 5, 4, "NS", 1),
        # The bell: table 1 was 3-0 into the next rubber, table 2 3-0 into its
        # first; a game cut by the bell has no winner and no bonus.
        (1, 1, 2, 1, 3, 0, None, 0),
        (2, 1, 1, 1, 3, 0, None, 0),
        (1, 2, 1, 1, 7, 0, "NS", 3),
    ]
    # The sheet comes after Deals; another drive's workbook has none.
    assert list(book).index("Games") == list(book).index("Deals") + 1
    assert "Games" not in workbook_values(drive_with_players(players=8, hands=2))


def test_results_totals_are_the_pairs_rubber_values(played):
    book = workbook_values(played)
    one, two = seated(played, 1, 1), seated(played, 1, 2)
    later = seated(played, 2, 1)
    expected: dict[int, int] = defaultdict(int)
    for seat in "NS":
        expected[one[seat]] += 6  # 3 + 1 and the rubber's 2
        expected[later[seat]] += 3  # 7-0 in round 2
    for seat in "EW":
        expected[one[seat]] += 2
    headers, *results = book["Results"]
    totals = {row[headers.index("No.")]: row[headers.index("Total")] for row in results}
    assert totals == {number: expected[number] for number in totals}
    assert {totals[two[seat]] for seat in "NESW"} == {expected[two["N"]]}
    # Every total recomputes from the Games sheet and the rubber bonus.
    assert totals == {
        number: totals_from_games(book, rubber_bonus=2)[number] for number in totals
    }
    # The boards, the record of changes and the sheet agree.
    assert totals == {s.number: s.total for s in leaderboard(drive=played)}
    assert audit_check(drive=played) == []


def test_deals_score_each_hand_in_the_game_score(club, tmp_path):
    # Long whist, game 9 (the Polish text): six all, N-S take 7 tricks and
    # hold three honours: 1 for the trick and only 1 for honours, 8 to 6.
    drive = rubber_drive(
        club, count_honours=True, rubber_preset="long", rubber_target=9
    )
    enter(drive, 1, [12, 1])
    enter(drive, 1, [7], first=3, honours="NS3")
    enter(drive, 1, [6], first=4, revoke="NS")  # 3 tricks pass: E-W 10, 4 points
    output = tmp_path / "rubber.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output))
    _, deals = sheet_rows(output, "Deals")
    scores = {
        d["Hand"]: (d["NS score"], d["EW score"], d["Honours"], d["Revoke"])
        for d in deals
        if d["Table"] == 1 and d["NS tricks"] is not None
    }
    assert scores == {
        1: (6, 0, None, None),
        2: (0, 6, None, None),
        3: (2, 0, "NS 3", None),
        4: (0, 4, None, "NS"),
    }
    # Not the drive's scores of each hand on its own: those give 3 for hand 3.
    assert deal_scores(7, Scoring.of(drive), "NS3", "")[0] == 3
    # E-W reach 10 on hand 4: game to E-W, 10-8, bonus 1 (the losers have
    # three fifths of the target or more).
    _, games = sheet_rows(output, "Games")
    assert [tuple(g.values()) for g in games] == [(1, 1, 1, 1, 8, 10, "EW", 1)]
    _, settings = sheet_rows(output, "Drive")
    rules = {row["Setting"]: row["Value"] for row in settings}
    assert rules["Game"] == "the first side to 9 points wins a game"
    assert rules["Honours limit"] == "honours never score the last point of a game"
    assert rules["Game bonus"] == (
        "3 when the losers have 0 or 1 point, 2 when they have 2 to 5 points, "
        "1 when they have 6 to 8 points"
    )
    assert rules["Revoke"].startswith("3 tricks pass from the offenders")
    assert "Revoke penalty" not in rules  # the drive's own penalty plays no part


def test_one_selector_reads_the_rubbers_every_sheet_shows(played):
    rubbers = drive_rubbers(drive=played)
    assert [(r.table, r.round, r.hands) for r in rubbers] == [
        (1, 1, tuple(range(1, 8))),
        (2, 1, (1,)),
        (1, 2, (13,)),
    ]
    assert [r.values for r in rubbers] == [(6, 2), (0, 0), (3, 0)]
    assert drive_rubbers(drive=drive_with_players(players=8, hands=2)) == []


# --- the rules in words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "changes", "words"),
    [
        (
            "english",
            {},
            "3 when the losers have 0 points, 2 when they have 1 or 2 points, "
            "1 when they have 3 or 4 points",
        ),
        (
            "long",
            {},
            "3 when the losers have 0 or 1 point, 2 when they have 2 to 5 points, "
            "1 when they have 6 to 9 points",
        ),
        ("american", {}, "the winners score 7 less the losers' points"),
    ],
)
def test_the_game_bonus_in_words(preset, changes, words):
    assert game_bonus_words(settings_for(preset, **changes)) == words


def test_the_rules_without_honours_say_so():
    lines = dict(rubber_rules_lines(settings_for("english", honours_counted=False)))
    assert lines["Honours"] == "not counted"
    assert "Honours limit" not in lines and "Losers' honours" not in lines
    assert lines["Rubber"].startswith("the best of three games; its winners gain 2")


# --- paper ---------------------------------------------------------------------------


def test_a_filled_slip_has_the_game_score_and_each_rounds_rubber_values(played):
    plan = drive_plan.load_plan(drive=played)
    slip = travel_slip(plan, 1)
    keys = [key for key, _, _ in slip.columns]
    assert keys.index("ns_game") == keys.index("ew_tricks") + 1
    assert keys[keys.index("ns_game") + 1] == "ew_game"
    texts = [row.texts() for row in slip.rows]
    games = [(t["ns_game"], t["ew_game"]) for t in texts]
    # The game score after each hand; a game's winning score in brackets.
    assert games[:8] == [
        ("(5)", "0"),
        ("2", "0"),
        ("2", "(5)"),
        ("4", "0"),
        ("4", "4"),
        ("(5)", "4"),
        ("3", "0"),
        ("", ""),
    ]
    round_rows = [row for row in slip.rows if row.kind == RowKind.SUBTOTAL]
    assert [row.values for row in round_rows] == [(6, 2), (3, 0)]
    assert texts[12]["hand"] == "Round 1: the rubbers' value"
    assert (texts[12]["ns_game"], texts[12]["ew_game"]) == ("6", "2")


def test_a_rubber_card_has_a_row_per_round_with_the_rubbers_value(played):
    plan = drive_plan.load_plan(drive=played, with_totals=True)
    one = seated(played, 1, 1)
    cards = {c.number: c for c in score_cards(plan, filled=True)}
    north = cards[one["N"]]
    assert north.columns == RUBBER_CARD_COLUMNS
    rounds = [row for row in north.rows if row.kind == RowKind.ROUND]
    assert [row.texts()["hands"] for row in rounds] == ["1–12", "13–24"]
    first = rounds[0].texts()
    assert (first["table"], first["seat"], first["games"], first["score"]) == (
        "1",
        "N",
        "2–1",
        "6",
    )
    assert first["opponents"] == f"{one['E']} & {one['W']}"
    standings = {s.number: s for s in leaderboard(drive=played)}
    for number, card in cards.items():
        values = [row.score or 0 for row in card.rows if row.kind == RowKind.ROUND]
        final = next(row for row in card.rows if row.kind == RowKind.FINAL)
        assert sum(values) == standings[number].score
        assert final.running_total == standings[number].total
    blank = blank_card(plan)
    assert [row.texts()["round"] for row in blank.rows] == [
        "1",
        "Half-time (after round 1)",
        "2",
        "Total",
    ]


@pytest.mark.parametrize("start", [False, True])
@needs_pdftotext
def test_slips_read_back_show_the_game_score_columns(club, tmp_path, start):
    drive = rubber_drive(club, start=start)
    if start:
        enter(drive, 1, TABLE_1)
        bell(drive)
    text = pdf_text(render(drive, "slips", per_page=1).data, tmp_path)
    first = pages(text)[0]
    # (each heading read down its column: "N-S" over "tricks")
    assert heading_row(first, "Trumps") == [
        "Hand",
        "Trumps",
        "N",
        "E",
        "S",
        "W",
        "N-S",
        "tricks",
        "E-W",
        "tricks",
        "Game",
        "N-S",
        "Game",
        "E-W",
        "N-S",
        "initials",
        "E-W",
        "initials",
    ]
    assert "Round 1: the rubbers' value" in first
    assert "Round 2: the rubbers' value" in first
    assert "The first side to 5 points wins the game: circle its score" in first
    if start:
        round_one = first[: first.index("Round 1: the rubbers' value")]
        assert round_one.count("(5)") == 3  # the three games of the rubber
        value_line = next(
            line for line in first.splitlines() if "Round 1: the rubbers'" in line
        )
        assert value_line.split()[-2:] == ["6", "2"]


@needs_pdftotext
def test_the_results_sheet_and_cards_state_the_rubber_rules(played, tmp_path):
    text = pdf_text(render(played, "results").data, tmp_path)
    flat = " ".join(text.split())
    assert "Rubber rules: English short whist" in flat
    assert (
        "Game bonus: 3 when the losers have 0 points, 2 when they have 1 or 2 "
        "points, 1 when they have 3 or 4 points." in flat
    )
    assert "The bell: a rubber in progress is scored as it stands" in flat
    cards = pdf_text(render(played, "filled-cards", per_page=1).data, tmp_path)
    # (a heading may be set on two lines, read down its column; one broken
    # after its dash, "won–" over "lost", read whole)
    heading = " ".join(heading_row(pages(cards)[0], "Round")).replace("– ", "–")
    assert "Rubbers' value" in heading and "Games won–lost" in heading


# --- the results page ----------------------------------------------------------------


def test_the_results_page_shows_a_rubber_drives_rounds(played, organiser_client):
    page = organiser_client.get(f"/drives/{played.pk}/results/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Rubbers&#x27; value" in body or "Rubbers' value" in body
    one = seated(played, 1, 1)
    card = next(c for c in page.context["results"].cards if c.number == one["N"])
    assert card.rubbers and not card.honours_column
    rounds = [line for line in card.lines if line.kind == "round"]
    # N-S pairs stay at their table: round 2's only hand, 7-0 to N-S.
    assert seated(played, 2, 1)["N"] == one["N"]
    assert [(line.hands, line.games, line.score) for line in rounds] == [
        ("1–12", "2–1", 6),
        ("13–24", "1–0", 3),
    ]
    assert card.lines[-1].running_total == 9


# --- the transfer file ---------------------------------------------------------------

RUBBER_SETTINGS = (
    "rubber_preset",
    "rubber_target",
    "rubber_honours_limit",
    "rubber_losers_honours",
    "rubber_bonus",
)


def test_the_rubber_settings_make_the_round_trip_and_old_files_load(club, tmp_path):
    import json

    from printing.transfer import dump_drive
    from tests.printing.fixtures import load
    from tests.printing.transfer import forget

    drive = rubber_drive(
        club,
        count_honours=True,
        rubber_preset="long",
        rubber_target=9,
        rubber_honours_limit="not_one_from_game",
        rubber_losers_honours="counted",
        rubber_bonus="american",
    )
    enter(drive, 1, TABLE_1)
    enter(drive, 1, [8], first=8, honours="EW3")
    kept = {name: getattr(drive, name) for name in RUBBER_SETTINGS}
    before = workbook_values(drive)
    data = dump_drive(drive=drive)
    old = json.loads(json.dumps(data))
    for name in RUBBER_SETTINGS:
        del old["rows"]["drive.drive"][0][name]
    forget(drive)

    path = tmp_path / "rubber.json"
    path.write_text(json.dumps(data))
    loaded = load(path)
    assert {name: getattr(loaded, name) for name in RUBBER_SETTINGS} == kept
    assert workbook_values(loaded) == before
    assert audit_check(drive=loaded) == []

    # A file from before these settings loads with the defaults: the English
    # preset, nothing changed.
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    older = load(path)
    assert {name: getattr(older, name) for name in RUBBER_SETTINGS} == {
        "rubber_preset": "english",
        "rubber_target": None,
        "rubber_honours_limit": "",
        "rubber_losers_honours": "",
        "rubber_bonus": "",
    }
    assert "Games" in workbook_values(older)


# --- the demo ------------------------------------------------------------------------


@needs_pdftotext
def test_demo_plays_rubbers_rings_the_bell_and_exports_the_games(tmp_path):
    lines = run(
        "demo",
        "--players",
        "16",
        "--format",
        "rubber",
        "--preset",
        "long",
        "--honours",
        "--revokes",
        "--seed",
        "5",
    )
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    assert drive.state == DriveState.FINISHED
    assert (drive.format, drive.rubber_preset) == ("rubber", "long")
    assert (drive.hands, drive.hands_per_round, drive.count_honours) == (24, 12, True)
    assert [line for line in lines if line.startswith("round ")][0].count(
        "the bell cut table"
    ) == 1
    assert audit_check(drive=drive) == []
    output = tmp_path / "demo.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output))
    headers, games = sheet_rows(output, "Games")
    assert headers == ["Table", "Round", "Rubber", "Game", "NS", "EW", "Winner"] + [
        "Bonus"
    ]
    assert {g["Winner"] for g in games} == {"NS", "EW", None}
    cut = [g for g in games if g["Winner"] is None]
    assert all(g["Bonus"] == 0 and max(g["NS"], g["EW"]) < 10 for g in cut)
    assert all(max(g["NS"], g["EW"]) >= 10 for g in games if g["Winner"])
    book = workbook_values(drive)
    headers_, *results = book["Results"]
    totals = {r[headers_.index("No.")]: r[headers_.index("Total")] for r in results}
    recomputed = totals_from_games(book, rubber_bonus=2)
    assert totals == {number: recomputed[number] for number in totals}
    assert any(totals.values())
    # The drive's slips carry the game score.
    text = pdf_text(render(drive, "slips", per_page=1).data, tmp_path)
    assert "Game N-S" in text and "Round 2: the rubbers' value" in text


def test_demo_preset_needs_the_rubber_format():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="--preset is for --format rubber"):
        run("demo", "--players", "8", "--preset", "long")
    assert not Drive.objects.exists()


def test_the_slips_notes_say_the_revoke_rule_and_a_net_settlement():
    from printing.slips import game_notes

    notes = game_notes(settings_for("russian", settlement="net"))
    assert notes[-2].startswith(
        "A game won by the rubber's losers is subtracted from the winners' bonuses"
    )
    assert notes[-1].startswith("Revoke: the offenders lose 3 points, after the hand")
    assert "a side cannot win the game on a hand in which it revoked" in notes[-1]
    assert len(game_notes(settings_for("english"))) == len(notes) - 1


def test_a_russian_slip_starts_each_game_at_0_0_written_with_a_colon():
    """A Russian club writes a score "0:0", not "0-0"."""
    from django.utils import translation

    from printing.slips import game_notes

    with translation.override("ru"):
        notes = game_notes(settings_for("russian"))
    assert any(note.endswith("новую партию со счёта 0:0.") for note in notes), notes
