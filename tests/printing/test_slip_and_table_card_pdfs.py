"""PDFs of travel slips and table cards: one slip per table with its seats, each
table card's link to its captain's page (or the drive's page before the
start), and the movement a partners' drive's pairs play."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from drive.models import Entry, Table
from printing import documents, loading
from scoring import drive_plan
from tests.factories import (
    drive_with_players,
    play_round,
    prediction_drive,
)
from tests.printing.printed import (
    BASE,
    PDFTOTEXT,
    needs_pdftotext,
    pages,
    pdf_text,
    render,
)


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


# A club and a drive named as a Russian club names them (each too long for a
# line of a table card on its own).
LONG_CLUB = "Клуб любителей виста имени Ивана Андреевича Крылова при Доме культуры"
LONG_DRIVE = "Новогодний турнир по висту ветеранов Петроградской стороны"


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("per_page", ["1", "2", "4"])
def test_a_table_card_names_a_long_club_and_drive_whole(tmp_path, club, per_page):
    """The club, the drive and the date take three lines at the head of the
    card where two do not hold them (the club was left off and the drive's
    name cut: "Новогодний турнир … Петроградско…")."""
    club.name = LONG_CLUB
    club.save(update_fields=["name"])
    drive = drive_with_players(players=8, hands=2, club=club, name=LONG_DRIVE)
    with translation.override("ru"):
        printed = render(drive, "tablecards", per_page=per_page)
    assert not printed.cramped
    for page in pages(pdf_text(printed.data, tmp_path)):
        if page.strip():
            flat = " ".join(page.split())
            assert LONG_CLUB in flat and LONG_DRIVE in flat, flat[:300]


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("game", ["hands", "prediction"])
def test_a_slip_names_a_long_club_whole(tmp_path, club, game):
    """The club's line at the head of a slip (and a prediction whist sheet)
    has the room beside the table's number, not three fifths of the width
    ("Клуб любителей виста … при Доме культу…")."""
    club.name = LONG_CLUB
    club.save(update_fields=["name"])
    if game == "prediction":
        drive = prediction_drive(club=club, players=8, games=1, name=LONG_DRIVE)
    else:
        drive = drive_with_players(players=8, hands=4, club=club, name=LONG_DRIVE)
    kinds = ["slips", "score-sheets"] if game == "prediction" else ["slips"]
    with translation.override("ru"):
        for kind in kinds:
            text = pdf_text(render(drive, kind).data, tmp_path)
            for page in pages(text):
                if page.strip():
                    flat = " ".join(page.split())
                    assert LONG_CLUB in flat and LONG_DRIVE in flat, (kind, flat[:200])


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_small_score_card_gives_its_date_whole_and_cuts_the_club(
    tmp_path, club, paper
):
    """A prediction whist card four to a page: the club's name and the date
    do not fit side by side, and the date is the one kept whole ("Пятница,
    27 ноября 2…" was cut at three fifths of the line)."""
    club.name = LONG_CLUB
    club.save(update_fields=["name"])
    drive = prediction_drive(club=club, players=8, games=1, name=LONG_DRIVE)
    with translation.override("ru"):
        printed = render(drive, "scorecards", per_page="4", paper=paper)
    text = pdf_text(printed.data, tmp_path)
    cards = text.count("Пятница, 27 ноября 2026 г.")
    assert cards == drive.entries.count(), text[:400]


# A long club's and drive's names, in Polish and Russian, as clubs name them
# (neither fits a line of a large-print card's or slip's head).
LONG_NAMES = {
    "pl": (
        "Klub Brydżowo-Wistowy przy Domu Kultury Śródmieście",
        "Noworoczny turniej wista weteranów i seniorów dzielnicy Śródmieście",
    ),
    "ru": (
        "Клуб любителей виста при Доме культуры Петроградского района",
        LONG_DRIVE,
    ),
}
WORD_BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)
PAGE_BOX = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)


def word_boxes(data: bytes, tmp_path) -> list[tuple[float, float, list[tuple]]]:
    """Each page's width, height and words with their boxes, in the order drawn."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    html = subprocess.run(
        [PDFTOTEXT, "-bbox", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode()
    return [
        (
            float(width),
            float(height),
            [
                (*map(float, box[:4]), unescape(box[4]))
                for box in WORD_BOX.findall(words)
            ],
        )
        for width, height, words in PAGE_BOX.findall(html)
    ]


def _in_order(name: str, words: list[tuple]) -> list[tuple]:
    """The boxes of `name`'s words, found in order among `words` (short of
    them where one is missing or cut)."""
    found, at = [], 0
    for word in name.split():
        while at < len(words) and words[at][4] != word:
            at += 1
        if at == len(words):
            break
        found.append(words[at])
        at += 1
    return found


def _overlap(a: tuple, b: tuple) -> bool:
    return (
        min(a[2], b[2]) - max(a[0], b[0]) > 0.5
        and min(a[3], b[3]) - max(a[1], b[1]) > 0.5
    )


@pytest.mark.django_db
@needs_pdftotext
@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("kind", ["scorecards", "slips"])
def test_large_print_heads_name_a_long_club_and_drive_whole(
    tmp_path, club, language, kind
):
    """In large print the club's and drive's names at the head of a score card
    and a travel slip wrap between their words onto as many lines as they
    take, on the page and clear of the table's number and of each other; a
    card or slip continued on a second page too ("Клуб любителей виста при
    Доме культуры Петроградско…" and the drive's name were cut)."""
    club_name, drive_name = LONG_NAMES[language]
    club.name = club_name
    club.save(update_fields=["name"])
    # 44 hands: every card and slip goes on over two pages or more.
    drive = drive_with_players(players=8, hands=44, club=club, name=drive_name)
    with translation.override(language):
        printed = render(drive, kind, edition="large")
    pages_read = word_boxes(printed.data, tmp_path)
    sheets = 8 if kind == "scorecards" else 2
    assert len(pages_read) == printed.pages >= 2 * sheets
    for page, (width, height, words) in enumerate(pages_read, start=1):
        head = []
        for name in (club_name, drive_name):
            found = _in_order(name, words)
            assert [w[4] for w in found] == name.split(), (page, name, words[:20])
            head += found
        for word in words:
            assert word[0] >= 0 and word[2] <= width, (page, word)
            assert word[1] >= 0 and word[3] <= height, (page, word)
        clashes = [
            (mine[4], other[4])
            for mine in head
            for other in words
            if other is not mine and _overlap(mine, other)
        ]
        assert clashes == [], (page, clashes)
