"""One mapping from a service's ValidationError to an HTTP status (players.http)."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError

from players.http import CONFLICT_CODES, error_status
from tests.sources import places, product_sources

STATUS_OF_CODE = {
    None: 400,
    "invalid": 400,
    "conflict": 409,
    "not_current": 409,
    "replayed": 409,
    "version_limit": 409,
}


@pytest.mark.parametrize(("code", "status"), list(STATUS_OF_CODE.items()))
def test_each_code_has_its_status(code, status):
    assert error_status(ValidationError("No.", code=code)) == status


def test_errors_of_several_fields_are_bad_input():
    error = ValidationError({"hands": "Too many.", "name": "Missing."})
    assert error_status(error) == 400


def test_every_code_a_service_raises_has_a_deliberate_status():
    raised = {
        code
        for path in product_sources((".py",))
        for code in re.findall(r"code=\"(\w+)\"", path.read_text())
    }
    assert raised
    assert raised <= set(STATUS_OF_CODE)
    assert {c for c, s in STATUS_OF_CODE.items() if s == 409} == CONFLICT_CODES


def test_no_other_module_maps_errors_to_statuses():
    # Reading an error's code is what mapping it looks like.
    found = places(r"getattr\(\w+,\s*[\"']code[\"']|\berror\.code\b", (".py",))
    assert {p.partition(":")[0] for p in found} == {"players/http.py"}
