"""Large print on Letter paper: the page is narrower than A4 turned sideways
and shorter upright, and still no value of a sheet is cut short (a known
report: values cut on Letter slips). What was cut is seen by the recorder of
tests/printing/test_layout.py around printing.pdf._placed."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing.fitting import cut, fit, text_width
from printing.fonts import BOLD
from tests.printing.test_large_print import cut_faults
from tests.printing.test_layout import (  # noqa: F401 (record: a fixture)
    FORMATS,
    keep,
    record,
    render,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ("en-gb", "pl"))
@pytest.mark.parametrize(
    "kind", ("slips", "score-sheets", "filled-sheets", "scorecards", "tablecards")
)
def test_no_value_is_cut_on_a_large_print_letter_sheet(
    club,
    record,  # noqa: F811
    language,
    kind,
):
    drive = FORMATS["prediction"](club)
    with translation.override(language):
        printed = render(drive, kind, edition="large", paper="letter")
    keep(printed, f"letter-large-prediction-{language}-{kind}")
    assert cut_faults(record) == []


def test_a_value_measured_to_fit_its_room_is_not_cut_by_a_rounding():
    figure = text_width("13", BOLD, 16)
    # The room of a slip's tricks part, worked out from that measure through
    # the deal's share, comes back a hair narrower.
    room = (figure + 2) / 0.36 * 0.36 - 2 - 1e-9
    assert fit("13", BOLD, 16, room, 16) == ("13", 16)
    assert cut("13", BOLD, 16, room) == "13"
    # A string truly wider than its room is still cut.
    assert cut("1388", BOLD, 16, room).endswith("…")
