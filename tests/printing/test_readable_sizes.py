"""Every sheet a drive prints as usual, read by older players in a hall:
nothing on it set under 8 pt, in Polish and Russian (long words), for a
drive of hands, a rubber drive and a prediction whist drive; and no string
wider than its room. (It was 7 pt for a card's "No.", "Name" and "Group",
a rubber card's "Games won–lost", a rubber slip's "Game N-S"; 6.1 pt on a
24-hand card two to a page.) Two or four table cards to a page, asked for,
keep 7 pt so that a quarter page holds every line of the movement."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import documents
from tests.factories import (
    drive_with_players,
    prediction_drive,
    rubber_drive,
)
from tests.predictions import play_deals
from tests.printing.printed import BASE
from tests.printing.test_large_print import sizes_of
from tests.printing.test_layout import (  # noqa: F401 (record: a fixture)
    overflow_faults,
    record,
)

pytestmark = pytest.mark.django_db

READABLE = 8.0
KINDS = ("scorecards", "blank-cards", "filled-cards", "slips", "tablecards")


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
            with translation.override(language):
                printed = documents.render(
                    drive=drive,
                    options=documents.parse_options(kind=kind, count=2),
                    base_url=BASE,
                )
            least = min(sizes_of(printed.data))
            if least < READABLE:
                small[f"{game} {kind}"] = round(least, 2)
    assert small == {}
    assert overflow_faults(record) == []
