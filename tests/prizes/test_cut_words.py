"""A tie settled by a cut of the cards: the question says what winning the cut
means, so the MC of a Polish club does not tick the person who should take the
booby prize (the winner of the cut is placed above the others)."""

from __future__ import annotations

import pytest

from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en-gb",
            "Whoever wins the cut is placed above the others: "
            "a booby prize goes to whoever loses it.",
        ),
        (
            "pl",
            "Kto wygra losowanie kartą, zajmuje wyższe miejsce niż pozostali: "
            "nagrodę pocieszenia dostaje ten, kto je przegra.",
        ),
        (
            "ru",
            "Выигравший жеребьёвку картой ставится выше остальных: "
            "утешительный приз получает тот, кто её проиграл.",
        ),
    ],
)
def test_the_cut_says_who_goes_above(club, organiser_client, language, words):
    set_order(club, "draw")
    drive, _ = finished_tie(club)
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert f'<p class="note">{words}</p>' in page
