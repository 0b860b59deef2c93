"""Text a person may type (players.typed_text): the one definition, and every form using it."""

from __future__ import annotations

import importlib
import inspect
import io
import re
import unicodedata
from pathlib import Path

import pytest
from django import forms
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from players.forms import TypedTextForm
from players.models import Player
from players.typed_text import printable_text, typed_text
from prizes.forms import PrizeListForm
from scoring.models import Adjustment
from tests.factories import drive_with_players

ROOT = Path(__file__).resolve().parent.parent.parent
ALL_CATEGORIES = [
    "Lu",
    "Ll",
    "Lt",
    "Lm",
    "Lo",
    "Mn",
    "Mc",
    "Me",
    "Nd",
    "Nl",
    "No",
    "Pc",
    "Pd",
    "Ps",
    "Pe",
    "Pi",
    "Pf",
    "Po",
    "Sm",
    "Sc",
    "Sk",
    "So",
    "Zs",
    "Zl",
    "Zp",
    "Cc",
    "Cf",
    "Cs",
    "Co",
    "Cn",
]
# What breaks a download or a database, and what a paste from a terminal holds.
AWKWARD = (
    "\x00\x08\x1b\x7f\x80\x85\x9f\ud800\udbff\udc00\udfff\ufdd0\ufdef"
    "\ufffe\uffff\U0001fffe\U0010ffff\u2028\u2029\t\n\r\x0b\x0c\x1c\x1f"
    " \xa0e\u0301\u200d\ufeff"
)
any_text = st.text(
    alphabet=st.one_of(
        st.characters(categories=ALL_CATEGORIES), st.sampled_from(AWKWARD)
    ),
    max_size=40,
)
# XML 1.0's Char production: what a workbook's XML can hold.
XML_CHAR = re.compile("[\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*")


def is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def untyped(char: str) -> bool:
    """A character no person types, by its Unicode category (format
    characters, Cf, among them: they show as nothing)."""
    category = unicodedata.category(char)
    return category in ("Cc", "Cf", "Cs", "Zl", "Zp") or is_noncharacter(char)


def expected(text: str) -> str:
    """typed_text's rule said from the categories: a space for untyped white space."""
    kept = "".join(
        (" " if char.isspace() else "") if untyped(char) else char for char in text
    )
    return unicodedata.normalize("NFC", kept).strip()


# --- the definition ----------------------------------------------------------------


@settings(max_examples=500)
@given(any_text)
def test_typed_text_keeps_every_typed_character_and_nothing_else(text):
    typed = typed_text(text)
    assert typed == expected(text)
    assert not any(untyped(char) for char in typed)
    assert typed == typed_text(typed)
    typed.encode("utf-8")  # a database can store it
    assert ILLEGAL_CHARACTERS_RE.search(typed) is None  # openpyxl can write it
    assert XML_CHAR.fullmatch(typed)


@settings(max_examples=300)
@given(any_text)
def test_typed_text_of_many_lines_keeps_only_line_breaks(text):
    typed = typed_text(text, lines=True)
    assert typed == typed_text(typed, lines=True)
    assert typed == typed.strip()
    for line in typed.split("\n"):
        assert typed_text(line) == line.strip()


@settings(max_examples=500)
@given(any_text)
def test_printable_text_drops_the_untyped_and_keeps_the_rest(text):
    printable = printable_text(text)
    assert XML_CHAR.fullmatch(printable)
    printable.encode("utf-8")
    assert printable_text(printable) == printable
    assert printable_text(typed_text(text)) == typed_text(text)
    assert printable.replace("\t", " ").replace("\n", " ").replace("\r", " ") == (
        "".join(
            (" " if char.isspace() else "") if untyped(char) else char
            for char in text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
        )
    )


