"""The half-time standings: the adjustments' column is headed with the same
word, in full, as the note saying they count only at the end (an older
player read "Rett." beside "le rettifiche contano alla fine" and could not
tell they were one thing)."""

from __future__ import annotations

import re

import pytest

from prizes import selectors as prize_selectors
from tests.factories import drive_with_players, play_round
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "head", "short", "note"),
    [
        (
            "it",
            "Rettifiche",
            "Rett.",
            "le rettifiche dell'organizzatore contano solo nella classifica finale",
        ),
        ("pl", "Korekty", "Kor.", "korekty"),
        ("ru", "Поправки", "Попр.", "поправки"),
        ("ro", "Ajustări", "Ajust.", "ajustările"),
        (
            "en-gb",
            "Adjustments",
            "Adj.",
            # The column holds the sit-out compensation already: the note says
            # so, and that the organiser's own adjustments come at the end.
            "compensation (in the Adjustments column; the organiser's "
            "adjustments count at the end)",
        ),
    ],
)
def test_the_adjustments_column_and_the_note_say_one_word(
    club, organiser_client, language, head, short, note
):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, hands=4, club=club)
    play_round(drive, tricks=lambda deal: 9)
    play_round(drive, tricks=lambda deal: 7)
    assert prize_selectors.half_time_reached(drive=drive)
    html = as_read(
        organiser_client.get(f"/drives/{drive.pk}/half-time/").content.decode()
    )
    shown = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    heads = [h.replace("\N{SOFT HYPHEN}", "").strip() for h in shown]
    assert head in heads
    assert short not in heads
    notes = " ".join(re.findall(r'<p class="note">(.*?)</p>', html, re.S))
    assert note in notes
    assert head.lower()[:6] in note


def test_the_italian_column_head_may_break_where_a_landscape_phone_needs_it(
    club, organiser_client
):
    """At 740 px (a phone on its side) the overall board with its groups was
    37 px wider than the screen with "Rettifiche" whole, the total cut off: the
    head breaks as Italian hyphenates it ("Retti-fiche") only where it must."""
    club.language = "it"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, hands=4, club=club)
    play_round(drive, tricks=lambda deal: 9)
    play_round(drive, tricks=lambda deal: 7)
    html = organiser_client.get(f"/drives/{drive.pk}/half-time/").content.decode()
    assert ">Retti\N{SOFT HYPHEN}fiche</th>" in html
