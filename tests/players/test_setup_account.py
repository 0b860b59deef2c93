"""The first visit's set-up page logs its visitor in as the club's organiser:
it makes a new account always, and never hands the visitor one the site has
already (a superuser made with createsuperuser before anyone opened the site),
though the service underneath (players.services.club_add, for manage.py
addclub) takes an existing account when given no password."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from players import services
from players.models import Club
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_first_club_is_never_given_an_existing_account():
    UserFactory(username="admin", is_superuser=True, is_staff=True)
    with pytest.raises(ValidationError) as refused:
        services.club_create_with_organiser(
            club_name="Trefl", username="admin", password=""
        )
    assert refused.value.message_dict == {
        "password": ["Give the new account a password."]
    }
    assert not Club.objects.exists()


def test_the_set_up_page_without_a_password_logs_nobody_in(client):
    UserFactory(username="admin", is_superuser=True, is_staff=True)
    answer = client.post(
        "/setup/",
        {"club_name": "Trefl", "username": "admin", "language": "pl"},
    )
    assert answer.status_code == 400
    assert "_auth_user_id" not in client.session
    assert not Club.objects.exists()
