"""A name holding quotes of its own, quoted in a Russian sentence: the inner
pair is written „…“ inside «…», not «…«…»»; in a Polish or Romanian one,
«…» inside „…”, not „…„…””; in an Italian one “…” inside «…»
(«Circolo “Fiori” di Roma», not the Russian „…“); in an English one ‘…’
inside “…”."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from players.quotes import nest_quotes
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.fixtures import messages_of


@pytest.mark.parametrize(
    ("language", "text", "put_right"),
    [
        (
            "ru",
            "Создано: «Клуб виста «Северная Пальмира»».",
            "Создано: «Клуб виста „Северная Пальмира“».",
        ),
        ("ru", "«a» and «b»", "«a» and «b»"),
        ("ru", "«x «y «z»» w»", "«x „y «z»“ w»"),
        ("ru", "no quotes", "no quotes"),
        ("ru", "«unmatched", "«unmatched"),
        # A Russian inner pair inside «…» closes, and the pair after it is seen.
        ("ru", "«Клуб „A“ и «B»»", "«Клуб „A“ и „B“»"),
        # A Polish name's „…” is not a Russian pair: left as it is.
        ("ru", "«Klub „Trefl” w Krakowie»", "«Klub „Trefl” w Krakowie»"),
        ("pl", "Utworzono: „Klub «Trefl»”.", "Utworzono: „Klub «Trefl»”."),
        (
            "pl",
            "Pracujesz teraz w klubie „Klub Wista „Trefl” w Krakowie”.",
            "Pracujesz teraz w klubie „Klub Wista «Trefl» w Krakowie”.",
        ),
        ("pl", "„a” i „b”", "„a” i „b”"),
        ("pl", "„unmatched „a”", "„unmatched „a”"),
        ("pl", "„x „y „z”” w”", "„x «y „z”» w”"),
        (
            "ro",
            "Acum lucrați în clubul „Clubul „Ștefan cel Mare” din Iași”.",
            "Acum lucrați în clubul „Clubul «Ștefan cel Mare» din Iași”.",
        ),
        ("ro", "„Clubul «Ștefan»”", "„Clubul «Ștefan»”"),
        # Italian takes “…” inside «…», not the Russian „…“.
        (
            "it",
            "Ora lavori nel club «Circolo «Fiori» di Roma».",
            "Ora lavori nel club «Circolo “Fiori” di Roma».",
        ),
        ("it", "«Circolo “Fiori” di Roma»", "«Circolo “Fiori” di Roma»"),
        ("it", "«x «y «z»» w»", "«x “y «z»” w»"),
        ("it", "«a» e «b»", "«a» e «b»"),
        # English takes ‘…’ inside “…”; an apostrophe closes nothing.
        (
            "en-gb",
            "You are now working in “The “Ace” Club”.",
            "You are now working in “The ‘Ace’ Club”.",
        ),
        ("en-gb", "“Players’ “Ace” Club”", "“Players’ ‘Ace’ Club”"),
        ("en-gb", "“The ‘Ace’ Club”", "“The ‘Ace’ Club”"),
        ("en-gb", "«a «b»»", "«a «b»»"),
    ],
)
def test_nested_quotes_are_written_the_inner_way(language, text, put_right):
    assert nest_quotes(text, language) == put_right


def test_without_a_language_the_active_one_decides():
    with translation.override("it"):
        assert nest_quotes("«Circolo «Fiori»»") == "«Circolo “Fiori”»"
    with translation.override("ru"):
        assert nest_quotes("«Circolo «Fiori»»") == "«Circolo „Fiori“»"


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


def test_the_italian_switch_quotes_a_quoted_club_name_right(client, db):
    """Italian quotes the name in «…» and its inner pair is “…”: a club
    called Circolo «Fiori» di Roma read «Circolo „Fiori“ di Roma», the
    Russian way."""
    user = UserFactory(username="ola")
    MembershipFactory(user=user, club=ClubFactory(name="Riverside", language="en-gb"))
    italian = ClubFactory(name="Circolo «Fiori» di Roma", language="it")
    MembershipFactory(user=user, club=italian)
    client.force_login(user)
    response = client.post("/club/", {"club": italian.pk}, follow=True)
    html = response.content.decode()
    assert "Ora lavori nel club «Circolo “Fiori” di Roma»." in html
    assert "„Fiori“" not in html
