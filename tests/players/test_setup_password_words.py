"""The first visit's set-up page says beside the password field why a
password is refused (too short, too common, all figures, like the user
name), in the page's language: Django's validators' own words, which
Django translates (pl, ru, ro, it)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from players.models import Club

pytestmark = pytest.mark.django_db


def field_errors(html: str, field: str) -> str:
    """The text of the page's field holding input `field`, with its errors."""
    start = html.index(f'id="id_{field}"')
    start = html.rindex('<div class="field', 0, start)
    end = html.index('<div class="field', start + 1)
    return re.sub(r"<[^>]+>|\s+", " ", html[start:end])


@pytest.mark.parametrize(
    ("language", "short", "common"),
    [
        (
            "pl",
            "To hasło jest za krótkie. Musi zawierać co najmniej 8 znaków.",
            "To hasło jest zbyt powszechne.",
        ),
        (
            "ru",
            "Введённый пароль слишком короткий. Он должен состоять из как минимум "
            "8 символов.",
            "Введённый пароль слишком широко распространён.",
        ),
        (
            "en-gb",
            "This password is too short. It must contain at least 8 characters.",
            "This password is too common.",
        ),
    ],
)
def test_a_refused_password_is_said_beside_its_field_in_the_pages_language(
    language, short, common
):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    answer = client.post(
        "/setup/",
        {
            "club_name": "Trefl",
            "username": "ola",
            "password": "abc1",
            "password_again": "abc1",
            "language": language,
        },
    )
    assert answer.status_code == 400
    said = " ".join(field_errors(answer.content.decode(), "password").split())
    assert short in said
    assert not Club.objects.exists()
    answer = client.post(
        "/setup/",
        {
            "club_name": "Trefl",
            "username": "ola",
            "password": "password123",
            "password_again": "password123",
            "language": language,
        },
    )
    said = " ".join(field_errors(answer.content.decode(), "password").split())
    assert common in said
    assert "_auth_user_id" not in client.session
