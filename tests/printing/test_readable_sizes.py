"""Every sheet, read by older players in a dim hall: nothing on it set under
8 pt, whether printed as usual or laid out as the organiser chose (table
cards 1, 2 or 4 to a page; travel slips of each game; score cards of each
count a page), in English and in long words (Polish, Russian, Romanian),
with a long club name and long player names; and no string wider than its
room. (It was 7 pt for a card's "No.", "Name" and "Group", 6.1 pt on a
24-hand card two to a page, 7 pt on table cards two or four to a page and
5.4 pt on a rubber drive's slips two to a page, and a prediction slip set a
long name at 6.75 pt.)

A layout that cannot hold its sheet at 8 pt (24 hands' rows on half a page)
prints fewer to a page, and says so: the print page tells the organiser
before the PDF (printing.documents.fewer_per_page_note), in their language.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from printing import documents
from printing.readable import READABLE, sizes_of
from tests.factories import (
    drive_with_players,
    play_round,
    prediction_drive,
    rubber_drive,
)
from tests.predictions import play_deals
from tests.printing.named_drives import named
from tests.printing.printed import BASE, needs_pdftotext, pdf_text
from tests.printing.sheet_faults import overflow_faults

pytestmark = pytest.mark.django_db

KINDS = ("scorecards", "blank-cards", "filled-cards", "slips", "tablecards")
# What the organiser can choose under "Cards a page": as usual, 1, 2, 4.
PER_PAGE = (None, 1, 2, 4)
LONG_CLUB = "Towarzystwo Miłośników Wista i Brydża Sportowego w Szczebrzeszynie"
# The hall's address: a card printed from it has no warning to make room for.
HALL = "http://192.168.1.20:8000/"


def smallest(printed: documents.Printed) -> float:
    return round(min(sizes_of(printed.data)), 2)


def render(drive, kind, language, base=BASE, **options) -> documents.Printed:
    with translation.override(language):
        return documents.render(
            drive=drive,
            options=documents.parse_options(kind=kind, count=2, **options),
            base_url=base,
        )


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_every_sheet_printed_as_usual_is_8_pt_or_more(
    language,
    record,  # noqa: F811
):
    hands = drive_with_players(players=8, hands=24)
    prediction = prediction_drive(players=8, games=2)
    play_deals(prediction)
    drives = {
        "hands": (hands, KINDS),
        "rubber": (rubber_drive(), KINDS),
        "prediction": (prediction, (*KINDS, "score-sheets", "filled-sheets")),
    }
    small = {}
    for game, (drive, kinds) in drives.items():
        for kind in kinds:
            if kind == "filled-cards" and game == "hands":
                continue  # not played
            least = smallest(render(drive, kind, language))
            if least < READABLE:
                small[f"{game} {kind}"] = least
    assert small == {}
    assert overflow_faults(record) == []


def long_named(club, game: str):
    club.name = LONG_CLUB
    club.save(update_fields=["name"])
    if game == "hands":
        drive = drive_with_players(players=8, hands=24, club=club)
    elif game == "rubber":
        drive = rubber_drive(club=club)
    else:
        drive = prediction_drive(club=club, players=8, games=2)
    named(drive)
    if game == "rubber":
        play_round(drive)
    if game == "prediction":
        play_deals(drive)
    return drive


@pytest.mark.parametrize("language", ["en-gb", "ro"])
@pytest.mark.parametrize("game", ["hands", "rubber", "prediction"])
def test_every_layout_the_organiser_chooses_is_8_pt_or_more(
    club,
    game,
    language,
    record,  # noqa: F811
):
    drive = long_named(club, game)
    kinds = [k for k in KINDS if not (k == "filled-cards" and game == "hands")]
    if game == "prediction":
        kinds += ["score-sheets", "filled-sheets"]
    small, said = {}, {}
    for kind in kinds:
        for per_page in PER_PAGE:
            printed = render(drive, kind, language, per_page=per_page)
            if (least := smallest(printed)) < READABLE:
                small[f"{kind} {per_page}"] = least
            if printed.chosen_per_page:
                # Fewer to a page: never silently.
                assert printed.chosen_per_page == (per_page or 2)
                assert printed.per_page < printed.chosen_per_page
                with translation.override(language):
                    note = documents.fewer_per_page_note(printed, kind)
                assert f"{printed.per_page}" in note and "8 pt" in note
                said[kind, per_page] = printed.per_page
    assert small == {}
    assert overflow_faults(record) == []
    # Only what half a page cannot hold at 8 pt goes fewer to a page: 24
    # hands' rows of a drive of hands or rubbers; never prediction whist's
    # slips or any score card one to a page.
    assert all(per_page != 1 for _kind, per_page in said)
    if game == "prediction":
        assert not [k for k in said if k[0] in ("slips", "score-sheets")]
    else:
        assert said[("slips", 2)] == 1


@pytest.mark.parametrize("language", ["en-gb", "pl", "ro"])
@pytest.mark.parametrize("per_page", [2, 4])
def test_table_cards_two_or_four_to_a_page_are_8_pt_as_chosen(club, per_page, language):
    """Two or four to a page, as chosen (the big number gives up room, the
    top line takes two lines), every word 8 pt or more: they were 7 pt, and
    4.2 pt for a long club's name four to a page."""
    drive = long_named(club, "hands")
    drive.wifi_name = "Sala Parafialna Jana Pawła II"  # at most 32
    drive.wifi_password = "haslo-bardzo-dlugie-2026"
    drive.save()
    printed = render(drive, "tablecards", language, base=HALL, per_page=per_page)
    assert printed.chosen_per_page is None
    assert printed.pages == 1  # two tables
    assert smallest(printed) >= READABLE


