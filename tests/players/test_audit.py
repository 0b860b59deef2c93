"""The record of changes itself (players.audit): it takes plain values from the
apps above and knows none of their models."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

from players import audit
from players.models import AuditEvent, AuditKind
from tests.factories import ClubFactory


def test_changes_keep_what_changed_and_what_names_it():
    old = {"number": 3, "player": "Ann", "paid": False, "group": "A"}
    new = {"number": 3, "player": "Ann", "paid": True, "group": "A"}
    assert audit.changes(old, new, always=("number", "player")) == (
        {"number": 3, "player": "Ann", "paid": False},
        {"number": 3, "player": "Ann", "paid": True},
    )
    # A key only one side has counts as changed; order is each side's own.
    assert audit.changes({"a": 1}, {"b": 2, "a": 1}) == ({}, {"b": 2})


@pytest.mark.django_db
def test_a_record_is_written_from_plain_values_by_whom_it_was_given():
    club = ClubFactory()
    written = audit.record(
        club_id=club.pk,
        drive_id=None,
        kind=AuditKind.RESULTS_MAIL,
        subject="x" * 250,
        refs={"drive": 7},
        new={"sent": 2},
        by="table 1 captain link",
    )
    stored = AuditEvent.objects.get(pk=written.pk)
    assert (stored.who, stored.subject, stored.refs, stored.new) == (
        "table 1 captain link",
        "x" * 200,
        {"drive": 7},
        {"sent": 2},
    )
    with pytest.raises(ValueError, match="Unknown audit kind"):
        audit.event(club_id=club.pk, drive_id=None, kind="nonsense", subject="")


def test_the_record_reads_no_attribute_of_an_object_it_is_handed():
    # Each app gives its own values (drive.audit_values, scoring.audit): the
    # bottom layer names no field of theirs.
    source = (Path(settings.BASE_DIR) / "players" / "audit.py").read_text()
    read = {
        node.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
    }
    assert not read & {"entry", "player", "ns_tricks", "points", "number", "table"}
