"""The results sheet of a club whose groups and players have long names, as
real clubs do ("Кавалеры Васильевского острова", "Ксения Ёлкина-Голенищева-
Кутузова"): every cell's text inside its column, no name broken inside a
word and no group's name running into the figures beside it (the group's
column wraps between words, as the name's does)."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing.results_pdf import Sideways
from tests.factories import drive_with_players, play_drive
from tests.printing.printed import render
from tests.printing.sheet_faults import table_faults

pytestmark = pytest.mark.django_db

GROUPS = {
    "pl": ("Panie z Koła Gospodyń", "Panowie ze Straży Pożarnej"),
    "ru": ("Дамы Петроградской стороны", "Кавалеры Васильевского острова"),
    "ro": ("Doamnele din Ștefănești", "Domnii din Țânțăreni"),
    "it": ("Dame della Confraternita", "Cavalieri della Misericordia"),
}
NAMES = (
    "Ксения Ёлкина-Голенищева-Кутузова",
    "Александра Константиновна Преображенская",
    "Małgorzata Wiśniewska-Grzybowska",
    "Екатерина Христофоровна Верещагина-Щербатова",
    "Ștefănescu-Dumitrașcu Ecaterina",
    "Gianfranco Santacroce Bevilacqua",
    "Zbigniew Krzyżanowski-Gąsiorowski",
    "Святослав Ярославович Добровольский",
)


def sideways(cell: object) -> bool:
    if isinstance(cell, list | tuple):
        return any(isinstance(part, Sideways) for part in cell)
    return isinstance(cell, Sideways)


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", sorted(GROUPS))
def test_long_group_and_player_names_stay_inside_their_columns(
    club,
    record,  # noqa: F811
    language,
    edition,
):
    """Large print turns the page sideways where the columns at 16 pt do
    not fit across it upright (names were broken inside their words,
    "Верещ-агина", and the figures ran together, "+9 53")."""
    ladies, gents = GROUPS[language]
    drive = drive_with_players(
        players=8, club=club, hands=4, group_a_label=ladies, group_b_label=gents
    )
    for entry, name in zip(
        drive.entries.select_related("player").order_by("number"), NAMES, strict=True
    ):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    play_drive(drive)
    with translation.override(language):
        render(drive, "results", edition=edition)
    for table in record.tables:
        # A heading turned sideways is measured along its height.
        table._cellvalues = [
            ["" if sideways(cell) else cell for cell in row]
            for row in table._cellvalues
        ]
    assert table_faults(record) == []
