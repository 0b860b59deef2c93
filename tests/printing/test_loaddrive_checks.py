"""loaddrive checks the whole file as a form checks what a person types: a damaged
or hand-made file is refused with what is wrong and where, and nothing is written;
keys that could be guessed are replaced, and the command says so."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from drive.models import Drive, Entry, Table
from players.models import AuditEvent, Player
from printing.transfer import dump_drive
from printing.transfer_checks import KEY_MIN_LENGTH, strong_key
from scoring.audit import audit_check
from scoring.models import Adjustment, HandResult
from tests.factories import eventful_drive
from tests.printing.fixtures import workbook_values

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organiser):
    drive, _ = eventful_drive(club, organiser)
    return drive


@pytest.fixture
def dumped(played) -> dict:
    return dump_drive(drive=played)


def written(data: dict, tmp_path: Path) -> Path:
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(data))
    return path


def load(path: Path) -> tuple[Drive, str]:
    out = io.StringIO()
    call_command("loaddrive", str(path), stdout=out)
    text = out.getvalue()
    return Drive.objects.get(pk=int(text.split("drive: ")[1])), text


def counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (Drive, Entry, Table, Player, HandResult, Adjustment, AuditEvent)
    }


def row(data: dict, label: str, index: int = 0) -> dict:
    return data["rows"][label][index]


def where(data: dict, label: str, index: int = 0) -> str:
    return f"{label}, row {index + 1} (pk {row(data, label, index)['pk']})"


def a_result_of(data: dict, hand: int) -> int:
    return next(
        i for i, r in enumerate(data["rows"]["scoring.handresult"]) if r["hand"] == hand
    )


# Each: what is changed in the file, and what the error says (after where it is).
Damage = Callable[[dict], tuple[str, str]]


def past_the_end(data: dict) -> tuple[str, str]:
    row(data, "drive.drive")["current_round"] = 7  # of a 6-round drive
    return where(data, "drive.drive"), "current_round 7 is not a round of this drive"


def not_a_multiple(data: dict) -> tuple[str, str]:
    row(data, "drive.drive")["hands_per_round"] = 4
    return where(data, "drive.drive"), "6 hands cannot be split into rounds of 4"


def unknown_trumps(data: dict) -> tuple[str, str]:
    row(data, "drive.drive")["trump_sequence"] = "H,D,Jokers"
    return where(data, "drive.drive"), "trump_sequence:"


def long_drive_name(data: dict) -> tuple[str, str]:
    row(data, "drive.drive")["name"] = "x" * 500
    return where(data, "drive.drive"), "at most 120 characters"


def same_groups(data: dict) -> tuple[str, str]:
    row(data, "drive.drive")["group_b_label"] = "ladies"
    return where(data, "drive.drive"), "the two groups need different names"


def long_player_name(data: dict) -> tuple[str, str]:
    data["players"][0]["name"] = "Ann " * 100
    pk = data["players"][0]["pk"]
    return f"players, row 1 (pk {pk})", "name: Ensure this value has at most 120"


def blank_player_name(data: dict) -> tuple[str, str]:
    data["players"][1]["name"] = "   "
    pk = data["players"][1]["pk"]
    return f"players, row 2 (pk {pk})", "a player needs a name"


def entry_number_zero(data: dict) -> tuple[str, str]:
    row(data, "drive.entry", 2)["number"] = 0
    return where(data, "drive.entry", 2), "number 0 is not 1 or more"


def unknown_group(data: dict) -> tuple[str, str]:
    row(data, "drive.entry", 1)["group"] = "C"
    return where(data, "drive.entry", 1), "group: Value 'C' is not a valid choice"


def one_player_twice(data: dict) -> tuple[str, str]:
    row(data, "drive.entry", 1)["player"] = row(data, "drive.entry", 0)["player"]
    return where(data, "drive.entry", 1), "has two entries"


def joined_after_the_end(data: dict) -> tuple[str, str]:
    row(data, "drive.entry", 1)["joined_round"] = 50
    return where(data, "drive.entry", 1), "joined_round 50 is outside 1 to 7"


def hand_500(data: dict) -> tuple[str, str]:
    index = a_result_of(data, 1)
    row(data, "scoring.handresult", index)["hand"] = 500
    return where(data, "scoring.handresult", index), "hand 500 is outside 1 to 6"


def hand_as_text(data: dict) -> tuple[str, str]:
    index = a_result_of(data, 1)
    row(data, "scoring.handresult", index)["hand"] = "1"
    return where(data, "scoring.handresult", index), "hand: '1' is not a whole number"


def fourteen_tricks(data: dict) -> tuple[str, str]:
    index = a_result_of(data, 2)
    row(data, "scoring.handresult", index)["ns_tricks"] = 14
    return where(data, "scoring.handresult", index), "ns_tricks 14 is outside 0 to 13"


def round_outside_the_plan(data: dict) -> tuple[str, str]:
    row(data, "drive.round", 0)["number"] = 9
    return where(data, "drive.round", 0), "number 9 is outside 1 to 6"


def a_round_played_is_missing(data: dict) -> tuple[str, str]:
    gone = data["rows"]["drive.round"].pop(1)
    seats = data["rows"]["drive.seatassignment"]
    seats[:] = [seat for seat in seats if seat["round"] != gone["pk"]]
    return "drive.round", "round 2 has been reached but is not in the file"


def seat_in_a_missing_round(data: dict) -> tuple[str, str]:
    row(data, "drive.seatassignment", 3)["round"] = 99999
    return where(data, "drive.seatassignment", 3), "round 99999 is not in the file"


def huge_adjustment(data: dict) -> tuple[str, str]:
    row(data, "scoring.adjustment")["points"] = 5000
    return where(data, "scoring.adjustment"), "points 5000: an adjustment is between"


def blank_reason(data: dict) -> tuple[str, str]:
    # Blank once cleaned (players.typed_text), as a form would see it.
    row(data, "scoring.adjustment")["reason"] = " \x1b "
    return where(data, "scoring.adjustment"), "reason: This field cannot be blank"


def unknown_tie_break(data: dict) -> tuple[str, str]:
    row(data, "scoring.driveprizerules")["tie_breaks"] = "coin_toss"
    return where(data, "scoring.driveprizerules"), "is not a tie-break rule"


def unknown_audit_kind(data: dict) -> tuple[str, str]:
    data["audit"][-1]["kind"] = "entry.vanish"
    return f"audit, event {len(data['audit'])}", "is not a kind of change"


def long_audit_who(data: dict) -> tuple[str, str]:
    data["audit"][0]["who"] = "w" * 151
    return "audit, event 1", "who is not a text of 1 to 150 characters"


def audit_tricks_out_of_range(data: dict) -> tuple[str, str]:
    index = next(
        i
        for i, e in enumerate(data["audit"])
        if e["kind"].startswith("result.") and e["new"]["status"] == "confirmed"
    )
    data["audit"][index]["new"]["ns_tricks"] = 99
    return f"audit, event {index + 1}", "ns_tricks: 99 is not a whole number from 0"


def audit_pay_method_a_list(data: dict) -> tuple[str, str]:
    index = next(
        i for i, e in enumerate(data["audit"]) if e["kind"].startswith("entry.")
    )
    data["audit"][index]["new"]["pay_method"] = ["cash", "card"]
    return f"audit, event {index + 1}", "pay_method: ['cash', 'card'] is not text"


def audit_amount_not_an_amount(data: dict) -> tuple[str, str]:
    index = next(
        i for i, e in enumerate(data["audit"]) if e["kind"].startswith("entry.")
    )
    data["audit"][index]["new"]["paid_amount"] = 2.5
    return f"audit, event {index + 1}", "paid_amount: 2.5 is not an amount"


def audit_group_unknown(data: dict) -> tuple[str, str]:
    index = next(
        i for i, e in enumerate(data["audit"]) if e["kind"].startswith("entry.")
    )
    data["audit"][index]["new"]["group"] = "Z"
    return f"audit, event {index + 1}", "group: Value 'Z' is not a valid choice"


def audit_predictions_in_a_drive_without(data: dict) -> tuple[str, str]:
    index = next(
        i for i, e in enumerate(data["audit"]) if e["kind"].startswith("result.")
    )
    data["audit"][index]["new"]["predictions"] = "99,0,0,0"
    return f"audit, event {index + 1}", "predictions belong to prediction whist"


def audit_huge_adjustment(data: dict) -> tuple[str, str]:
    index = next(
        i for i, e in enumerate(data["audit"]) if e["kind"] == "adjustment.add"
    )
    data["audit"][index]["new"]["points"] = 5000
    return f"audit, event {index + 1}", "points: 5000 is not a whole number from"


def audit_value_an_object(data: dict) -> tuple[str, str]:
    data["audit"][0]["new"]["colour"] = {"deep": ["nested"]}
    return "audit, event 1", "colour: {'deep': ['nested']} is not text, a number"


DAMAGES: list[Damage] = [
    past_the_end,
    not_a_multiple,
    unknown_trumps,
    long_drive_name,
    same_groups,
    long_player_name,
    blank_player_name,
    entry_number_zero,
    unknown_group,
    one_player_twice,
    joined_after_the_end,
    hand_500,
    hand_as_text,
    fourteen_tricks,
    round_outside_the_plan,
    a_round_played_is_missing,
    seat_in_a_missing_round,
    huge_adjustment,
    blank_reason,
    unknown_tie_break,
    unknown_audit_kind,
    long_audit_who,
    audit_tricks_out_of_range,
    audit_pay_method_a_list,
    audit_amount_not_an_amount,
    audit_group_unknown,
    audit_predictions_in_a_drive_without,
    audit_huge_adjustment,
    audit_value_an_object,
]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_a_damaged_file_says_what_and_where_and_loads_nothing(damage, dumped, tmp_path):
    data = copy.deepcopy(dumped)
    place, what = damage(data)
    before = counts()
    with pytest.raises(CommandError) as refused:
        load(written(data, tmp_path))
    message = str(refused.value)
    assert "nothing was written" in message
    assert f"{place}: " in message, message
    assert what in message.split(f"{place}: ", 1)[1].split("\n")[0], message
    assert counts() == before


def test_every_problem_is_listed_at_once(dumped, tmp_path):
    data = copy.deepcopy(dumped)
    places = [damage(data)[0] for damage in (past_the_end, long_player_name)]
    with pytest.raises(CommandError) as refused:
        load(written(data, tmp_path))
    assert all(place in str(refused.value) for place in places)


def test_weak_keys_get_new_ones_and_the_command_says_so(played, dumped, tmp_path):
    data = copy.deepcopy(dumped)
    tables = data["rows"]["drive.table"]
    kept = tables[2]["captain_key"]
    tables[0]["captain_key"] = "a"  # one character: guessed at the first try
    tables[1]["captain_key"] = "ab" * 11  # long enough, but two characters
    row(data, "drive.drive")["public_key"] = "1234"
    # Loaded on another site (this drive and its keys are not there).
    numbers = {t["pk"]: t["number"] for t in tables}
    Table.objects.filter(drive=played).delete()
    loaded, output = load(written(data, tmp_path))
    keys = dict(Table.objects.filter(drive=loaded).values_list("number", "captain_key"))
    for weak in (tables[0], tables[1]):
        number = numbers[weak["pk"]]
        assert strong_key(keys[number]) and len(keys[number]) >= KEY_MIN_LENGTH
        assert (
            f"Table {number}: the captain link in the file could be guessed, so it "
            "has a new one: print its table card again."
        ) in output
    assert keys[numbers[tables[2]["pk"]]] == kept  # a good key stays: cards still work
    assert f"Table {numbers[tables[2]['pk']]}:" not in output
    assert strong_key(loaded.public_key)
    assert "The shared leaderboard link in the file could be guessed" in output
    assert output.rstrip().endswith(f"drive: {loaded.pk}")


def test_a_good_file_still_loads_identically(played, dumped, tmp_path):
    data = copy.deepcopy(dumped)
    loaded, output = load(written(data, tmp_path))
    assert workbook_values(loaded) == workbook_values(played)
    assert audit_check(drive=loaded) == []
    assert "could be guessed" not in output
