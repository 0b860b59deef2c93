"""PDFs of real drives, read back as text: score cards, filled-in cards that match
the leaderboard, names in every script, blank cards and paper sizes, long
drives, the results sheet, and names stored with control characters."""

from __future__ import annotations

import re

import pytest

from drive import services as drive_services
from printing import documents
from scoring import cards, drive_plan
from scoring.selectors import leaderboard
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    play_drive,
    prediction_drive,
)
from tests.printing.printed import (
    assert_pdf,
    needs_pdftotext,
    pages,
    pdf_text,
    render,
)

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


@pytest.mark.django_db
@needs_pdftotext
def test_the_results_sheet_marks_who_left_early_as_the_boards_do(tmp_path):
    """The sheet pinned up at the end says who left during play, as the
    boards and the workbook do: their total is of the hands they played."""
    from drive import entry_services
    from drive.models import Entry
    from tests.factories import play_round

    drive = drive_with_players(players=8, hands=4)  # 4 rounds of a hand
    play_round(drive, tricks=lambda deal: 8)
    entry_services.entry_withdraw(entry=Entry.objects.get(drive=drive, number=3))
    play_drive(drive, tricks=lambda deal: 8)
    left = Entry.objects.get(drive=drive, number=3).player.name
    stayed = Entry.objects.get(drive=drive, number=4).player.name
    text = " ".join(pdf_text(render(drive, "results").data, tmp_path).split())
    assert f"{left} (left early)" in text
    assert f"{stayed} (left early)" not in text and stayed in text


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("progressive", "Classifica dopo 1 delle 4 mani"),
        ("prediction", "Classifica dopo 8 delle 16 smazzate"),
    ],
)
def test_the_results_sheet_during_play_counts_the_drives_own_hands(
    game, said, tmp_path
):
    """Printed during play, the sheet says how far the drive has come in its
    own words: a prediction whist drive's deals are "smazzate", not "mani"
    (and Italian says "delle 16", as the boards do)."""
    from django.utils import translation

    from tests.factories import play_round
    from tests.predictions import play_deals

    if game == "prediction":
        drive = prediction_drive(players=8, games=2)
        play_deals(drive)
    else:
        drive = drive_with_players(players=8, hands=4)
        play_round(drive, tricks=lambda deal: 8)
    with translation.override("it"):
        text = " ".join(pdf_text(render(drive, "results").data, tmp_path).split())
    assert said in text
