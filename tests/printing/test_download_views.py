"""The organiser's PDF downloads: who may download, and clear 400s for bad
options."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import (
    MembershipFactory,
    drive_with_players,
)


def pdf_url(drive, kind: str) -> str:
    return reverse("printing:pdf", kwargs={"pk": drive.pk, "kind": kind})


@pytest.mark.django_db
def test_download_views(organiser_client, assistant_client, club):
    drive = drive_with_players(players=8, hands=2, club=club)
    for client in (organiser_client, assistant_client):
        response = client.get(pdf_url(drive, "scorecards") + "?paper=letter&per_page=4")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
        assert (
            "friday-drive-2026-11-27-scorecards.pdf" in response["Content-Disposition"]
        )
    form = organiser_client.get(
        reverse("printing:print", kwargs={"pk": drive.pk}),
        {"kind": "tablecards", "paper": "a4", "per_page": "", "count": "8"},
    )
    assert form.status_code == 200 and form.content.startswith(b"%PDF")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("per_page=3", "must be 1, 2 or 4"),
        ("paper=b5", "not a paper size"),
        ("count=lots", "whole number"),
    ],
)
def test_bad_download_options_are_400(organiser_client, club, query, message):
    drive = drive_with_players(players=4, club=club, start=False)
    response = organiser_client.get(pdf_url(drive, "blank-cards") + "?" + query)
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.django_db
def test_download_guards(organiser_client, club, client):
    drive = drive_with_players(players=4, club=club, start=False)
    assert organiser_client.get(pdf_url(drive, "filled-cards")).status_code == 409
    assert organiser_client.get(pdf_url(drive, "nonsense")).status_code == 400
    other = drive_with_players(players=4, start=False)
    assert organiser_client.get(pdf_url(other, "scorecards")).status_code == 404
    assert client.get(pdf_url(drive, "scorecards")).status_code == 302
    stranger = MembershipFactory().user
    client.force_login(stranger)
    assert client.get(pdf_url(drive, "scorecards")).status_code == 404
    detail = organiser_client.get(reverse("drive:detail", kwargs={"pk": drive.pk}))
    assert pdf_url(drive, "blank-cards") in detail.content.decode()
    assert pdf_url(drive, "filled-cards") not in detail.content.decode()