@settings(max_examples=30, deadline=None)
@given(st.lists(any_text, min_size=1, max_size=20))
def test_a_workbook_holds_any_printable_text(texts):
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Text")
    for text in texts:
        sheet.append([printable_text(text)])
    buffer = io.BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    back = [row[0] for row in load_workbook(buffer).active.iter_rows(values_only=True)]
    # XML reads a carriage return back as a line feed; an empty cell as nothing.
    assert [value or "" for value in back] == [
        printable_text(text).replace("\r\n", "\n").replace("\r", "\n") for text in texts
    ]


def test_what_typed_text_does_in_words():
    assert typed_text(" Ann\x1bArcher\x08 ") == "AnnArcher"
    assert typed_text("Ann\tArcher\r\nJr") == "Ann Archer  Jr"
    assert typed_text("Zoe\u0301 \ufffe\uffff\ud800") == "Zoé"
    assert typed_text("1st overall\x1b\r\nBooby\u2028", lines=True) == (
        "1st overall\nBooby"
    )
    assert printable_text("Ann\x1b\tArcher\x0b") == "Ann\tArcher "
    # Format characters (Cf) go as control characters do.
    assert typed_text("\ufeff=HYPERLINK(1)") == "=HYPERLINK(1)"
    assert typed_text("\u200b\u200c\u200d\u2060\u00ad") == ""
    assert typed_text("Ann\u200e Archer\u202e") == "Ann Archer"
    assert printable_text("\ufeff=1+1\u200b") == "=1+1"


# --- every form of the site ------------------------------------------------------------


def site_form_classes() -> list[type[forms.BaseForm]]:
    found = []
    for app in ("players", "drive", "scoring", "prizes", "league"):
        for path in sorted((ROOT / app).glob("forms*.py")):
            module = importlib.import_module(f"{app}.{path.stem}")
            found += [
                cls
                for _, cls in inspect.getmembers(module, inspect.isclass)
                if issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__
            ]
    return found


def test_every_form_of_the_site_keeps_only_typed_text():
    classes = site_form_classes()
    assert len(classes) >= 14
    assert [c.__name__ for c in classes if not issubclass(c, TypedTextForm)] == []


def test_a_prize_list_keeps_its_lines():
    form = PrizeListForm({"prizes": "1st overall\x1b\r\n\x08Booby\r\n"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["prizes"] == "1st overall\nBooby"


@pytest.mark.django_db
def test_a_name_typed_with_escape_is_stored_without_it(organiser_client, club):
    response = organiser_client.post(
        reverse("players:roster"),
        {"name": "Ann\x1b[1m Archer\x08\ufffe", "email": "", "phone": "0\x0712"},
    )
    assert response.status_code == 302
    player = Player.objects.get(club=club)
    assert (player.name, player.phone) == ("Ann[1m Archer", "012")


@pytest.mark.django_db
def test_a_name_of_control_characters_only_is_missing(organiser_client, club):
    response = organiser_client.post(
        reverse("players:roster"), {"name": "\x1b\x08\x7f", "email": "", "phone": ""}
    )
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["\u200b\u200c\u200d", "\ufeff\u2060 \u00ad"])
def test_a_name_of_format_characters_only_is_missing(organiser_client, club, name):
    """Zero-width characters alone would be a name nobody can see."""
    response = organiser_client.post(
        reverse("players:roster"), {"name": name, "email": "", "phone": ""}
    )
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.django_db
def test_names_at_the_door_and_reasons_are_cleaned(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    done = organiser_client.post(
        reverse("drive:entries", args=[drive.pk]),
        {"name": "Late\x1b Comer\x9b", "checked_in": "on"},
    )
    assert done.status_code == 302
    assert Player.objects.filter(club=club, name="Late Comer").exists()
    entry = drive.entries.order_by("number").first()
    done = organiser_client.post(
        reverse("scoring:adjustments", args=[drive.pk]),
        {"entry": entry.pk, "points": "2", "reason": "Misdeal\x1b\ufffe table 3"},
    )
    assert done.status_code == 302
    assert Adjustment.objects.get(entry=entry).reason == "Misdeal table 3"
