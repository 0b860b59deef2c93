"""A page script's own requests at a secret link skip the user and message
middleware (config.middleware.is_script_request); a person's page keeps them."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.http import HttpResponse
from django.test import RequestFactory

from config.middleware import (
    AuthenticationMiddleware,
    MessageMiddleware,
    is_script_request,
)

factory = RequestFactory()


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        (factory.post("/t/abc/result/", HTTP_ACCEPT="application/json"), True),
        (factory.get("/t/abc/news/?seen=x"), True),
        (factory.get("/t/abc/", HTTP_HX_REQUEST="true"), True),
        (factory.get("/p/abc/", HTTP_HX_REQUEST="true"), True),
        # A person opening the page, or sending the form without JavaScript.
        (factory.get("/t/abc/"), False),
        (factory.post("/t/abc/result/"), False),
        (factory.get("/p/abc/"), False),
        # Anywhere else, whatever it asks for.
        (factory.get("/drives/1/leaderboard/", HTTP_HX_REQUEST="true"), False),
        (factory.post("/drives/1/scores/", HTTP_ACCEPT="application/json"), False),
    ],
)
def test_which_requests_are_a_scripts_own(request_, expected):
    assert is_script_request(request_) is expected


def test_a_scripts_request_goes_straight_on_and_a_persons_gets_user_and_messages(
    db,
):
    seen = {}

    def view(request):
        seen["user"] = hasattr(request, "user")
        seen["messages"] = hasattr(request, "_messages")
        return HttpResponse("ok")

    chain = AuthenticationMiddleware(MessageMiddleware(view))
    script = factory.post("/t/abc/result/", HTTP_ACCEPT="application/json")
    chain(script)
    assert seen == {"user": False, "messages": False}
    person = factory.post("/t/abc/result/")
    person.session = SessionStore()
    chain(person)
    assert seen == {"user": True, "messages": True}
