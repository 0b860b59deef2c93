"""Moving one drive between sites: `dump_drive` writes it as JSON, `load_drive` reads it.

A dump holds the drive and every row that belongs to it: its entries and
their players, tables, rounds, seats, hand results with every version,
adjustments, anything else that points at the drive (prizes...), and the
drive's audit record. Rows are found by following foreign keys to the
drive, so a model added later travels too.

Loading creates everything anew in one transaction, in a club of the target
site:

- players are matched to the club's roster by name (players.models.normalise_name),
  each roster player used once; a name not on the roster is added to it;
- users (who entered or resolved a result, made an adjustment) are matched by
  user name; one the target site does not have is left blank (the audit
  record keeps every name as text);
- the file is checked first, all of it, as a form checks what a person types
  (printing.transfer_checks): one problem anywhere and nothing is written;
- captain links keep their keys unless the target site already uses one, so
  printed table cards keep working after a move; the public leaderboard link
  likewise; a key that could be guessed (short, repeated) gets a new one, and
  the load says so;
- times (entered at, created at) are kept as they were;
- every text is cleaned as a form cleans what is typed (players.typed_text):
  a name with a control character from an older site arrives without it;
- a started drive's prize list and tie-break rules travel with it
  (DrivePrize, DrivePrizeRules), so its ranks and prizes load unchanged
  whatever the other club's own list and rules;
- a value the file leaves out takes the model's default: a file written
  before a setting or a column existed (a drive's honours and revoke
  settings, a result's honours and revoke) loads as that release's drive;
- the hall's Wi-Fi of a drive (its name and password, for that evening's table
  cards: drive.models.HALL_ONLY_FIELDS) never travels: a dump leaves it out
  and a load ignores it;
- a consolation draw's pool travels as entry numbers; a file of a release
  that kept it as text, in its organiser's words, has it read back into
  numbers where that is certain (`_pools_read`), else keeps the text;
- money travels like the rest: the drive's entry fee, each entry's
  payment and refund, the other income and costs (MoneyLine) and the results
  e-mails tried (printing.ResultMail); amounts are written as text ("2.35"),
  never as floats, so they load to the penny. A file from before money was
  kept loads with none (fee 0, nothing paid but the `paid` ticks it had).
"""

from __future__ import annotations

import datetime
import decimal
import json
import uuid
from collections import defaultdict
from collections.abc import Iterable
from typing import IO, Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from drive.models import (
    HALL_ONLY_FIELDS,
    Drive,
    DriveState,
    Entry,
    Table,
)
from drive.seating import note_round_in_play
from drive.secret_links import new_key
from players.models import AuditEvent, Club, Player, normalise_name
from players.typed_text import typed_text
from printing.transfer_checks import check_dump, strong_key
from prizes.consolation import pool_from_text
from prizes.services import drive_prizes_freeze

FORMAT = "whistdrive.drive"
# Version 2: a drive's revoke penalty "transfer" means the offenders
# give points; version 1's "transfer" was three tricks passing, now "tricks".
# Version 3: an entry withdrawn from the round after the last went home before
# the prize-giving (left early); before, it had withdrawn as the last round was
# played and missed no hand (as migration drive 0025 reads the site's own rows).
# Version 4: a consolation draw's pool is its entries' numbers (`pool_numbers`,
# migration prizes 0004); a release that reads version 3 at most would drop
# them, and show the draw's pool empty, so it refuses the file instead. A file
# of version 3 or before kept the pool as text, read back here (`_pools_read`).
VERSION = 4
READS = (1, 2, 3, 4)
PLAYER_FIELDS = ("name", "email", "phone", "group", "active")
# Text fields holding comma-separated ids of other rows: a drive's tie draw
# lists the entries that cut, a consolation draw the entries it drew from.
ID_LISTS = {
    ("scoring.tiedraw", "members"): "drive.entry",
    ("prizes.consolationdraw", "members"): "drive.entry",
}
# Ids inside an audit event's refs, and the model each one names.
AUDIT_REFS = {
    "drive": "drive.drive",
    "entry": "drive.entry",
    "result": "scoring.handresult",
    "adjustment": "scoring.adjustment",
    "money_line": "drive.moneyline",
    "mail": "printing.resultmail",
}


