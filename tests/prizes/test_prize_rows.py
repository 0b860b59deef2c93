"""The prize list chosen from rows of selects (issue 20): each row is written
as the typed list's line, so what is stored is what the same list typed
stores; a stored list shows in the rows; every refusal is a 400 with words."""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes.forms import PRIZE_ROWS, PrizeRow, PrizeRows
from prizes.models import DrivePrize, PrizeTemplateItem
from prizes.prize_list import (
    MAX_TRICKS,
    MIN_TRICKS,
    PrizeKind,
    PrizeSpec,
    parse_prize_list,
)
from tests.factories import DriveFactory
from tests.prizes.fixtures import club_form
from tests.prizes.prize_rows import chosen, rows_post

LABELS = {"A": "Ladies", "B": "Gents"}
GROUPS = {"ladies": "A", "gents": "B"}

EVERY_KIND = [
    PrizeSpec(PrizeKind.OVERALL, 1),
    PrizeSpec(PrizeKind.OVERALL, 12, name="Box of chocolates"),
    PrizeSpec(PrizeKind.GROUP, 1, "A"),
    PrizeSpec(PrizeKind.GROUP, 3, "B", name="Bottle"),
    PrizeSpec(PrizeKind.HALF_TIME),
    PrizeSpec(PrizeKind.HALF_TIME, group="B"),
    PrizeSpec(PrizeKind.BOOBY, name="Wooden spoon"),
    PrizeSpec(PrizeKind.MOST_HANDS_WON),
    PrizeSpec(PrizeKind.MYSTERY),
    PrizeSpec(PrizeKind.CUSTOM, name="Raffle"),
    PrizeSpec(PrizeKind.LOWEST),
    PrizeSpec(PrizeKind.LOWEST, group="A"),
    PrizeSpec(PrizeKind.SECOND_HALF),
    PrizeSpec(PrizeKind.SECOND_HALF, group="B"),
    PrizeSpec(PrizeKind.MOST_TRICKS, 8),
    PrizeSpec(PrizeKind.MOST_TRICKS, 13, "A"),
    PrizeSpec(PrizeKind.CONSOLATION),
]


def test_every_kind_of_prize_goes_to_a_row_and_back_to_the_same_line():
    for spec in EVERY_KIND:
        line = PrizeRow.of(spec).line(1, LABELS)
        assert line == spec.line(LABELS)
        assert parse_prize_list(line, groups=GROUPS, labels=LABELS) == [spec]


SPECS = st.one_of(
    st.builds(
        PrizeSpec,
        st.sampled_from([PrizeKind.OVERALL]),
        st.integers(1, 500),
    ),
    st.builds(
        PrizeSpec,
        st.just(PrizeKind.GROUP),
        st.integers(1, 500),
        st.sampled_from(["A", "B"]),
    ),
    st.builds(
        PrizeSpec,
        st.just(PrizeKind.MOST_TRICKS),
        st.integers(MIN_TRICKS, MAX_TRICKS),
        st.sampled_from(["", "A", "B"]),
    ),
    st.sampled_from(EVERY_KIND),
)


@given(st.lists(SPECS, max_size=20))
def test_rows_of_a_list_write_the_list_again(specs):
    rows = PrizeRows.of_specs(specs, labels=LABELS)
    text, problems = rows.text()
    assert problems == []
    assert parse_prize_list(text, groups=GROUPS, labels=LABELS) == specs
    assert len(rows) == max(PRIZE_ROWS, len(specs) + 4)


def club_rows_form(*rows, **kwargs) -> dict:
    form = club_form()
    del form["prizes"]
    return form | rows_post(*rows, **kwargs)


def stored(club) -> list[tuple[str, int, str, str]]:
    return [
        (i.kind, i.place, i.group, i.name)
        for i in PrizeTemplateItem.objects.filter(club=club).order_by("position")
    ]


@pytest.mark.django_db
def test_the_rows_store_what_the_typed_list_stores(club, organiser_client):
    response = organiser_client.post(
        "/club/prizes/",
        club_rows_form(
            ("place", "", "1", ""),
            ("", "", "", ""),  # an empty row is left out
            ("place", "B", "2", "Bottle"),
            ("most_tricks", "A", "9", ""),
            ("lowest", "", "", ""),
            ("consolation", "", "", ""),
            ("custom", "", "", "Raffle"),
        ),
    )
    assert response.status_code == 302
    from_rows = stored(club)
    typed = (
        "1st overall\n2nd Gents: Bottle\nMost hands of 9 or more tricks Ladies\n"
        "Lowest overall\nConsolation draw\nCustom: Raffle"
    )
    response = organiser_client.post("/club/prizes/", club_form(prizes=typed))
    assert response.status_code == 302
    assert stored(club) == from_rows
    assert from_rows[1] == ("group", 2, "B", "Bottle")


