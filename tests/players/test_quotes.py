"""A name holding quotes of its own, quoted in a Russian sentence: the inner
pair is written „…“ inside «…», not «…«…»»; in a Polish or Romanian one,
«…» inside „…”, not „…„…””."""

from __future__ import annotations

import pytest
from django.test import Client

from players.quotes import nest_quotes
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.fixtures import messages_of


@pytest.mark.parametrize(
    ("text", "put_right"),
    [
        (
            "Создано: «Клуб виста «Северная Пальмира»».",
            "Создано: «Клуб виста „Северная Пальмира“».",
        ),
        ("«a» and «b»", "«a» and «b»"),
        ("«x «y «z»» w»", "«x „y «z»“ w»"),
        ("no quotes", "no quotes"),
        ("«unmatched", "«unmatched"),
        ("Utworzono: „Klub «Trefl»”.", "Utworzono: „Klub «Trefl»”."),
        (
            "Pracujesz teraz w klubie „Klub Wista „Trefl” w Krakowie”.",
            "Pracujesz teraz w klubie „Klub Wista «Trefl» w Krakowie”.",
        ),
        (
            "Acum lucrați în clubul „Clubul „Ștefan cel Mare” din Iași”.",
            "Acum lucrați în clubul „Clubul «Ștefan cel Mare» din Iași”.",
        ),
        ("„a” i „b”", "„a” i „b”"),
        # A Russian inner pair inside «…» closes, and the pair after it is seen.
        ("«Клуб „A“ и «B»»", "«Клуб „A“ и „B“»"),
        ("„unmatched „a”", "„unmatched „a”"),
    ],
)
def test_nested_quotes_are_written_the_inner_way(text, put_right):
    assert nest_quotes(text) == put_right


def test_the_russian_welcome_quotes_a_quoted_club_name_right(db):
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").post(
        "/setup/",
        {
            "club_name": "Клуб виста «Северная Пальмира»",
            "username": "ola",
            "password": "a long pass phrase 42",
            "password_again": "a long pass phrase 42",
            "language": "ru",
        },
        follow=True,
    )
    assert messages_of(response)[0].startswith(
        "Добро пожаловать. Создано: «Клуб виста «Северная Пальмира»»."
    )  # the message itself, as the catalogue writes it
    html = response.content.decode()
    assert "Создано: «Клуб виста „Северная Пальмира“»." in html
    assert "«Северная Пальмира»»" not in html


def test_the_polish_switch_quotes_a_quoted_club_name_right(client, db):
    """The demo's own Polish club is Klub Wista „Trefl” w Krakowie: the
    message on changing club quotes it in „…”, and its inner pair is «…»."""
    user = UserFactory(username="ola")
    MembershipFactory(user=user, club=ClubFactory(name="Riverside", language="en-gb"))
    polish = ClubFactory(name="Klub Wista „Trefl” w Krakowie", language="pl")
    MembershipFactory(user=user, club=polish)
    client.force_login(user)
    response = client.post("/club/", {"club": polish.pk}, follow=True)
    html = response.content.decode()
    assert "Pracujesz teraz w klubie „Klub Wista «Trefl» w Krakowie”." in html
    assert "„Trefl” w Krakowie”" not in html