# The file names each model's rows by its label as it was when version 1 of the
# format was made, before the prize and season models moved from scoring to
# prizes and league: files written before and after the move are the
# same, and each loads on either side of it.
FILE_LABELS = {
    f"{app}.{name}": f"scoring.{name}"
    for app, names in {
        "prizes": (
            "clubscoringsettings",
            "prizetemplateitem",
            "driveprize",
            "driveprizerules",
            "mysteryscore",
            "tiedraw",
        ),
        "league": ("season",),
    }.items()
    for name in names
}


def file_label(model: type[models.Model]) -> str:
    """The name of a model's rows in the file (FILE_LABELS)."""
    label = model._meta.label_lower
    return FILE_LABELS.get(label, label)


# --- which rows belong to a drive ----------------------------------------------------


def _relations(model: type[models.Model]) -> list[models.Field]:
    return [
        f
        for f in model._meta.concrete_fields
        if f.is_relation and (f.many_to_one or f.one_to_one)
    ]


def owned_models() -> list[tuple[type[models.Model], list[str]]]:
    """Every model whose rows belong to a drive, with the lookups that lead to it.

    In an order where whatever a row refers to comes before it.
    """
    paths: dict[type[models.Model], list[str]] = {Drive: ["pk"]}
    # A model marked STAYS_ON_SITE (a drive's publication, printing.models)
    # is about this site, not the drive: it never travels.
    candidates = [
        m
        for m in apps.get_models()
        if m is not Drive and not getattr(m, "STAYS_ON_SITE", False)
    ]
    changed = True
    while changed:
        changed = False
        for model in candidates:
            found = []
            for field in _relations(model):
                target = field.related_model
                if target in paths and target is not model:
                    if target is Drive:
                        found.append(field.name)
                    else:
                        found += [f"{field.name}__{path}" for path in paths[target]]
            if found and sorted(found) != sorted(paths.get(model, [])):
                paths[model] = found
                changed = True
    ordered: list[type[models.Model]] = []
    pending = list(paths)
    while pending:
        ready = [
            m
            for m in pending
            if all(
                f.related_model not in pending or f.related_model is m
                for f in _relations(m)
            )
        ]
        if not ready:
            raise RuntimeError(
                f"Drive models refer to each other in a circle: {pending}"
            )
        for model in sorted(
            ready, key=lambda m: f"{file_label(m).split('.')[0]}.{m._meta.object_name}"
        ):
            ordered.append(model)
            pending.remove(model)
    return [(m, paths[m]) for m in ordered]


def _owned_rows(
    model: type[models.Model], paths: list[str], drive: Drive
) -> models.QuerySet:
    query = Q()
    for path in paths:
        query |= Q(**{path: drive.pk})
    return model._default_manager.filter(query).distinct().order_by("pk")


# --- values to and from JSON ---------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()  # every digit: a round trip changes nothing
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    return value


def _decode(field: models.Field, value: Any) -> Any:
    if value is None or isinstance(field, models.JSONField):
        return value
    if isinstance(field, models.DurationField):
        return datetime.timedelta(seconds=value)
    return field.to_python(value)


def _user_name(user: Any) -> str | None:
    return None if user is None else user.get_username()


def _carried(model: type[models.Model], field: models.Field) -> bool:
    """Whether a file carries the field: not the hall's Wi-Fi of a drive
    (drive.models.HALL_ONLY_FIELDS), written for no one but that evening."""
    return not (model is Drive and field.name in HALL_ONLY_FIELDS)


# --- dump ----------------------------------------------------------------------------


def dump_drive(*, drive: Drive) -> dict[str, Any]:
    User = get_user_model()
    tables: dict[str, list[dict[str, Any]]] = {}
    player_ids: set[int] = set()
    for model, paths in owned_models():
        rows = []
        for row in _owned_rows(model, paths, drive):
            values: dict[str, Any] = {"pk": row.pk}
            for field in model._meta.concrete_fields:
                if field.primary_key or not _carried(model, field):
                    continue
                if field.is_relation:
                    target = field.related_model
                    if target is Club:
                        continue
                    related_id = getattr(row, field.attname)
                    if target is User:
                        values[field.name] = _user_name(getattr(row, field.name))
                        continue
                    if target is Player and related_id is not None:
                        player_ids.add(related_id)
                    values[field.name] = related_id
                else:
                    values[field.name] = _encode(field.value_from_object(row))
            rows.append(values)
        tables[file_label(model)] = rows
    players = [
        {"pk": p.pk, **{name: getattr(p, name) for name in PLAYER_FIELDS}}
        for p in Player.objects.filter(pk__in=player_ids).order_by("pk")
    ]
    audit = [
        {
            "at": _encode(event.at),
            "who": event.who,
            "kind": event.kind,
            "subject": event.subject,
            "refs": event.refs,
            "old": event.old,
            "new": event.new,
        }
        for event in AuditEvent.objects.filter(club_id=drive.club_id, drive_id=drive.pk)
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": {"name": drive.club.name},
        "players": players,
        "rows": tables,
        "audit": audit,
    }


