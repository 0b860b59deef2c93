"""A consolation draw keeps its pool as entry numbers (ConsolationDraw.pool_numbers)
and each page writes it in its reader's language: a pair "3 & 4" in English,
"3 и 4" in Russian, "3 i 4" in Polish, whatever the language of whoever drew."""

from __future__ import annotations

import html as markup
import json
import re

import pytest
from django.conf import settings
from django.core.management.base import CommandError
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from prizes import services as prize_services
from prizes.models import ConsolationDraw
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.printing.fixtures import dump, load
from tests.printing.transfer import forget

pytestmark = pytest.mark.django_db

WORDS = {"en": " & ", "ru": " и ", "pl": " i "}


def pair_drive_drawn(club, organiser):
    """A partners drive of four pairs, finished, its consolation draw made by
    an organiser reading Polish: the pool is the three pairs without 1st."""
    drive = drive_with_players(players=8, club=club, format="partners", hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nConsolation draw"
    )
    with translation.override("pl"):
        draw = prize_services.consolation_draw(
            drive=drive, position=2, by=organiser, seed=7
        )
    return drive, draw


def how_drawn(html: str) -> str:
    """The words of how the draw was made (seed 7), on a results page."""
    at = html.index("random.Random(7)")
    paragraph = html[html.rindex("<p", 0, at) : html.index("</p>", at)]
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", paragraph)))


def draw_note(client, drive) -> str:
    """The note under a consolation draw not made yet, on the prizes page."""
    html = client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    section = html[html.index('<section class="consolation"') :]
    found = re.search(
        r'<p class="help">([^<]*)</p>\s*<button type="submit" class="primary">',
        section,
    )
    assert found, section[:1500]
    return markup.unescape(found.group(1))


@pytest.mark.parametrize(
    ("format", "language", "note"),
    [
        ("partners", "en", "The site draws one of the 3 pairs without a prize."),
        ("partners", "pl", "Witryna losuje jedną z 3 par bez nagrody."),
        ("rubber", "ru", "Сайт выбирает по жребию одну из 3 пар без приза."),
        ("progressive", "en", "The site draws one of the 7 entries without a prize."),
    ],
)
def test_the_draws_note_counts_pairs_in_a_drive_of_pairs(
    club, organiser_client, format, language, note
):
    """Four pairs, one with 1st: the draw is between the other three pairs
    (it said "3 entries", and a pair is two entries)."""
    drive = drive_with_players(players=8, club=club, format=format, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nConsolation draw"
    )
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    assert draw_note(organiser_client, drive) == note


def test_the_draw_keeps_numbers_not_words(club, organiser):
    drive, draw = pair_drive_drawn(club, organiser)
    pairs = {}
    for entry in drive.entries.all():
        pairs.setdefault(entry.pair, []).append(entry.number)
    # Three pairs, each by both its numbers, in number order.
    assert len(draw.pool_numbers) == 3
    assert all(sorted(p) in pairs.values() for p in draw.pool_numbers)
    assert draw.pool_numbers == sorted(draw.pool_numbers)
    assert draw.numbers == ""
    assert draw.member_keys == tuple(
        drive.entries.get(number=p[0]).pk for p in draw.pool_numbers
    )


def pool_pairs(drive, draw) -> list[tuple[int, int]]:
    """The draw's pool, each pair's numbers, from its members and the entries."""
    by_pair: dict[int, list[int]] = {}
    for entry in drive.entries.all():
        by_pair.setdefault(entry.pair, []).append(entry.number)
    firsts = [drive.entries.get(pk=key) for key in draw.member_keys]
    return [tuple(sorted(by_pair[entry.pair])) for entry in firsts]


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_the_results_page_writes_the_pool_in_its_readers_words(
    club, organiser, organiser_client, language
):
    drive, draw = pair_drive_drawn(club, organiser)
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    # "1 & 2, 3 & 4, 5 & 6"; "1 и 2, 3 и 4, 5 и 6"; "1 i 2, 3 i 4, 5 i 6".
    pool = ", ".join(WORDS[language].join(map(str, p)) for p in pool_pairs(drive, draw))
    assert f": {pool}." in how_drawn(html), how_drawn(html)


def test_each_pair_of_the_pool_stays_on_one_line(club, organiser, organiser_client):
    """The pool "1 & 2, 3 & 4": the page's line may end after a comma, never inside a
    pair ("3 &" at the end of one line and "4" on the next)."""
    drive, draw = pair_drive_drawn(club, organiser)
    html = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    at = html.index("random.Random(7)")
    words = markup.unescape(html[html.rindex("<p", 0, at) : at])
    pool = words.split("number order:", 1)[1].split(". The site", 1)[0].strip()
    assert pool.split(", ") == [
        f"{first}\N{NO-BREAK SPACE}&\N{NO-BREAK SPACE}{second}"
        for first, second in pool_pairs(drive, draw)
    ]


