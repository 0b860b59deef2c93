"""Checking a drive file (printing.transfer) before loaddrive writes anything.

A file from dumpdrive may have been edited, damaged or made by hand, so
everything in it is checked as a person's input would be: the drive's settings
through the drive form, every value against its field (type, length, choice,
range), and the rules between rows that the pages keep: hands within 1..H,
tricks 0..13, rounds within the drive's plan, seats and results in rounds that
exist, one entry per player, and so on. Each problem says where in the file it
is (`drive.entry, row 3 (pk 41): group: ...`); nothing is written when there is
any (`check_dump` raises ValidationError listing them).

A *weak key* (a captain link or the shared leaderboard's key that is short,
repeated or not URL-safe: guessable) is not an error: the load gives it a new
key and says so (`strong_key`).

A file written before a setting or a column existed (the honours and revoke
settings of a drive, a result's honours and revoke) loads with the model's
default for it, as the load itself takes it: an old file is checked as it
loads. A result's honours are checked as the scoring rules check them
(scoring.rules.check_deal): none on a No-trumps hand. Honours kept in a drive
that no longer counts them are not an error: the organiser may have stopped
counting them after they were entered, and they do not score.

Money is checked as drive.money_services keeps it: no amount below
0, a method among the choices, nothing paid without cash or card, no refund
above the payment, a refunded entry not paid, an income or cost line that says
what it is (its note, as a field), one results e-mail sent per entry. Amounts are text in the file
(or whole numbers); a float could have lost a penny, so it is refused.
"""

from __future__ import annotations

import datetime
import string
from collections import Counter
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import clock as round_clock
from drive.forms import DriveForm
from drive.models import ClockState, Drive, DriveState
from drive.secret_links import new_key
from drive.setup import SETUP_FIELDS
from players.models import Club, Player, tidy_name
from printing.transfer_audit import check_audit, value_problem
from printing.transfer_problems import Problems, has_started, is_int, row_where
from printing.transfer_results import check_adjustments, check_results
from prizes.services import MAX_MYSTERY
from scoring.tiebreaks import TieBreakError, parse_order

# A key as the site makes them (drive.secret_links.new_key): 22 URL-safe
# characters, 128 bits. Fewer, or few different characters, can be guessed.
KEY_ALPHABET = frozenset(string.ascii_letters + string.digits + "-_")
KEY_MIN_LENGTH = len(new_key())
KEY_MIN_DIFFERENT = 10
KEY_MAX_LENGTH = 64
PLAYER_FIELDS = ("name", "email", "phone", "group", "active")


def strong_key(value: object) -> bool:
    """A key too long and too varied to guess, in the characters a link carries."""
    return (
        isinstance(value, str)
        and KEY_MIN_LENGTH <= len(value) <= KEY_MAX_LENGTH
        and set(value) <= KEY_ALPHABET
        and len(set(value)) >= KEY_MIN_DIFFERENT
    )


# --- the shape of the file ----------------------------------------------------------


def _check_shape(
    data: dict[str, Any], known: Iterable[str], problems: Problems
) -> None:
    """Lists where lists belong, rows as objects, each with its own whole-number pk."""
    if not isinstance(data.get("rows"), dict):
        problems.add("rows", _("missing, or not a set of tables"))
        return
    sections = [(label, data["rows"].get(label, [])) for label in known]
    sections += [("players", data.get("players", [])), ("audit", data.get("audit", []))]
    for label, rows in sections:
        if not isinstance(rows, list):
            problems.add(label, _("not a list of rows"))
            continue
        seen: set[int] = set()
        for index, row in enumerate(rows):
            where = row_where(label, index, row)
            if not isinstance(row, dict):
                problems.add(where, _("not an object"))
            elif label == "audit":
                continue
            elif not is_int(row.get("pk")):
                problems.add(where, _("pk is not a whole number"))
            elif row["pk"] in seen:
                problems.add(where, _("pk %(pk)s is used twice") % {"pk": row["pk"]})
            else:
                seen.add(row["pk"])


# --- every value against its field --------------------------------------------------


