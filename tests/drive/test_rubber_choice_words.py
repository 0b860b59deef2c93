"""Rubber whist's choice says its pairs move as in the partners format, named
as a sentence names that format (locale/GLOSSARY.md): Romanian "ca în
turneul pe perechi fixe", Italian "come nel torneo a coppie fisse". Romanian
said "ca în formula Pe perechi" (a formula is a spreadsheet's), Italian "come
nel torneo a coppie", the one place a format lost its "fisse". The form's
choice and the workbook's Drive sheet both read it."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive.movement.types import FORMATS, Format
from printing import exports
from tests.factories import rubber_drive

pytestmark = pytest.mark.django_db

WORDS = {
    "ro": (
        "Whist cu rober (perechile fixe joacă robere și se mută ca în turneul pe "
        "perechi fixe)"
    ),
    "it": (
        "Whist a rubber (le coppie fisse giocano rubber e si spostano come nel "
        "torneo a coppie fisse)"
    ),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_rubber_choice_names_the_partners_format_as_a_sentence_does(language):
    with translation.override(language):
        choice = str(FORMATS[Format.RUBBER].choice)
        partners = str(FORMATS[Format.PARTNERS].name)
    assert choice == WORDS[language]
    assert "formula" not in choice
    # The partners format's own words ("turneu pe perechi fixe", Romanian
    # with its article: "turneul").
    assert partners.split(" ", 1)[1] in choice


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_workbook_names_the_rubber_format_so(club, language):
    drive = rubber_drive(club=club)
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
        sheet_title = translation.pgettext("workbook sheet", "Drive")
    buffer.seek(0)
    rows = dict(
        load_workbook(buffer)[sheet_title].iter_rows(min_row=2, values_only=True)
    )
    assert WORDS[language] in rows.values()