def dump_text(*, drive: Drive) -> str:
    return json.dumps(dump_drive(drive=drive), ensure_ascii=False, indent=1) + "\n"


# --- load ----------------------------------------------------------------------------


def _match_players(club: Club, players: Iterable[dict[str, Any]]) -> dict[int, int]:
    """Dumped player id -> roster player id in `club`: by name, each roster player once."""
    roster: dict[str, list[Player]] = defaultdict(list)
    for player in Player.objects.filter(club=club).order_by("-active", "pk"):
        roster[player.name_key].append(player)
    mapping = {}
    for data in players:
        same_name = roster.get(normalise_name(data["name"]))
        if same_name:
            mapping[data["pk"]] = same_name.pop(0).pk
        else:
            player = Player(club=club, **{k: data[k] for k in PLAYER_FIELDS})
            player.full_clean(exclude=["club"])
            player.save()
            mapping[data["pk"]] = player.pk
    return mapping


def _users(names: set[str]) -> dict[str, Any]:
    User = get_user_model()
    field = User.USERNAME_FIELD
    return {
        getattr(user, field): user
        for user in User._default_manager.filter(**{f"{field}__in": names})
    }


def _free_value(model: type[models.Model], field: models.Field, value: Any) -> Any:
    """A unique value (a captain key) is kept unless this site already uses it."""
    if value in (None, ""):
        return value
    if model._default_manager.filter(**{field.name: value}).exists():
        return field.get_default()
    return value


def _typed_texts(value: Any) -> Any:
    """Every string of a dump, at any depth, as a person may type it."""
    if isinstance(value, str):
        return typed_text(value)
    if isinstance(value, list):
        return [_typed_texts(item) for item in value]
    if isinstance(value, dict):
        return {_typed_texts(key): _typed_texts(item) for key, item in value.items()}
    return value


def _from_version_1(rows: dict[str, Any]) -> None:
    """A version 1 file's drive as it played: its revoke passed tricks (the
    old "transfer", or the old default when the file predates the setting),
    with the old defaults of honours values and tricks."""
    drives = rows.get(file_label(Drive))
    for row in drives if isinstance(drives, list) else []:
        if not isinstance(row, dict):
            continue
        if row.get("revoke_penalty", "transfer") == "transfer":
            row["revoke_penalty"] = "tricks"
        row.setdefault("honours_values", "2-4")
        row.setdefault("revoke_tricks", 3)


def _from_version_2(rows: dict[str, Any]) -> None:
    """A version 1 or 2 file's entries withdrawn from the round after the last
    missed no hand: they are not withdrawn (version 3 reads that as gone home
    before the prize-giving)."""
    rounds = {}
    drives = rows.get(file_label(Drive))
    for row in drives if isinstance(drives, list) else []:
        hands, per_round = (
            row.get(key) if isinstance(row, dict) else None
            for key in ("hands", "hands_per_round")
        )
        if isinstance(hands, int) and isinstance(per_round, int) and per_round > 0:
            rounds[row.get("pk")] = hands // per_round
    entries = rows.get(file_label(Entry))
    for row in entries if isinstance(entries, list) else []:
        if not isinstance(row, dict):
            continue
        withdrawn, last = row.get("withdrawn_from_round"), rounds.get(row.get("drive"))
        if isinstance(withdrawn, int) and last is not None and withdrawn > last:
            row["withdrawn_from_round"] = None


