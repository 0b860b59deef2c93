from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import ClubFactory, MembershipFactory, UserFactory


@pytest.fixture
def club(db):
    return ClubFactory(name="Riverside Whist Club")


@pytest.fixture
def organiser(club):
    return MembershipFactory(
        club=club, user=UserFactory(username="olive"), role="organiser"
    ).user


@pytest.fixture
def assistant(club):
    return MembershipFactory(
        club=club, user=UserFactory(username="arthur"), role="assistant"
    ).user


@pytest.fixture
def organiser_client(organiser) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def assistant_client(assistant) -> Client:
    client = Client()
    client.force_login(assistant)
    return client