def _check_values(
    label: str, model: type[models.Model], rows: list[dict], problems: Problems
) -> None:
    """Each value as its field would take it from a form: type, length, choice, range."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    for index, row in enumerate(rows):
        where = row_where(label, index, row)
        values: dict[str, Any] = {}
        checked: list[str] = []
        for field in fields:
            if field.is_relation:
                continue
            if field.name not in row:
                automatic = getattr(field, "auto_now", False) or getattr(
                    field, "auto_now_add", False
                )
                if not (field.has_default() or field.null or automatic):
                    problems.add(
                        where, _("%(field)s is missing") % {"field": field.name}
                    )
                continue
            value = row[field.name]
            wrong = value_problem(field, value)
            if wrong:
                problems.add(where, f"{field.name}: {wrong}")
                continue
            if value is None or isinstance(field, models.JSONField):
                continue
            try:
                values[field.attname] = field.to_python(value)
            except ValidationError as error:
                problems.add(where, f"{field.name}: {' '.join(error.messages)}")
                continue
            checked.append(field.name)
        instance = model(**values)
        try:
            instance.clean_fields(
                exclude=[f.name for f in fields if f.name not in checked]
            )
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                problems.add(where, f"{name}: {' '.join(messages)}")


def _check_links(
    label: str,
    model: type[models.Model],
    rows: list[dict],
    pks: dict[str, set[int]],
    problems: Problems,
) -> None:
    """A link to another row of the drive names one that is in the file."""
    User = get_user_model()
    for field in model._meta.concrete_fields:
        if not field.is_relation:
            continue
        target = field.related_model
        for index, row in enumerate(rows):
            value = row.get(field.name)
            if target is Club:
                continue
            if target is User:
                if value is not None and not isinstance(value, str):
                    problems.add(
                        row_where(label, index, row),
                        _("%(field)s is not a user name") % {"field": field.name},
                    )
                continue
            carried = "players" if target is Player else target._meta.label_lower
            if value is None:
                if not field.null:
                    problems.add(
                        row_where(label, index, row),
                        _("%(field)s is missing") % {"field": field.name},
                    )
            elif not is_int(value):
                problems.add(
                    row_where(label, index, row),
                    _("%(field)s is not a whole number") % {"field": field.name},
                )
            elif carried in pks and value not in pks[carried]:
                problems.add(
                    row_where(label, index, row),
                    _("%(field)s %(value)s is not in the file")
                    % {"field": field.name, "value": value},
                )


# --- the drive ----------------------------------------------------------------------


def _check_clock(
    where: str, row: dict[str, Any], drive: Drive, problems: Problems
) -> None:
    """A running round clock has its end, a paused one its seconds left (the
    drive's constraint drive_clock_state_valid), and neither more time than
    the room's buttons could give a round (drive.clock.most_seconds) from now:
    the file was written before it is loaded."""
    state = row.get("clock_state", ClockState.OFF)
    needs = {ClockState.RUNNING: "clock_ends_at", ClockState.PAUSED: "clock_left"}
    if state in needs and row.get(needs[state]) is None:
        problems.add(
            where,
            _("clock_state is %(state)s, but %(field)s is empty")
            % {"state": state, "field": needs[state]},
        )
        return
    most = round_clock.most_seconds(drive.round_seconds)
    left = row.get("clock_left")
    if state == ClockState.PAUSED and is_int(left) and left > most:
        problems.add(
            where,
            _("clock_left %(left)s is more than a round may have (%(most)s seconds)")
            % {"left": left, "most": most},
        )
    ends_at = row.get("clock_ends_at")
    if state == ClockState.RUNNING and isinstance(ends_at, str):
        try:
            end = datetime.datetime.fromisoformat(ends_at)
        except ValueError:
            return  # said by the field's check
        if end.tzinfo is None:  # read as the database would: UTC
            end = end.replace(tzinfo=datetime.timezone.utc)
        latest = timezone.now() + datetime.timedelta(seconds=most)
        if end > latest:
            problems.add(
                where,
                _(
                    "clock_ends_at %(end)s is further off than a round may have "
                    "(%(most)s seconds from now)"
                )
                % {"end": ends_at, "most": most},
            )


def _check_drive(row: dict[str, Any], problems: Problems) -> Drive | None:
    """The settings as the drive form takes them, then its state and round."""
    where = row_where("drive.drive", 0, row)
    form = DriveForm(
        data={name: _setting(row, name) for name in SETUP_FIELDS}, every_setting=True
    )
    if not form.is_valid():
        for name, messages in form.errors.items():
            problems.add(where, f"{name}: {' '.join(messages)}")
        return None
    drive = form.save(commit=False)
    if drive.group_a_label.casefold() == drive.group_b_label.casefold():
        problems.add(where, _("group_b_label: the two groups need different names"))
    _check_clock(where, row, drive, problems)
    # As the load would take them: a value left out is the model's default.
    state = row.get("state", DriveState.DRAFT)
    current = row.get("current_round", 0)
    if state not in DriveState.values or not is_int(current):
        problems.add(where, _("the state and current_round cannot be read"))
        return None
    if state in (DriveState.DRAFT, DriveState.OPEN) and current != 0:
        problems.add(
            where,
            _("current_round is %(round)s, but a drive not started is at round 0")
            % {"round": current},
        )
    elif state in (DriveState.IN_PLAY, DriveState.FINISHED) and not (
        1 <= current <= drive.rounds
    ):
        problems.add(
            where,
            _("current_round %(round)s is not a round of this drive (1 to %(rounds)s)")
            % {"round": current, "rounds": drive.rounds},
        )
    drive.state, drive.current_round = state, current
    return drive


def _setting(row: dict[str, Any], name: str) -> Any:
    """A setting as the file has it; one the file leaves out (written before the
    setting existed) is the model's default, as the load takes it."""
    if name in row:
        return row[name]
    return Drive._meta.get_field(name).get_default()


# --- entries, tables, rounds and seats ------------------------------------------------


def _check_players(players: list[dict], problems: Problems) -> None:
    """Players as the roster takes them (players.models.Player, its name tidied)."""
    for index, row in enumerate(players):
        where = row_where("players", index, row)
        missing = [name for name in PLAYER_FIELDS if name not in row]
        if missing:
            problems.add(
                where, _("missing %(fields)s") % {"fields": ", ".join(missing)}
            )
            continue
        if not isinstance(row["name"], str) or not tidy_name(row["name"]):
            problems.add(where, _("name: a player needs a name"))
            continue
        wrong = [
            f"{name}: {problem}"
            for name in PLAYER_FIELDS
            if (problem := value_problem(Player._meta.get_field(name), row[name]))
        ]
        if wrong:
            for problem in wrong:
                problems.add(where, problem)
            continue
        player = Player(**{name: row[name] for name in PLAYER_FIELDS})
        player.name = tidy_name(player.name)
        try:
            player.full_clean(
                exclude=["club"], validate_unique=False, validate_constraints=False
            )
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                problems.add(where, f"{name}: {' '.join(messages)}")


def _numbered(
    label: str, rows: list[dict], problems: Problems, *, limit: int | None = None
) -> None:
    """Numbers from 1 (up to `limit`), each once."""
    seen: set[int] = set()
    for index, row in enumerate(rows):
        number = row.get("number")
        if not is_int(number):
            continue
        where = row_where(label, index, row)
        if limit is not None and not 1 <= number <= limit:
            problems.add(
                where,
                _("number %(number)s is outside 1 to %(limit)s")
                % {"number": number, "limit": limit},
            )
        elif number < 1:
            problems.add(
                where, _("number %(number)s is not 1 or more") % {"number": number}
            )
        elif number in seen:
            problems.add(
                where, _("number %(number)s is used twice") % {"number": number}
            )
        seen.add(number)


def _check_entries(drive: Drive, rows: list[dict], problems: Problems) -> None:
    _numbered("drive.entry", rows, problems)
    players: Counter = Counter(row.get("player") for row in rows)
    pairs: Counter = Counter(
        (row.get("pair"), row.get("group")) for row in rows if row.get("pair")
    )
    # A late arrival joins at the next round; a leaver goes from the next round.
    last = drive.current_round + 1
    for index, row in enumerate(rows):
        where = row_where("drive.entry", index, row)
        if players[row.get("player")] > 1:
            problems.add(
                where,
                _("player %(player)s has two entries") % {"player": row.get("player")},
            )
        pair, joined, left = (
            row.get("pair"),
            row.get("joined_round"),
            row.get("withdrawn_from_round"),
        )
        if is_int(pair) and (pair < 1 or pairs[(pair, row.get("group"))] > 1):
            problems.add(where, _("pair %(pair)s is not a pair") % {"pair": pair})
        if joined is not None and is_int(joined):
            if not has_started(drive):
                problems.add(where, _("joined_round is set, but play has not started"))
            elif not 1 <= joined <= last:
                problems.add(
                    where,
                    _("joined_round %(round)s is outside 1 to %(last)s")
                    % {"round": joined, "last": last},
                )
        if is_int(left) and not (is_int(joined) and joined < left <= last):
            problems.add(
                where,
                _(
                    "withdrawn_from_round %(round)s does not come after "
                    "the round they joined, up to %(last)s"
                )
                % {"round": left, "last": last},
            )


def _check_tables(rows: list[dict], problems: Problems) -> None:
    _numbered("drive.table", rows, problems)


def _check_rounds(drive: Drive, rows: list[dict], problems: Problems) -> None:
    if rows and not has_started(drive):
        problems.add("drive.round", _("the drive has not started, so it has no rounds"))
        return
    # A fixed format holds its whole plan; the others seat one round at a time.
    limit = drive.rounds if drive.is_fixed else drive.current_round
    _numbered("drive.round", rows, problems, limit=limit)
    present = {row.get("number") for row in rows}
    missing = [n for n in range(1, drive.current_round + 1) if n not in present]
    if missing:
        problems.add(
            "drive.round",
            _("round %(round)s has been reached but is not in the file")
            % {"round": missing[0]},
        )


def _check_seats(
    rows: list[dict], entries: dict[int, dict], problems: Problems
) -> None:
    per_round: set[tuple] = set()
    places: set[tuple] = set()
    for index, row in enumerate(rows):
        where = row_where("drive.seatassignment", index, row)
        table, position = row.get("table"), row.get("position")
        round_pk, entry_pk = row.get("round"), row.get("entry")
        if (table is None) != (position in ("", None)):
            problems.add(
                where,
                _("a seat needs both a table and a place, or neither (a sit-out)"),
            )
        if (round_pk, entry_pk) in per_round:
            problems.add(where, _("the entry has two seats in one round"))
        per_round.add((round_pk, entry_pk))
        if table is not None:
            if (round_pk, table, position) in places:
                problems.add(where, _("two entries in one place at one table"))
            places.add((round_pk, table, position))
        entry = entries.get(entry_pk)
        if entry is not None and entry.get("joined_round") is None:
            problems.add(where, _("the entry has a seat but never joined the drive"))


# --- prizes -------------------------------------------------------------------------


def _check_prizes(
    rows: dict[str, list[dict]], entry_pks: set[int], problems: Problems
) -> None:
    prizes = rows.get("scoring.driveprize", [])
    positions = [row.get("position") for row in prizes]
    for index, row in enumerate(prizes):
        where = row_where("scoring.driveprize", index, row)
        position, place = row.get("position"), row.get("place")
        if is_int(position) and (position < 1 or positions.count(position) > 1):
            problems.add(
                where,
                _("position %(position)s is not a place on the list")
                % {"position": position},
            )
        if is_int(place) and place < 1:
            problems.add(
                where, _("place %(place)s is not 1 or more") % {"place": place}
            )
        if row.get("group") not in ("", "A", "B", None):
            problems.add(where, _("group is not A, B or empty"))
        if row.get("kind") == "custom" and not row.get("name"):
            problems.add(where, _("a custom prize needs a name"))
    for label in ("scoring.driveprizerules", "scoring.mysteryscore"):
        if len(rows.get(label, [])) > 1:
            problems.add(label, _("a drive has one of these at most"))
    for index, row in enumerate(rows.get("scoring.driveprizerules", [])):
        try:
            parse_order(str(row.get("tie_breaks", "")))
        except TieBreakError as error:
            problems.add(row_where("scoring.driveprizerules", index, row), str(error))
    for index, row in enumerate(rows.get("scoring.mysteryscore", [])):
        value = row.get("value")
        if is_int(value) and not 0 <= value <= MAX_MYSTERY:
            problems.add(
                row_where("scoring.mysteryscore", index, row),
                _("value %(value)s is outside 0 to %(max)s")
                % {"value": value, "max": MAX_MYSTERY},
            )
    for index, row in enumerate(rows.get("scoring.tiedraw", [])):
        where = row_where("scoring.tiedraw", index, row)
        members = row.get("members")
        try:
            keys = {int(k) for k in str(members).split(",") if k.strip()}
        except ValueError:
            problems.add(where, _("members is not a list of entries"))
            continue
        if len(keys) < 2 or not keys <= entry_pks:
            problems.add(where, _("members are not two or more entries of the file"))
        elif row.get("winner_entry") not in keys:
            problems.add(where, _("the winner of the cut did not cut"))
        if row.get("drive") is None:
            problems.add(where, _("a draw of the season does not travel with a drive"))


# --- money ---------------------------------------------------------------------------

ZERO = Decimal("0")
PAYING_METHODS = ("cash", "card")


def _amount(row: Mapping[str, Any], name: str) -> Decimal:
    """An amount as the load takes it (checked as a value already); 0 when left out."""
    value = row.get(name)
    return ZERO if value in (None, "") else Decimal(str(value))


def _not_negative(
    where: str, row: Mapping[str, Any], names: Iterable[str], problems: Problems
) -> None:
    for name in names:
        amount = _amount(row, name)
        if amount < 0:
            problems.add(
                where,
                _("%(field)s %(amount)s is less than 0")
                % {"field": name, "amount": amount},
            )


def _check_money(rows: Mapping[str, list[dict]], problems: Problems) -> None:
    """The fee, each entry's payment and refund, the income and cost lines and
    the results e-mails, by the rules drive.money_services keeps."""
    for index, row in enumerate(rows.get("drive.drive", [])):
        _not_negative(
            row_where("drive.drive", index, row), row, ["entry_fee"], problems
        )
    for index, row in enumerate(rows.get("drive.entry", [])):
        where = row_where("drive.entry", index, row)
        _not_negative(where, row, ["paid_amount", "refunded_amount"], problems)
        paid, refunded = _amount(row, "paid_amount"), _amount(row, "refunded_amount")
        method = row.get("pay_method", "")
        if refunded > paid:
            problems.add(
                where,
                _("refunded_amount %(refunded)s is more than was paid (%(paid)s)")
                % {"refunded": refunded, "paid": paid},
            )
        if paid > 0 and method not in PAYING_METHODS:
            problems.add(
                where,
                _("paid_amount %(paid)s has no way of paying (cash or card)")
                % {"paid": paid},
            )
        if refunded > 0 and row.get("paid"):
            problems.add(where, _("a refunded entry has not paid (paid is true)"))
        elif method and refunded == 0 and not row.get("paid", False):
            problems.add(
                where,
                _("pay_method %(method)s is recorded, but the entry has not paid")
                % {"method": method},
            )
    for index, row in enumerate(rows.get("drive.moneyline", [])):
        where = row_where("drive.moneyline", index, row)
        _not_negative(where, row, ["amount"], problems)
    sent: set[tuple] = set()
    for index, row in enumerate(rows.get("printing.resultmail", [])):
        # One `sent` or `sending` (a claim) per entry, as the database holds.
        if row.get("status") not in ("sent", "sending"):
            continue
        key = (row.get("drive"), row.get("entry"))
        if key in sent:
            problems.add(
                row_where("printing.resultmail", index, row),
                _("the results were sent to entry %(entry)s twice")
                % {"entry": row.get("entry")},
            )
        sent.add(key)


# --- all of it ----------------------------------------------------------------------


def check_dump(
    data: dict[str, Any], *, carried: Mapping[str, type[models.Model]]
) -> None:
    """Raise ValidationError listing the problems found (where and what), if any.

    In three steps, each listing all it finds: the file's shape; every value
    and link (the drive's settings, players, rows, the record of changes); then
    the rules between rows, which need the first two to hold.
    `carried`: the models whose rows a file holds, by label (transfer.owned_models).
    """
    problems = Problems()
    _check_shape(data, carried, problems)
    problems.raise_if_any()
    rows: dict[str, list[dict]] = data["rows"]
    drives = rows.get("drive.drive", [])
    if len(drives) != 1:
        problems.add(
            "drive.drive",
            ngettext(
                "the file holds %(count)s drive, not one",
                "the file holds %(count)s drives, not one",
                len(drives),
            )
            % {"count": len(drives)},
        )
        problems.raise_if_any()
    for label, model in carried.items():
        _check_values(label, model, rows.get(label, []), problems)
    drive = _check_drive(drives[0], problems)
    pks = {label: {row["pk"] for row in rows.get(label, [])} for label in carried}
    pks["players"] = {row["pk"] for row in data.get("players", [])}
    for label, model in carried.items():
        _check_links(label, model, rows.get(label, []), pks, problems)
    _check_players(data.get("players", []), problems)
    check_audit(data.get("audit", []), drive, problems)
    problems.raise_if_any()
    if drive is None:  # never: each way to None adds a problem
        raise ValidationError(_("The drive in this file cannot be read."))
    entries = {row["pk"]: row for row in rows.get("drive.entry", [])}
    rounds = {row["pk"]: row["number"] for row in rows.get("drive.round", [])}
    _check_entries(drive, rows.get("drive.entry", []), problems)
    _check_tables(rows.get("drive.table", []), problems)
    _check_rounds(drive, rows.get("drive.round", []), problems)
    seats = rows.get("drive.seatassignment", [])
    _check_seats(seats, entries, problems)
    seated = {
        (row["table"], rounds[row["round"]])
        for row in seats
        if row.get("table") is not None
    }
    table_numbers = {row["pk"]: row["number"] for row in rows.get("drive.table", [])}
    players_at = Counter(
        (row["table"], rounds[row["round"]])
        for row in seats
        if row.get("table") is not None
    )
    check_results(
        drive,
        rows.get("scoring.handresult", []),
        seated,
        table_numbers,
        problems,
        players_at=players_at,
    )
    check_adjustments(rows.get("scoring.adjustment", []), problems)
    _check_prizes(rows, set(entries), problems)
    _check_money(rows, problems)
    problems.raise_if_any()
