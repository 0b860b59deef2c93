"""A table card's trump sequence keeps each trump's name whole on one line:
the large-print Polish card broke «Bez atu» after «Bez», so the line ended
«♣ Trefl, Bez» and the next began «atu»; Russian and English broke theirs
too."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.trumps import Trump
from scoring.card_rows import trump_text
from tests.factories import drive_with_players
from tests.printing.printed import needs_pdftotext, pages, pdf_text
from tests.printing.table_card_fits import HALL, name_groups, render_cards

pytestmark = [pytest.mark.django_db, needs_pdftotext]


@pytest.mark.parametrize("language", ["pl", "ro", "it", "ru", "en-gb"])
def test_each_trump_name_on_one_line(tmp_path, language):
    drive = drive_with_players(players=22, hands=12)
    name_groups(drive, language)
    printed = render_cards(drive, language, HALL, edition="large")
    first = pages(pdf_text(printed.data, tmp_path))[0]
    lines = [
        " ".join(line.replace("\u00a0", " ").split()) for line in first.splitlines()
    ]
    with translation.override(language):
        names = [trump_text(trump) for trump in Trump]
    for name in names:
        assert any(name in line for line in lines), (name, lines)