def test_the_public_results_page_writes_it_in_the_players_words(club, organiser):
    drive, draw = pair_drive_drawn(club, organiser)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    html = client.get(f"/p/{drive.public_key}/results/").content.decode()
    pool = ", ".join(" и ".join(map(str, p)) for p in pool_pairs(drive, draw))
    assert f": {pool}." in how_drawn(html), how_drawn(html)


def test_an_old_draw_whose_text_was_not_read_shows_as_written(club, organiser):
    drive, draw = pair_drive_drawn(club, organiser)
    ConsolationDraw.objects.filter(pk=draw.pk).update(
        pool_numbers=[], numbers="3 oraz 4, 5 oraz 6"
    )
    draw.refresh_from_db()
    with translation.override("ru"):
        assert draw.pool_text == "3 oraz 4, 5 oraz 6"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # As a release before pool_numbers wrote it, for a Polish organiser.
        ("1 i 2, 3 i 4, 5 i 6", [[1, 2], [3, 4], [5, 6]]),
        # Text that does not agree with the draw's members: kept as written.
        ("1 i 2, 5 i 6, 7 i 8", []),
    ],
)
@pytest.mark.parametrize("version", [3, 4])
def test_a_file_of_an_earlier_release_has_its_pool_read_back(
    club, organiser, tmp_path, text, read, version
):
    drive, draw = pair_drive_drawn(club, organiser)
    assert draw.pool_numbers == [[1, 2], [3, 4], [5, 6]]
    path = dump(drive, tmp_path)
    data = json.loads(path.read_text())
    (row,) = data["rows"]["prizes.consolationdraw"]
    del row["pool_numbers"]
    row["numbers"] = text
    data["version"] = version
    path.write_text(json.dumps(data))
    forget(drive)
    moved = ConsolationDraw.objects.get(drive=load(path))
    assert moved.pool_numbers == read
    with translation.override("ru"):
        shown = moved.pool_text
    assert shown == ("1\xa0и\xa02, 3\xa0и\xa04, 5\xa0и\xa06" if read else text)


def test_a_file_with_the_pool_as_numbers_is_refused_by_a_release_that_would_lose_it(
    club, organiser, tmp_path, monkeypatch
):
    """The drive file's version 4 has the pool as numbers (pool_numbers). A
    release that reads version 3 at most knows nothing of them: it would load
    the draw with its pool empty, so it refuses the file and says why."""
    drive, draw = pair_drive_drawn(club, organiser)
    path = dump(drive, tmp_path)
    data = json.loads(path.read_text())
    assert data["version"] == 4
    (row,) = data["rows"]["prizes.consolationdraw"]
    assert row["pool_numbers"] == [[1, 2], [3, 4], [5, 6]]
    forget(drive)
    # The release before this one: version 3 and before.
    monkeypatch.setattr("printing.transfer.VERSION", 3)
    monkeypatch.setattr("printing.transfer.READS", (1, 2, 3))
    with pytest.raises(
        CommandError,
        match=r"This file was written by a newer release of the site \(version 4 "
        r"of the drive format; this site reads version 3 and before\)\. Update "
        r"this site, then load the file again\.",
    ):
        load(path)
    assert not ConsolationDraw.objects.exists()
    # This release loads it, the pool whole.
    monkeypatch.undo()
    moved = ConsolationDraw.objects.get(drive=load(path))
    assert moved.pool_numbers == [[1, 2], [3, 4], [5, 6]]
    with translation.override("pl"):
        assert moved.pool_text == "1\xa0i\xa02, 3\xa0i\xa04, 5\xa0i\xa06"


@pytest.mark.parametrize(
    ("format", "language", "words"),
    [
        ("partners", "en", "from 3 pairs without a prize; seed 7"),
        ("partners", "pl", "spośród 3 par bez nagrody; ziarno 7"),
        ("rubber", "ru", "среди 3 пар без приза; зерно 7"),
        ("progressive", "en", "from 7 entries without a prize; seed 7"),
    ],
)
def test_the_note_after_the_draw_counts_pairs_in_a_drive_of_pairs(
    club, organiser, format, language, words
):
    """Once drawn, the award's note said "from 3 entries" in a drive of pairs,
    where the note before the draw said "3 pairs"."""
    from prizes import selectors as prize_selectors
    from prizes.prize_list import PrizeKind

    drive = drive_with_players(players=8, club=club, format=format, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nConsolation draw"
    )
    prize_services.consolation_draw(drive=drive, position=2, by=organiser, seed=7)
    with translation.override(language):
        awards = prize_selectors.drive_prizes(drive=drive).awards
    drawn = next(a for a in awards if a.spec.kind is PrizeKind.CONSOLATION)
    assert words in drawn.note, drawn.note
