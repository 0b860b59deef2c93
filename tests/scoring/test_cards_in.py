"""A cards-in drive against the database: the bell moves it on, the desk's
service types and checks cards, and the standings, prizes, workbook and
record of changes read the typed totals."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from openpyxl import load_workbook

from drive import services as drive_services
from drive import setup
from drive.models import Drive, DriveState, Entry, SeatAssignment
from league import selectors as league_selectors
from league import services as league_services
from players.models import AuditEvent
from printing import exports
from printing.result_message import Composer
from prizes.selectors import drive_prize_rules, drive_prizes
from scoring import services as scoring_services
from scoring.audit import audit_check
from scoring.cards_in import Outcome, card_desk, card_dispute_resolve, card_total_enter
from scoring.models import CardTotal
from scoring.selectors import leaderboard
from scoring.services import ResultEntry
from scoring.tiebreaks import Rule
from tests.factories import DriveFactory, PlayerFactory, drive_with_players
from tests.printing.fixtures import dump, load

pytestmark = pytest.mark.django_db


def paper_drive(*, players=8, hands=4, **settings) -> Drive:
    return drive_with_players(
        players=players, hands=hands, score_entry="cards", **settings
    )


def ring_to_the_end(drive: Drive) -> Drive:
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    return drive


def seated_hands(drive: Drive, number: int) -> int:
    rounds = SeatAssignment.objects.filter(
        round__drive=drive, entry__number=number, table__isnull=False
    ).count()
    return rounds * drive.hands_per_round


@pytest.mark.parametrize("format", ["progressive", "semi-partner", "stationary"])
def test_the_bell_moves_a_paper_drive_on_without_a_result(format):
    drive = paper_drive(players=10, hands=4, format=format)
    assert drive.current_round == 1
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive.refresh_from_db()
    assert drive.current_round == 2
    drive = ring_to_the_end(drive)
    assert drive.state == DriveState.FINISHED
    # Ten players at two tables: two sit out each round, in turn, so the
    # desk knows how many hands each card covers.
    desk = card_desk(drive=drive)
    assert sum(card.played for card in desk.cards) == 8 * 4
    for card in desk.cards:
        assert card.played == seated_hands(drive, card.number)


def test_no_hand_is_entered_in_a_paper_drive():
    drive = paper_drive()
    with pytest.raises(ValidationError) as error:
        scoring_services.hand_results_submit(
            drive=drive, entries=[ResultEntry(1, 1, 7)], by=None
        )
    assert error.value.code == "conflict"


@pytest.mark.parametrize("format", ["rubber", "prediction"])
def test_set_up_refuses_cards_in_for_rubbers_and_prediction_whist(club, format):
    drive = Drive(
        club=club,
        name="Paper",
        date="2026-12-04",
        format=format,
        score_entry="cards",
        hands=24,
        hands_per_round=8,
    )
    with pytest.raises(ValidationError) as error:
        setup.check_setup(drive)
    assert "cannot take its cards in at the end" in str(error.value.message_dict)


def test_the_database_refuses_cards_in_for_a_rubber_drive(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        DriveFactory(club=club, format="rubber", score_entry="cards", hands=8)


def test_a_card_typed_is_saved_and_in_the_record(organiser):
    drive = ring_to_the_end(paper_drive())
    outcome = card_total_enter(
        drive=drive, number=1, total=12, hands_won=3, by=organiser
    )
    assert outcome.outcome is Outcome.SAVED
    row = CardTotal.objects.get(drive=drive, entry__number=1)
    assert (row.total, row.hands_won) == (12, 3)
    event = AuditEvent.objects.get(drive_id=drive.pk, kind="card.enter")
    assert event.new == {"total": 12, "hands_won": 3}
    assert event.old is None and event.who == "olive"


def test_the_same_card_typed_twice_changes_nothing():
    drive = ring_to_the_end(paper_drive())
    card_total_enter(drive=drive, number=1, total=12, hands_won=3)
    again = card_total_enter(drive=drive, number=1, total=12, hands_won=3)
    assert again.outcome is Outcome.SAME
    assert AuditEvent.objects.filter(kind="card.enter").count() == 1


def test_a_card_typed_again_differently_waits_for_the_organiser():
    drive = ring_to_the_end(paper_drive())
    card_total_enter(drive=drive, number=1, total=12, hands_won=3)
    second = card_total_enter(drive=drive, number=1, total=14, hands_won=3)
    assert second.outcome is Outcome.DISPUTED
    assert "typed before as 12, now as 14" in second.message
    row = CardTotal.objects.get(entry__number=1)
    assert (row.total, row.disputed_total) == (12, 14)  # no silent overwrite
    assert next(s.total for s in leaderboard(drive=drive) if s.number == 1) == 12
    settled = card_dispute_resolve(drive=drive, number=1, take_new=True)
    assert settled.card.total == 14 and not settled.card.disputed
    event = AuditEvent.objects.get(kind="card.resolve")
    assert (event.old["total"], event.new["total"]) == (12, 14)


def test_keeping_the_first_figures_settles_a_disagreement():
    drive = ring_to_the_end(paper_drive())
    card_total_enter(drive=drive, number=1, total=12, hands_won=3)
    card_total_enter(drive=drive, number=1, total=14, hands_won=3)
    card_dispute_resolve(drive=drive, number=1, take_new=False)
    row = CardTotal.objects.get(entry__number=1)
    assert (row.total, row.disputed_total) == (12, None)


def test_a_correction_replaces_the_card_and_is_recorded():
    drive = ring_to_the_end(paper_drive())
    card_total_enter(drive=drive, number=1, total=12, hands_won=3)
    fixed = card_total_enter(drive=drive, number=1, total=10, hands_won=2, correct=True)
    assert fixed.outcome is Outcome.CORRECTED
    events = list(AuditEvent.objects.filter(kind="card.enter").order_by("id"))
    assert events[-1].old == {"total": 12, "hands_won": 3}
    assert events[-1].new == {"total": 10, "hands_won": 2}


def test_unknown_numbers_impossible_totals_and_absent_players_are_refused():
    drive = paper_drive(start=False)
    absent = drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club), checked_in=False
    )
    drive_services.drive_start(drive=drive)
    drive = ring_to_the_end(Drive.objects.get(pk=drive.pk))
    with pytest.raises(ValidationError) as error:
        card_total_enter(drive=drive, number=99, total=1, hands_won=0)
    assert "No entry 99" in str(error.value)
    with pytest.raises(ValidationError) as error:
        card_total_enter(drive=drive, number=1, total=29, hands_won=4)
    assert "impossible" in str(error.value)
    with pytest.raises(ValidationError) as error:
        card_total_enter(drive=drive, number=1, total=8, hands_won=5)
    assert "only 4 hands" in str(error.value)
    with pytest.raises(ValidationError) as error:
        card_total_enter(drive=drive, number=absent.number, total=0, hands_won=0)
    assert "did not play a hand" in str(error.value)
    assert not CardTotal.objects.exists()


def test_a_drive_scored_hand_by_hand_has_no_cards_to_type():
    drive = drive_with_players(players=8, hands=4)
    with pytest.raises(ValidationError) as error:
        card_total_enter(drive=drive, number=1, total=4, hands_won=1)
    assert error.value.code == "conflict"


def type_cards(drive, totals: dict[int, tuple[int, int]]) -> None:
    for number, (total, won) in totals.items():
        card_total_enter(drive=drive, number=number, total=total, hands_won=won)


def test_the_board_holds_the_cards_in_and_says_which_are_out():
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3), 2: (6, 2), 3: (14, 4)})
    board = leaderboard(drive=drive)
    assert [(row.number, row.total, row.played) for row in board] == [
        (3, 14, 4),
        (1, 10, 4),
        (2, 6, 4),
    ]
    desk = card_desk(drive=drive)
    assert [card.number for card in desk.out] == [4, 5, 6, 7, 8]
    assert desk.next_out(after=5).number == 6
    assert desk.next_out(after=8).number == 4


def test_sit_outs_are_compensated_on_top_of_the_card():
    drive = ring_to_the_end(
        paper_drive(players=10, sit_out_compensation="fixed", sit_out_fixed_score=2)
    )
    desk = card_desk(drive=drive)
    sat_out = next(card for card in desk.cards if card.played < 4)
    card_total_enter(drive=drive, number=sat_out.number, total=6, hands_won=2)
    [row] = [r for r in leaderboard(drive=drive) if r.number == sat_out.number]
    assert (row.score, row.sat_out, row.compensation) == (
        6,
        4 - sat_out.played,
        2 * row.sat_out,
    )


def test_prizes_come_from_the_typed_totals_and_ties_pass_over_count_back():
    drive = ring_to_the_end(paper_drive())
    type_cards(
        drive,
        {n: (10, 3) if n in (1, 2) else (4, 1) for n in range(1, 9)} | {2: (10, 4)},
    )
    rules = drive_prize_rules(drive=drive)
    assert Rule.COUNT_BACK not in rules.order
    assert rules.passed_over == (Rule.COUNT_BACK, Rule.BEST_HAND)
    prizes = drive_prizes(drive=drive)
    first = next(a for a in prizes.awards if a.spec.kind.value == "overall")
    assert [w.number for w in first.winners] == [2]
    assert "most hands won" in first.note
    half = next(a for a in prizes.awards if a.spec.kind.value == "half_time")
    assert "only totals" in half.note
    board = leaderboard(drive=drive)
    assert [(row.number, row.rank) for row in board[:2]] == [(2, 1), (1, 2)]


def test_partners_type_the_pair_total_once():
    drive = ring_to_the_end(paper_drive(format="partners", players=8))
    desk = card_desk(drive=drive)
    pair = desk.card_of(1)
    assert len(pair.numbers) == 2 and pair.label == "1 & 2"
    card_total_enter(drive=drive, number=2, total=9, hands_won=3)
    assert CardTotal.objects.filter(drive=drive, total=9).count() == 2
    totals = {row.number: row.total for row in leaderboard(drive=drive)}
    assert totals[1] == totals[2] == 9
    same = card_total_enter(drive=drive, number=1, total=9, hands_won=3)
    assert same.outcome is Outcome.SAME


def test_the_workbook_has_the_cards_and_says_they_were_typed():
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3), 2: (6, 2)})
    buffer = io.BytesIO()
    exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    book = load_workbook(buffer)
    assert "Deals" not in book.sheetnames and "Hands" not in book.sheetnames
    assert book["Cards"].freeze_panes == "C2"  # No. and Name stay in sight
    rows = list(book["Cards"].iter_rows(values_only=True))
    assert "typed from the players' own score cards" in rows[1][1]
    assert [r[0] for r in rows[2:]] == [1, 2]
    assert rows[2][3:6] == (4, 3, 10)
    drive_rows = {r[0]: r[1] for r in book["Drive"].iter_rows(values_only=True)}
    assert drive_rows["How scores came in"].startswith("Cards in at the end")
    results = list(book["Results"].iter_rows(values_only=True))
    assert [(r[1], r[8]) for r in results[1:]] == [(1, 10), (2, 6)]


def test_the_record_of_changes_rebuilds_the_typed_totals():
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3), 2: (6, 2)})
    card_total_enter(drive=drive, number=2, total=8, hands_won=2, correct=True)
    assert audit_check(drive=drive) == []


def test_the_season_table_counts_the_typed_totals():
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3), 2: (6, 2)})
    season = league_services.season_create(
        club=drive.club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    rows = {row.name: row for row in league_selectors.league(season=season).rows}
    names = dict(
        Entry.objects.filter(drive=drive).values_list("number", "player__name")
    )
    assert rows[names[1]].total == 10 and rows[names[1]].hands == 4
    assert rows[names[2]].total == 6
    assert names[3] not in rows  # its card is still out


def test_a_paper_drive_moves_to_another_site_with_its_cards(tmp_path):
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3), 2: (6, 2)})
    card_total_enter(drive=drive, number=2, total=8, hands_won=2)  # disputed
    before = [(row.number, row.total) for row in leaderboard(drive=drive)]
    path = dump(drive, tmp_path)
    AuditEvent.objects.filter(drive_id=drive.pk).delete()
    CardTotal.objects.filter(drive=drive).delete()
    drive.delete()
    loaded = load(path)
    assert loaded.cards_in
    assert [(row.number, row.total) for row in leaderboard(drive=loaded)] == before
    assert CardTotal.objects.get(drive=loaded, entry__number=2).disputed_total == 8
    assert audit_check(drive=loaded) == []


def test_the_results_mail_gives_the_typed_total_and_waits_for_a_card_out():
    drive = ring_to_the_end(paper_drive())
    type_cards(drive, {1: (10, 3)})
    composer = Composer(drive)
    first, second = Entry.objects.filter(drive=drive, number__in=(1, 2)).order_by(
        "number"
    )
    assert composer.skip_reason(first) == ""
    assert composer.places(first)[0].endswith("place 1 of 1, 10 points")
    assert composer.skip_reason(second) == "card not typed in yet"