def _pools_read(rows: dict[str, Any]) -> None:
    """A file of an earlier release kept a consolation draw's pool as text, in
    its organiser's words ("3, 5 & 6, 9"): read back into numbers where that
    is certain (prizes.consolation.pool_from_text, by the file's own entries),
    so each page writes it in its reader's words; else its text stays, shown
    as written, as the site's own old draws (migration prizes 0004)."""
    draws, entries = rows.get("prizes.consolationdraw"), rows.get(file_label(Entry))
    if not isinstance(draws, list) or not isinstance(entries, list):
        return
    numbers = {
        row.get("pk"): row.get("number") for row in entries if isinstance(row, dict)
    }
    for row in draws:
        if not isinstance(row, dict) or row.get("pool_numbers"):
            continue
        text, members = row.get("numbers"), row.get("members")
        if not isinstance(text, str) or not isinstance(members, str):
            continue
        try:
            keys = [int(key) for key in members.split(",") if key]
        except ValueError:
            continue
        drive_numbers = {n for n in numbers.values() if isinstance(n, int)}
        pool = pool_from_text(text, [numbers.get(k) for k in keys], drive_numbers)
        if pool is not None:
            row["pool_numbers"], row["numbers"] = pool, ""


@transaction.atomic
def load_drive(
    *, data: dict[str, Any], club: Club, notes: list[str] | None = None
) -> Drive:
    """Add the drive in `data` to `club`; all of it, or nothing and a ValidationError.

    The file is checked first, all of it (printing.transfer_checks); `notes`
    gathers what the load changed on the way (new keys for weak or taken ones).
    """
    notes = [] if notes is None else notes
    data = _typed_texts(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValidationError(_("This file is not a drive written by dumpdrive."))
    version = data.get("version")
    if version not in READS:
        newer = isinstance(version, int) and version > VERSION
        said = (
            _(
                "This file was written by a newer release of the site (version "
                "%(version)s of the drive format; this site reads version "
                "%(ours)s and before). Update this site, then load the file again."
            )
            if newer
            else _(
                "This file is version %(version)s of the drive format; "
                "this site reads version %(ours)s."
            )
        )
        raise ValidationError(said % {"version": version, "ours": VERSION})
    User = get_user_model()
    rows: dict[str, list[dict[str, Any]]] = data.get("rows")
    if not isinstance(rows, dict):
        raise ValidationError(_("This file holds no rows of a drive."))
    if data["version"] == 1:
        _from_version_1(rows)
    if data["version"] < 3:
        _from_version_2(rows)
    _pools_read(rows)
    known = {file_label(model): model for model, _ in owned_models()}
    unknown = sorted(set(rows) - set(known))
    if unknown:
        raise ValidationError(
            # Translators: %(kinds)s lists the file's kinds of rows (drive.entry...).
            _("This site has no place for %(kinds)s: update it first.")
            % {"kinds": ", ".join(unknown)}
        )
    check_dump(data, carried=known)
    keys_taken: set[str] = set()
    new_pk: dict[str, dict[int, int]] = defaultdict(dict)
    new_pk["players.player"] = _match_players(club, data["players"])
    users = _users(
        {
            row[field.name]
            for label, model in known.items()
            for field in _relations(model)
            if field.related_model is User
            for row in rows.get(label, [])
            if isinstance(row.get(field.name), str)
        }
    )
    for label, model in known.items():
        created = []
        restore: list[tuple[models.Model, dict[str, Any]]] = []
        for row in rows.get(label, []):
            values: dict[str, Any] = {}
            later: dict[str, Any] = {}
            for field in model._meta.concrete_fields:
                if field.primary_key or not _carried(model, field):
                    continue
                if field.is_relation:
                    target = field.related_model
                    if target is Club:
                        values[field.attname] = club.pk
                    elif target is User:
                        values[field.name] = users.get(row.get(field.name))
                    elif row.get(field.name) is None:
                        values[field.attname] = None
                    else:
                        target_label = file_label(target)
                        mapped = new_pk[target_label].get(row[field.name])
                        # A row of the drive must be in the file; a link to
                        # something else of the old site (a season) is dropped.
                        carried = target_label in known or target is Player
                        if mapped is None and (carried or not field.null):
                            raise ValidationError(
                                _(
                                    "A %(row)s refers to a %(target)s that is "
                                    "not in the file."
                                )
                                % {
                                    "row": model._meta.verbose_name,
                                    "target": target._meta.verbose_name,
                                }
                            )
                        values[field.attname] = mapped
                    continue
                if field.name not in row:
                    continue
                value = _decode(field, row[field.name])
                id_list = ID_LISTS.get((label, field.name))
                if id_list and value:
                    value = ",".join(
                        str(k)
                        for k in sorted(
                            new_pk[id_list][int(old)] for old in str(value).split(",")
                        )
                    )
                if field.unique:
                    value = _free_value(model, field, value)
                if getattr(field, "auto_now_add", False) or getattr(
                    field, "auto_now", False
                ):
                    later[field.name] = value
                values[field.name] = value
            if (
                model is Drive
                and values.get("public_key")
                and Drive.objects.filter(public_key=values["public_key"]).exists()
            ):
                values["public_key"] = ""
            _safe_keys(model, values, row, notes=notes, taken=keys_taken)
            obj = model(**values)
            created.append((row["pk"], obj))
            if later:
                restore.append((obj, later))
        objs = [obj for _, obj in created]
        model._default_manager.bulk_create(objs)
        if any(obj.pk is None for obj in objs):  # a database that returns no ids
            raise RuntimeError("This database did not return the new rows' ids.")
        for old, obj in created:
            new_pk[label][old] = obj.pk
        if restore:
            for obj, later in restore:
                for name, value in later.items():
                    setattr(obj, name, value)
            fields = sorted({name for _, later in restore for name in later})
            model._default_manager.bulk_update(
                [obj for obj, _ in restore], fields, batch_size=500
            )
    drives = list(new_pk["drive.drive"].values())
    if len(drives) != 1:
        raise ValidationError(_("The file does not hold exactly one drive."))
    drive = Drive.objects.get(pk=drives[0])
    # The tables of the round in play, by their ids on this site.
    drive.save(update_fields=note_round_in_play(drive))
    events = []
    for event in data.get("audit", []):
        refs = dict(event.get("refs") or {})
        for key, label in AUDIT_REFS.items():
            if refs.get(key) is not None:
                refs[key] = new_pk[label].get(refs[key])
        events.append(
            AuditEvent(
                club=club,
                drive_id=drive.pk,
                at=datetime.datetime.fromisoformat(event["at"]),
                who=event["who"],
                kind=event["kind"],
                subject=event["subject"],
                refs=refs,
                old=event.get("old"),
                new=event.get("new"),
            )
        )
    AuditEvent.objects.bulk_create(events)
    _keep_prizes_frozen(drive)
    return drive


def _safe_keys(
    model: type[models.Model],
    values: dict[str, Any],
    row: dict[str, Any],
    *,
    notes: list[str],
    taken: set[str],
) -> None:
    """A key that could be guessed, or that this site or this file already uses,
    is replaced by a new one (drive.secret_links.new_key); `notes` says which."""
    if model is Table:
        key = row.get("captain_key")
        if strong_key(key) and values.get("captain_key") == key and key not in taken:
            taken.add(key)
            return
        values["captain_key"] = new_key()
        taken.add(values["captain_key"])
        why = (
            _("the captain link in the file could be guessed")
            if not strong_key(key)
            else _("this site already uses the captain link in the file")
        )
        notes.append(
            _(
                "Table %(table)s: %(why)s, so it has a new one: print its table card again."
            )
            % {"table": row.get("number"), "why": why}
        )
    elif model is Drive and row.get("public_key"):
        if not strong_key(row["public_key"]):
            values["public_key"] = new_key()
            notes.append(
                _(
                    "The shared leaderboard link in the file could be guessed, so it "
                    "has a new one: share the new link."
                )
            )
        elif not values.get("public_key"):
            notes.append(
                _(
                    "This site already uses the shared leaderboard link in the file, "
                    "so the drive is not shared here: share it again under Captain links."
                )
            )


def _keep_prizes_frozen(drive: Drive) -> None:
    """A started drive from a file written before drives kept their own prize
    rules takes this club's list and rules now, and keeps them (as the migration
    did on the first site); a newer file carries its own (DrivePrizeRules)."""
    if drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        drive_prizes_freeze(drive=drive)


def read_dump(source: IO[str]) -> dict[str, Any]:
    try:
        return json.load(source)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            _("This file is not valid JSON: %(error)s") % {"error": exc}
        ) from exc
