"""The prize-giving as the MC runs it: a button of the MC's page pressed
(`press`), the prize on the projector and the MC's page (`on_show`), the
projector's count (`count`), the pages in a language (`speaking`), and the
giving stepped on to a prize (`step_to`)."""

from __future__ import annotations

from django.test import Client

from drive.models import Drive
from prizes import giving

HTMX = {"HX-Request": "true"}


def press(client: Client, drive: Drive, action: str) -> None:
    """Press a button of the MC's page, as the page sends it."""
    drive.refresh_from_db()
    answer = client.post(
        f"/drives/{drive.pk}/prize-giving/step/",
        {
            "action": action,
            "seen": "" if drive.prize_step is None else drive.prize_step,
        },
    )
    assert answer.status_code == 302, answer.content.decode()


def on_show(client: Client, drive: Drive) -> tuple[str, str]:
    """The title of the prize on the projector, and the MC's page."""
    projector = client.get(f"/drives/{drive.pk}/projector/", headers=HTMX)
    title = projector.content.decode().split('<h1 class="prize-title">')[1]
    page = client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    return title.split("</h1>")[0], page


def count(client: Client, drive: Drive) -> str:
    """The projector's "Prize N of M" (or its title slide's words)."""
    text = client.get(f"/drives/{drive.pk}/projector/", headers=HTMX).content.decode()
    return text.split('<p class="projector-now">')[1].split("</p>")[0].strip()


def speaking(client: Client, language: str) -> Client:
    client.cookies["django_language"] = language
    return client


def step_to(client: Client, drive: Drive, title: str) -> str:
    """Start the prize-giving and press Next prize until `title` is on the
    projector; the MC's page then."""
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert client.post(step, {"action": "start"}).status_code == 302
    order = giving.prize_giving(drive=drive).steps
    for seen, award in enumerate(order):
        assert client.post(step, {"action": "next", "seen": seen}).status_code == 302
        if award.spec.describe({}).startswith(title):
            break
    else:
        raise AssertionError(f"{title} is not given")
    return client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