@pytest.mark.parametrize("language", ["en-gb", "pl"])
def test_a_short_rubber_drives_slips_print_two_to_a_page_at_8_pt(club, language):
    """Two to a page, a rubber drive's slip was 5.4 pt: a drive of few hands
    prints two to a page as chosen at 8 pt or more; 24 hands, which half a
    page cannot hold at 8 pt, print one to a page, and say so."""
    short = rubber_drive(club=club, hands=4, hands_per_round=2)
    named(short)
    printed = render(short, "slips", language, per_page=2)
    assert printed.chosen_per_page is None
    assert printed.pages == 1
    assert smallest(printed) >= READABLE
    long = render(rubber_drive(club=club), "slips", language, per_page=2)
    assert (long.chosen_per_page, long.per_page, long.pages) == (2, 1, 2)
    assert smallest(long) >= READABLE


@needs_pdftotext
@pytest.mark.parametrize("language", ["en-gb", "ro"])
def test_a_prediction_slip_sets_a_long_name_whole_at_8_pt(club, language, tmp_path):
    """'Мария Константиновна Верещагина' was 6.75 pt and, set at 8 pt,
    'Константиновн…': the row takes a third line, the name column its
    longest part."""
    drive = long_named(club, "prediction")
    printed = render(drive, "slips", language)
    assert smallest(printed) >= READABLE
    text = pdf_text(printed.data, tmp_path)
    for word in ("Константиновна", "Верещагина", "Țărănescu-", "Popovici"):
        assert word in text
    assert "…" not in text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-gb", "2 to a page, “Travel slips” would print some words smaller"),
        ("pl", "Po 2 na stronę „Protokoły rozdań stolików”"),
    ],
)
def test_the_print_page_says_so_before_printing_fewer_to_a_page(
    organiser_client, club, language, words
):
    drive = rubber_drive(club=club)
    url = reverse("printing:print", kwargs={"pk": drive.pk})
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(
        url,
        {"kind": "slips", "per_page": "2", "paper": "a4"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    text = page.content.decode()
    assert words in text
    assert "per_page=1" in text
    # The link prints the one that fits.
    pdf = organiser_client.get(url, {"kind": "slips", "per_page": "1", "paper": "a4"})
    assert pdf["Content-Type"] == "application/pdf"
    assert min(sizes_of(pdf.content)) >= READABLE
    # What fits as chosen downloads at once.
    fits = organiser_client.get(url, {"kind": "tablecards", "per_page": "2"})
    assert fits["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("kind", ["scorecards", "slips"])
def test_a_long_drives_card_alone_on_its_page_carries_on_at_8_pt(club, kind, tmp_path):
    # Fifteen rounds of four hands: 60 rows, more than a page holds at 8 pt
    # (one a page, they were set at 6.3 pt on cards, 6.5 pt on slips; 48
    # hands' cards at 7.8 pt).
    drive = drive_with_players(players=8, club=club, hands=60, hands_per_round=4)
    printed = render(drive, kind, "en", per_page=1)
    assert smallest(printed) >= READABLE
    # Each card (eight players'; two tables' slips) goes on over a second
    # page rather than in smaller type, and reaches its last hand there.
    cards = 8 if kind == "scorecards" else 2
    assert printed.pages == 2 * cards
    pages = pdf_text(printed.data, tmp_path).split("\f")
    for second in pages[1::2]:
        assert "60" in second.split()
