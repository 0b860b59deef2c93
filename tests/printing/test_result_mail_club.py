"""Results by e-mail on a county's site of many clubs: each message says in
the list of messages which club it is from."""

from __future__ import annotations

import pytest
from django.core import mail

from printing import result_mail
from tests.factories import ClubFactory
from tests.printing.result_mails import finished, sender

pytestmark = pytest.mark.django_db


def test_two_clubs_results_of_one_evening_come_from_their_clubs(settings):
    """The same players' addresses are sent two clubs' drives of one name and
    evening: the sender's name says which club each is from; the address is
    the site's."""
    settings.DEFAULT_FROM_EMAIL = "County Whist <whist@county.example.org>"
    for name in ("Trefl Łódź", "Piki"):
        drive = finished(ClubFactory(name=name))
        result_mail.results_send(drive=drive, by="tester")
    senders = sorted({sender(message) for message in mail.outbox})
    assert senders == [
        ("Piki", "whist@county.example.org"),
        ("Trefl Łódź", "whist@county.example.org"),
    ]
    assert len(mail.outbox) == 16


def test_a_bare_site_address_is_named_by_the_club_too(settings):
    settings.DEFAULT_FROM_EMAIL = "whist@localhost"
    result_mail.results_send(drive=finished(ClubFactory(name="Piki")), by="tester")
    assert sender(mail.outbox[0]) == ("Piki", "whist@localhost")


def test_the_page_shows_whom_the_messages_come_from(settings, client):
    """Before sending, the organiser sees the sender the players will see."""
    from players.models import Role
    from tests.factories import MembershipFactory, UserFactory

    settings.DEFAULT_FROM_EMAIL = "whist@county.example.org"
    club = ClubFactory(name="Piki", language="ru")
    drive = finished(club)
    user = UserFactory()
    MembershipFactory(club=club, user=user, role=Role.ORGANISER)
    client.force_login(user)
    html = client.get(f"/drives/{drive.pk}/results/mail/").content.decode()
    assert "<dt>От</dt><dd>Piki &lt;whist@county.example.org&gt;</dd>" in html
