"""A drive of fixed pairs whose tie a count-back broke: the results page, the
printed results sheet, the workbook (Pairs and Results) and the results e-mail
mark the same pairs, and say the rule in the same words (the page's and the
sheet's key, the workbook's cells the rule inside it, the e-mail the page's
"find me" note). The individual drive's four are checked on one drive by
test_tie_marks_leaderboard, test_results_tie_marks, test_workbook_tie_break
and test_result_mail_ties."""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from printing import exports
from printing.loading import load_results_sheet
from scoring.drive_plan import load_plan
from tests.factories import drive_with_players, play_drive
from tests.printing.result_mails import send
from tests.prizes.fixtures import set_order
from tests.scoring.tie_marks import page

pytestmark = pytest.mark.django_db

KEY = "Ten sam wynik\u00a0– kolejność ustala: porównanie od ostatniego rozdania."
RULE = "porównanie od ostatniego rozdania"
NOTE = "rozstrzygnięte od końca"
# A pairs board's row on the page: its place (and mark), the pair's numbers.
ROW = re.compile(
    r'<tr[^>]*><td class="num">\d+(<span class="tie-mark">)?.*?</td>'
    r'<td class="num[^"]*"><span class="pair-no">([^<]+)</span>'
)


def test_the_page_sheet_workbook_and_e_mail_mark_the_same_pairs(club, organiser_client):
    set_order(club, "count_back", "hands_won")
    drive = drive_with_players(club=club, players=8, hands=2, format="partners")
    # Pairs 5 & 6 and 3 & 4 level on 2, 5 & 6 ahead on count-back.
    play_drive(drive, tricks=lambda deal: (9, 7, 5, 8, 6)[(deal.hand + deal.table) % 5])
    marked = {"5 i 6", "3 i 4"}

    text = page(organiser_client, f"/drives/{drive.pk}/results/", "pl")
    rows = ROW.findall(text)
    assert len(rows) == 4
    assert {pair for mark, pair in rows if mark} == marked
    assert f"</span> {KEY}</p>" in text

    with translation.override("pl"):
        sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
        output = io.BytesIO()
        exports.write_workbook(drive=drive, output=output)
    (section,) = sheet.sections
    assert {line.number for line in section.lines if line.placed} == marked
    assert sheet.tie_key == KEY

    workbook = load_workbook(io.BytesIO(output.getvalue()))
    head, *pairs = workbook["Pary"].iter_rows(values_only=True)
    assert {row[1]: row[-1] for row in pairs} == {
        "7 i 8": None,
        "5 i 6": RULE,
        "3 i 4": RULE,
        "1 i 2": None,
    }
    head, *players = workbook["Wyniki"].iter_rows(values_only=True)
    assert {row[1] for row in players if row[-1]} == {3, 4, 5, 6}
    assert all(row[-1] in (None, RULE) for row in players)

    sent = send(drive, "pl")
    told = {number for number, lines in sent.items() if lines[0].endswith(NOTE)}
    assert told == {3, 4, 5, 6}
