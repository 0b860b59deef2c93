"""The roster's e-mail consent (import, form) and the EMAIL_URL setting."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import _email_url
from players import imports, roster_file
from players.forms import PlayerForm
from players.models import Player
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def test_import_reads_the_consent_column():
    club = ClubFactory()
    rows = roster_file.read_upload(
        "r.csv",
        (
            b"Name,Email,Consent\n"
            b"Ann,ann@x.org,Yes\nBob,bob@x.org,0\nCath,c@x.org,true\n"
            b"Dan,d@x.org,\nEve,e@x.org,1\nFay,f@x.org,FALSE\n"
        ),
    )
    imports.roster_import(club=club, rows=rows)
    consent = dict(
        Player.objects.filter(club=club).values_list("name", "email_consent")
    )
    assert consent == {
        "Ann": True,
        "Bob": False,
        "Cath": True,
        "Dan": False,
        "Eve": True,
        "Fay": False,
    }


def test_a_consent_that_is_not_yes_or_no_is_an_error():
    club = ClubFactory()
    rows = roster_file.read_upload("r.csv", b"Name,Consent\nAnn,maybe\n")
    [row] = imports.preview(club=club, rows=rows).rows
    assert row.is_error and "maybe" in row.reason


def test_the_player_form_has_the_consent():
    club = ClubFactory()
    form = PlayerForm(
        data={"name": "Ann", "email": "ann@x.org", "email_consent": "on", "group": ""},
        instance=Player(club=club),
        club=club,
    )
    assert "email_consent" in form.fields
    assert form.is_valid(), form.errors
    assert form.save().email_consent is True


@pytest.mark.parametrize(
    ("url", "host", "port", "user", "password", "tls", "ssl"),
    [
        ("smtp://mail.x.org", "mail.x.org", 25, "", "", False, False),
        (
            "smtp+tls://me%40x.org:p%2Fw@mail.x.org",
            "mail.x.org",
            587,
            "me@x.org",
            "p/w",
            True,
            False,
        ),
        ("smtp+ssl://u:p@mail.x.org:2465", "mail.x.org", 2465, "u", "p", False, True),
    ],
)
def test_email_url(url, host, port, user, password, tls, ssl):
    values = _email_url(url)
    # Django's SMTP backend, each try cut off at its deadline.
    assert values["EMAIL_BACKEND"] == "printing.mail_backend.EmailBackend"
    assert (
        values["EMAIL_HOST"],
        values["EMAIL_PORT"],
        values["EMAIL_HOST_USER"],
        values["EMAIL_HOST_PASSWORD"],
        values["EMAIL_USE_TLS"],
        values["EMAIL_USE_SSL"],
    ) == (host, port, user, password, tls, ssl)


@pytest.mark.parametrize("url", ["http://mail.x.org", "smtp://", "smtp://h:notaport"])
def test_a_bad_email_url_stops_the_site(url):
    with pytest.raises(ImproperlyConfigured):
        _email_url(url)
