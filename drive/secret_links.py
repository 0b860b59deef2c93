"""Secret links: the addresses that let someone in without an account.

Two kinds, each a path prefix followed by the link's key:

- a table's *captain link*, /t/<key>/, and the captain page's own requests
  under it: the phone that enters the table's results (Table.captain_key);
- a drive's *shared leaderboard*, /p/<key>/, and its results page under it:
  read-only, for the players' phones (Drive.public_key, empty while the
  drive is not shared).

The key is the secret (`new_key`). This module owns the kinds, their
prefixes (the URL patterns are built from `route`, and the middleware asks
`PREFIXES`), the making of keys and the finding of a link's table or drive.

drive.models takes `new_key` as the captain key's default, so this module
reaches the models through the app registry when it looks a key up, and
names them for the type checker only.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.db import connection

from players import prepared, rows

if TYPE_CHECKING:
    from drive.models import Drive, Table


@dataclass(frozen=True)
class LinkKind:
    """One kind of secret link: its first path segment ("t")."""

    segment: str

    @property
    def prefix(self) -> str:
        """The start of every path of this kind: "/t/"."""
        return f"/{self.segment}/"

    def route(self, rest: str = "") -> str:
        """A URL pattern under this kind's links: "t/<str:key>/" and `rest`."""
        return f"{self.segment}/<str:key>/{rest}"


CAPTAIN = LinkKind("t")
BOARD = LinkKind("p")
KINDS = (CAPTAIN, BOARD)
PREFIXES = tuple(kind.prefix for kind in KINDS)


def new_key() -> str:
    # 16 bytes = 128 bits, 22 URL-safe characters: guessing is hopeless, and the
    # link stays short enough to type from a table card.
    return secrets.token_urlsafe(16)


# --- a captain's link: the phones' hot path ---------------------------------------


def table_by_captain_key(key: str) -> Table | None:
    """The table a captain link names, with its drive, or None.

    Every phone's request starts here, at the bell a hundred at once, so the
    query is written out once (players.rows) rather than built by the ORM
    on every request.
    """
    return table_by_captain_key_then(key)[0]


def table_by_captain_key_then(
    key: str, then: tuple[str, Sequence[Any]] | None = None
) -> tuple[Table | None, list[tuple] | None]:
    """table_by_captain_key, and the rows of a second query `then` (sql,
    params) that names the table by its key too (None without one): one
    round trip on PostgreSQL.

    The drive's club comes in the same row: its language is the page's
    (players.language), and it costs no query of its own. On PostgreSQL both
    are statements the connection keeps planned (players.prepared)."""
    table_model = apps.get_model("drive", "Table")
    drive_model = apps.get_model("drive", "Drive")
    club_model = apps.get_model("players", "Club")
    q = connection.ops.quote_name
    select, columns = rows.select_list(
        connection.alias, (("t", table_model), ("d", drive_model), ("c", club_model))
    )
    sql, params = prepared.statement(
        f"SELECT {select} FROM {q(table_model._meta.db_table)} t "
        f"JOIN {q(drive_model._meta.db_table)} d "
        f"ON d.{q('id')} = t.{q('drive_id')} "
        f"JOIN {q(club_model._meta.db_table)} c ON c.{q('id')} = d.{q('club_id')} "
        f"WHERE t.{q('captain_key')} = %s",
        [key],
    )
    found, more = rows.fetch_joined_then(
        (table_model, drive_model, club_model),
        sql,
        params,
        None if then is None else prepared.statement(*then),
        columns=columns,
    )
    if not found:
        return None, more
    table, drive, club = found[0]
    drive.club = club
    table.drive = drive
    return table, more


# --- the shared leaderboard ------------------------------------------------------


def drive_by_public_key(key: str) -> Drive | None:
    """The drive whose leaderboard `key` shares, with its club; None when no
    drive shares it (an empty key never names one)."""
    if not key:
        return None
    return (
        apps.get_model("drive", "Drive")
        .objects.select_related("club")
        .filter(public_key=key)
        .first()
    )
