"""A drive's honours and revokes move between sites with dumpdrive and loaddrive:
its four settings and every result's honours and revoke travel, a file written
before them still loads (with the defaults: no honours, three tricks
transferred), and a file with honours where there can be none is refused."""

from __future__ import annotations

import copy
import json

import pytest

from drive.models import Drive
from printing import transfer
from printing.transfer import dump_drive
from scoring.audit import audit_check
from scoring.models import HandResult, PhoneReceipt
from tests.factories import drive_with_players, eventful_drive
from tests.printing.fixtures import dump, load, play_marked, workbook_values
from tests.printing.transfer import a_result_of_hand, forget, refused

pytestmark = pytest.mark.django_db

SETTINGS = ("count_honours", "honours_values", "revoke_penalty", "revoke_tricks")
NEW_RESULT_FIELDS = ("honours", "revoke")


def settings(drive: Drive) -> dict[str, object]:
    return {name: getattr(drive, name) for name in SETTINGS}


def results(drive: Drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number", "hand", "version")
        .values_list(
            "table__number", "hand", "version", "ns_tricks", "honours", "revoke"
        )
    )


@pytest.fixture
def marked(club):
    drive = drive_with_players(
        players=10,
        hands=5,
        club=club,
        count_honours=True,
        honours_values="3-4",
        revoke_penalty="award",
        revoke_tricks=2,
    )
    return play_marked(drive)


def test_honours_revokes_and_their_settings_make_the_round_trip(marked, tmp_path):
    before = workbook_values(marked)
    kept_settings, kept_results = settings(marked), results(marked)
    assert {r[4] for r in kept_results} > {""} and {r[5] for r in kept_results} > {""}
    path = dump(marked, tmp_path)
    forget(marked)
    loaded = load(path)
    assert (
        settings(loaded)
        == kept_settings
        == {
            "count_honours": True,
            "honours_values": "3-4",
            "revoke_penalty": "award",
            "revoke_tricks": 2,
        }
    )
    assert results(loaded) == kept_results
    assert workbook_values(loaded) == before
    assert audit_check(drive=loaded) == []


def test_a_version_1_files_revoke_transfer_loads_as_tricks_passing(
    club, organiser, tmp_path
):
    # Issue #32: version 1's "transfer" was three tricks passing; "transfer"
    # now gives points, so a version 1 file's drive keeps the scores it had.
    drive, _ = eventful_drive(club, organiser)
    drive.revoke_penalty = "tricks"
    drive.save()
    data = dump_drive(drive=drive)
    assert data["version"] == transfer.VERSION
    data["version"] = 1
    data["rows"]["drive.drive"][0]["revoke_penalty"] = "transfer"
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(data))
    assert settings(load(path))["revoke_penalty"] == "tricks"
    # A version 2 file's "transfer" is the offenders giving points.
    data["version"] = 2
    path.write_text(json.dumps(data))
    assert settings(load(path))["revoke_penalty"] == "transfer"


def old_file(data: dict) -> dict:
    """`data` as a release before honours and revokes wrote it."""
    old = copy.deepcopy(data)
    old["version"] = 1
    for name in SETTINGS:
        del old["rows"]["drive.drive"][0][name]
    for label in ("scoring.handresult", "scoring.phonereceipt"):
        for row in old["rows"].get(label, []):
            for name in NEW_RESULT_FIELDS:
                del row[name]
    for event in old["audit"]:
        for values in (event.get("old"), event.get("new")):
            for name in NEW_RESULT_FIELDS:
                (values or {}).pop(name, None)
    return old


def test_a_file_from_before_honours_and_revokes_loads_with_the_defaults(
    club, organiser, tmp_path
):
    drive, _ = eventful_drive(club, organiser)
    # A drive of an older release could not count honours: its settings were
    # the defaults these fields now have.
    data = dump_drive(drive=drive)
    assert all("honours" in r for r in data["rows"]["scoring.handresult"])
    assert PhoneReceipt.objects.filter(table__drive=drive).exists()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old_file(data)))
    loaded = load(path)
    assert settings(loaded) == {
        "count_honours": False,
        "honours_values": "2-4",
        "revoke_penalty": "tricks",
        "revoke_tricks": 3,
    }
    assert {(r[4], r[5]) for r in results(loaded)} == {("", "")}
    assert workbook_values(loaded) == workbook_values(drive)
    assert audit_check(drive=loaded) == []


def test_honours_on_a_no_trumps_hand_are_refused(marked, tmp_path):
    data = dump_drive(drive=marked)
    assert marked.trumps[4].name == "NO_TRUMPS"  # hand 5
    row = a_result_of_hand(data, 5)
    row["honours"] = "NS3"
    message = refused(data, tmp_path)
    assert "scoring.handresult, row" in message and f"(pk {row['pk']})" in message
    assert "A No-trumps hand has no honours." in message


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("honours", "NS5", "honours: Value 'NS5' is not a valid choice"),
        ("revoke", "nobody", "revoke: Value 'nobody' is not a valid choice"),
    ],
)
def test_a_result_with_an_unknown_honours_or_revoke_is_refused(
    marked, tmp_path, field, value, said
):
    data = dump_drive(drive=marked)
    a_result_of_hand(data, 1)[field] = value
    assert said in refused(data, tmp_path)


def test_an_audit_event_with_unknown_honours_is_refused(marked, tmp_path):
    data = dump_drive(drive=marked)
    index, event = next(
        (i, e)
        for i, e in enumerate(data["audit"])
        if e["kind"].startswith("result.")
        and (e["new"] or {}).get("status") == "confirmed"
    )
    event["new"]["honours"] = "XX"
    message = refused(data, tmp_path)
    assert f"audit, event {index + 1}: honours: 'XX' is not one of the choices" in (
        message
    )


def test_honours_kept_after_the_drive_stopped_counting_them_still_load(
    marked, tmp_path
):
    # The organiser may stop counting honours after some were entered: they
    # stay with their results and do not score.
    marked.count_honours = False
    marked.save(update_fields=["count_honours"])
    before = workbook_values(marked)
    path = dump(marked, tmp_path)
    forget(marked)
    loaded = load(path)
    assert not loaded.count_honours
    assert {r[4] for r in results(loaded)} > {""}
    assert workbook_values(loaded) == before
