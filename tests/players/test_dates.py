"""Dates as each language writes them (players.dates, issue 31): the month in the
genitive in Polish and Russian, weekdays and months in lower case but in
English, and the club's clock, on pages, cards, e-mails and the workbook."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core import mail
from django.core.management import call_command
from django.template import Context, Template
from django.utils import timezone, translation

from players import dates
from players.models import Club

THURSDAY = datetime.date(2026, 12, 3)
MAY = datetime.date(2026, 5, 7)
MORNING = datetime.datetime(2026, 12, 3, 7, 31, 5, tzinfo=datetime.UTC)


@pytest.mark.parametrize(
    ("language", "long", "full", "short", "weekday_date"),
    [
        (
            "en-gb",
            "Thursday 3 December 2026",
            "3 December 2026",
            "3 Dec 2026",
            "Thu 3 Dec 2026",
        ),
        (
            "pl",
            "czwartek, 3 grudnia 2026",
            "3 grudnia 2026",
            "3 gru 2026",
            "czw., 3 gru 2026",
        ),
        (
            "ru",
            "четверг, 3 декабря 2026 г.",
            "3 декабря 2026 г.",
            "3 дек. 2026",
            "чт, 3 дек. 2026",
        ),
        (
            "ro",
            "joi, 3 decembrie 2026",
            "3 decembrie 2026",
            "3 dec. 2026",
            "joi, 3 dec. 2026",
        ),
        (
            "it",
            "giovedì 3 dicembre 2026",
            "3 dicembre 2026",
            "3 dic 2026",
            "gio 3 dic 2026",
        ),
    ],
)
def test_each_language_writes_its_dates(language, long, full, short, weekday_date):
    with translation.override(language):
        assert dates.long_date(THURSDAY) == long
        assert dates.full_date(THURSDAY) == full
        assert dates.short_date(THURSDAY) == short
        assert dates.weekday_date(THURSDAY) == weekday_date
        rendered = Template(
            "{{ d|long_date|capfirst }}|{{ d|short_date }}|{{ d|full_date }}"
        ).render(Context({"d": THURSDAY}))
        assert rendered == f"{long[0].upper()}{long[1:]}|{short}|{full}"


@pytest.mark.parametrize(
    ("language", "full", "short"),
    [
        ("pl", "7 maja 2026", "7 maja 2026"),
        ("ru", "7 мая 2026 г.", "7 мая 2026"),
        ("ro", "7 mai 2026", "7 mai 2026"),
        ("it", "7 maggio 2026", "7 mag 2026"),
    ],
)
def test_may_in_each_language(language, full, short):
    with translation.override(language):
        assert (dates.full_date(MAY), dates.short_date(MAY)) == (full, short)


def test_times_are_the_active_time_zones():
    with translation.override("pl"), timezone.override("Europe/Warsaw"):
        assert dates.date_time(MORNING) == "3 gru 2026 08:31"
        assert dates.weekday_time(MORNING) == "czw., 3 gru 08:31:05"
        assert Template('{{ t|date_time:"seconds" }}').render(
            Context({"t": MORNING})
        ) == ("3 gru 2026 08:31:05")
    with timezone.override("Europe/London"):
        assert dates.date_time(MORNING) == "3 Dec 2026 07:31"


@pytest.mark.django_db
def test_a_polish_drives_page_and_card_write_the_genitive(organiser_client, club):
    from scoring.card_plan import long_date
    from tests.factories import DriveFactory

    Club.objects.filter(pk=club.pk).update(language="pl")
    drive = DriveFactory(club=club, date=THURSDAY)
    html = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert "Czwartek, 3 grudnia 2026" in html
    assert "Grudzień" not in html
    listing = organiser_client.get("/drives/").content.decode()
    assert "czw., 3 gru 2026" in listing
    with translation.override("it"):
        assert long_date(THURSDAY) == "Giovedì 3 dicembre 2026"


@pytest.mark.django_db
def test_a_romanian_drive_writes_a_comma_after_its_weekday(organiser_client, club):
    """Romanian writes "joi, 3 decembrie 2026" (DOOM, CLDR): the drive's page,
    its cards' header and the table cards said "Joi 3 decembrie 2026"."""
    from scoring.card_plan import long_date
    from tests.factories import DriveFactory

    Club.objects.filter(pk=club.pk).update(language="ro")
    drive = DriveFactory(club=club, date=THURSDAY)
    html = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert "Joi, 3 decembrie 2026" in html
    with translation.override("ro"):
        assert long_date(THURSDAY) == "Joi, 3 decembrie 2026"


def test_a_romanian_short_date_writes_a_comma_after_its_weekday_too():
    """The long date said "sâmbătă, 5 decembrie 2026" and the short one
    "sâm. 5 dec. 2026": now both have the comma Romanian puts after a weekday
    (CLDR's "EEE, d MMM y"), as Polish does ("sob., 5 gru 2026"); the
    others keep theirs without one."""
    saturday = datetime.date(2026, 12, 5)
    with translation.override("ro"), timezone.override("Europe/Bucharest"):
        assert dates.weekday_date(saturday) == "sâm., 5 dec. 2026"
        assert dates.weekday_time(MORNING) == "joi, 3 dec. 09:31:05"
        assert Template("{{ d|weekday_date }}").render(Context({"d": saturday})) == (
            "sâm., 5 dec. 2026"
        )
    for language, written in [
        ("en-gb", "Sat 5 Dec 2026"),
        ("pl", "sob., 5 gru 2026"),
        ("it", "sab 5 dic 2026"),
    ]:
        with translation.override(language):
            assert dates.weekday_date(saturday) == written