@pytest.mark.django_db
def test_a_stored_english_list_shows_in_the_rows(club, organiser_client):
    typed = "1st overall\nHighest Ladies: Hamper\nMost hands of 8 or more tricks"
    assert (
        organiser_client.post("/club/prizes/", club_form(prizes=typed)).status_code
        == 302
    )
    page = organiser_client.get("/club/prizes/").content.decode()
    assert chosen(page, "kind")[:4] == ["place", "place", "most_tricks", ""]
    assert chosen(page, "group")[:3] == ["", "A", ""]
    assert 'name="prize_1_name" value="Hamper"' in page
    assert 'name="prize_2_number" value="8"' in page
    assert len(chosen(page, "kind")) == PRIZE_ROWS


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("row", "message"),
    [
        (("booby", "A", "", ""), "Line 2: “Booby” is for everyone: choose no group"),
        (("custom", "", "", ""), "Line 2: a custom prize needs a name"),
        (("most_tricks", "", "5", ""), "takes N from 7 to 13"),
        (("most_tricks", "", "", ""), "Line 2: the number is a place"),
        (("place", "", "x1", ""), "Line 2: the number is a place"),
        (("place", "", "0", ""), "Line 2: a place is from 1 to 500."),
        (("bogus", "", "", ""), "Line 2: choose a prize from the list."),
        (("place", "C", "", ""), "Line 2: choose a group from the list."),
        (("", "", "", "Hamper"), "Line 2: choose which prize it is."),
    ],
)
def test_refused_rows_are_400_with_words_and_nothing_written(
    club, organiser_client, row, message
):
    response = organiser_client.post(
        "/club/prizes/", club_rows_form(("place", "", "1", ""), row)
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not PrizeTemplateItem.objects.exists()
    # The rows show again as posted.
    assert response.context["rows"].rows[1].kind == row[0]


@pytest.mark.django_db
def test_a_drive_list_from_rows_and_no_group_column_without_groups(
    club, organiser_client
):
    drive = DriveFactory(club=club)
    url = f"/drives/{drive.pk}/prizes/edit/"
    response = organiser_client.post(
        url, rows_post(("place", "A", "1", ""), ("mystery", "", "", ""))
    )
    assert response.status_code == 302
    assert [(p.kind, p.group) for p in DrivePrize.objects.filter(drive=drive)] == [
        ("group", "A"),
        ("mystery", ""),
    ]
    assert 'name="prize_0_group"' in organiser_client.get(url).content.decode()
    pairs = DriveFactory(club=club, format="partners")
    page = organiser_client.get(f"/drives/{pairs.pk}/prizes/edit/").content.decode()
    assert 'name="prize_0_kind"' in page
    assert 'name="prize_0_group"' not in page


@pytest.mark.django_db
def test_an_empty_drive_list_from_rows_is_refused(club, organiser_client):
    drive = DriveFactory(club=club)
    response = organiser_client.post(
        f"/drives/{drive.pk}/prizes/edit/", rows_post(("", "", "", ""))
    )
    assert response.status_code == 400
    assert "Type at least one prize" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["club", "drive"])
def test_every_help_the_prize_forms_carry_is_on_their_page(
    club, organiser_client, page
):
    """The typed list's help ("One prize a line: “1st overall”…") outlived its
    box: the pages show rows of selects, and no page has a box to type a list
    in. A help the form carries but no page shows is a string translated for
    nobody."""
    url = "/club/prizes/"
    if page == "drive":
        url = f"/drives/{DriveFactory(club=club).pk}/prizes/edit/"
    response = organiser_client.get(url)
    shown = html.unescape(response.content.decode())
    form = response.context["form"]
    assert 'name="prizes"' not in shown  # no box to type a list in
    helps = {name: str(f.help_text) for name, f in form.fields.items() if f.help_text}
    assert {name: h for name, h in helps.items() if h not in shown} == {}
