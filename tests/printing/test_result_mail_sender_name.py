"""The results mail's preview shows the sender as a person reads it, for a
club whose name is not in ASCII: it showed the header's encoding, «Od
=?utf-8?b?S2x1YiBXaXN0YSDigJ5UcmVmbOKAnSB3IEtyYWtvd2ll?= <whist@localhost>»
for «Klub Wista „Trefl” w Krakowie». The message sent says the same name."""

from __future__ import annotations

import pytest
from django.core import mail

from players.models import Role
from printing import result_mail, result_message
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.printing.result_mails import finished, sender

pytestmark = pytest.mark.django_db

CLUBS = [
    ("pl", "Klub Wista „Trefl” w Krakowie", "Od"),
    ("ru", "Клуб любителей виста «Козырь»", "От"),
]


@pytest.mark.parametrize(("language", "name", "said"), CLUBS)
def test_the_preview_names_the_club_in_its_own_letters(
    settings, client, language, name, said
):
    settings.DEFAULT_FROM_EMAIL = "whist@localhost"
    club = ClubFactory(name=name, language=language)
    drive = finished(club)
    user = UserFactory()
    MembershipFactory(club=club, user=user, role=Role.ORGANISER)
    client.force_login(user)
    html = client.get(f"/drives/{drive.pk}/results/mail/").content.decode()
    assert f"<dt>{said}</dt><dd>{name} &lt;whist@localhost&gt;</dd>" in html
    assert "=?utf-8?" not in html
    result_mail.results_send(drive=drive, by="tester")
    assert sender(mail.outbox[0]) == (name, "whist@localhost")


def test_a_name_with_a_comma_is_quoted(settings):
    settings.DEFAULT_FROM_EMAIL = "whist@localhost"
    assert result_message.sender("Whist, Bridge & Co") == (
        '"Whist, Bridge & Co" <whist@localhost>'
    )