@pytest.mark.django_db
def test_the_romanian_drives_list_writes_the_comma(organiser_client, club):
    from tests.factories import DriveFactory

    Club.objects.filter(pk=club.pk).update(language="ro")
    DriveFactory(club=club, date=datetime.date(2026, 12, 5))
    listing = organiser_client.get("/drives/").content.decode()
    assert "sâm., 5 dec. 2026" in listing, listing


@pytest.mark.django_db
def test_a_russian_short_date_writes_the_long_dates_comma(organiser_client, club):
    """The long date said "суббота, 5 декабря 2026 г." and the drives list
    "сб 5 дек. 2026": the short one takes the comma after the weekday too, as
    CLDR writes it ("ccc, d MMM"); the short date keeps no "г.", with a
    weekday or without."""
    from tests.factories import DriveFactory

    saturday = datetime.date(2026, 12, 5)
    with translation.override("ru"), timezone.override("Europe/Moscow"):
        assert dates.weekday_date(saturday) == "сб, 5 дек. 2026"
        assert dates.weekday_time(MORNING) == "чт, 3 дек. 10:31:05"
    Club.objects.filter(pk=club.pk).update(language="ru")
    DriveFactory(club=club, date=saturday)
    listing = organiser_client.get("/drives/").content.decode()
    assert "сб, 5 дек. 2026" in listing, listing


@pytest.mark.django_db
def test_the_results_mails_subject_writes_the_genitive():
    from printing import result_mail
    from tests.factories import drive_with_players, play_drive

    drive = play_drive(drive_with_players(players=8, hands=2))
    drive.date = THURSDAY
    drive.save(update_fields=["date"])
    entry = drive.entries.select_related("player").get(number=1)
    entry.player.email, entry.player.email_consent = "p1@example.org", True
    entry.player.save()
    with translation.override("pl"):
        result_mail.results_send(drive=drive, by="tester", base_url="https://x.org/")
    [message] = mail.outbox
    assert message.subject.endswith("3 grudnia 2026")
    assert "Grudzień" not in message.subject and "03 " not in message.subject


@pytest.mark.django_db
def test_the_workbook_written_by_the_command_keeps_the_clubs_clock(tmp_path):
    from openpyxl import load_workbook

    from scoring.models import Adjustment
    from scoring.services import adjustment_add
    from tests.factories import drive_with_players, play_drive

    drive = play_drive(drive_with_players(players=8, hands=2))
    Club.objects.filter(pk=drive.club_id).update(time_zone="Europe/Warsaw")
    entry = drive.entries.get(number=1)
    adjustment_add(entry=entry, points=2, reason="late start", by=None)
    Adjustment.objects.filter(entry=entry).update(created_at=MORNING)
    output = tmp_path / "drive.xlsx"
    call_command(
        "export_drive", str(drive.pk), "--output", str(output), stdout=io.StringIO()
    )
    cells = [
        cell
        for sheet in load_workbook(output).worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if isinstance(cell, datetime.datetime)
    ]
    assert datetime.datetime(2026, 12, 3, 8, 31, 5) in cells


def test_the_workbooks_column_titles_keep_their_padded_day():
    with translation.override("pl"):
        assert dates.short_date(THURSDAY, padded=True) == "03 gru 2026"
    with translation.override("en-gb"):
        assert dates.short_date(THURSDAY, padded=True) == "03 Dec 2026"


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("grazie per aver giocato il 8 dicembre 2026.", "l'8 dicembre 2026."),
        ("nell'elenco giocatori dal 11 dic 2026", "dall'11 dic 2026"),
        ("Il 1 gennaio 2027 alle 21:00", "L'1 gennaio 2027"),
        ("stampato il 18 dic 2026", "il 18 dic 2026"),
        ("il 8 · pagina 1", "il 8 · pagina 1"),
    ],
)
def test_italian_elides_the_article_before_a_day_said_with_a_vowel(said, written):
    from players.dates import with_dates_elided

    with translation.override("it"):
        assert written in with_dates_elided(said)
    with translation.override("en"):
        assert with_dates_elided(said) == said


def test_italian_pages_elide_the_article_before_such_a_day():
    """The roster's namesakes ("nell'elenco giocatori dall'8 dic 2026") and a
    player's drives on the merge page ("l'ultimo l'11 dic 2026")."""
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    eighth = datetime.datetime(2026, 12, 8, 21, 0, tzinfo=datetime.UTC)
    player = SimpleNamespace(phone="", email="", created_at=eighth, name="Ann")
    played = SimpleNamespace(
        player=player, drives=2, last_drive=datetime.date(2026, 12, 11)
    )
    with translation.override("it"), timezone.override("UTC"):
        roster = render_to_string("players/_tells_apart.html", {"p": player})
        merge = render_to_string("league/_played.html", {"p": played, "brief": 1})
    assert "nell&#x27;elenco giocatori dall&#x27;8 dic 2026" in roster.replace(
        "'", "&#x27;"
    )
    assert "2 tornei, l&#x27;ultimo l&#x27;11 dic 2026" in merge.replace("'", "&#x27;")


def test_a_russian_sentence_ending_on_a_date_has_one_full_stop():
    """ "Четверг, 3 декабря 2026 г." closes the drive page's date line, not
    "2026 г.." (the year's own stop ends the sentence)."""
    with translation.override("ru"):
        rendered = Template(
            "{% filter dates_elided %}{{ d|long_date|capfirst }}.{% endfilter %}"
        ).render(Context({"d": THURSDAY}))
        assert rendered == "Четверг, 3 декабря 2026 г."
        assert dates.with_dates_elided("Турнир 3 декабря 2026 г.. Итоги") == (
            "Турнир 3 декабря 2026 г. Итоги"
        )
