"""What the site-wide tests share: every named URL of the site, and a path for
each filled in with one drive's objects, as a given role would ask for it."""

from __future__ import annotations

from dataclasses import dataclass

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from drive.models import Drive
from players.models import Club, Player


def url_patterns() -> dict[str, str]:
    """Every named URL: "namespace:name" -> its route."""
    found: dict[str, str] = {}

    def walk(resolver: URLResolver, prefix: str, namespace: str) -> None:
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                inner = ":".join(n for n in (namespace, entry.namespace or "") if n)
                walk(entry, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                assert entry.name, f"unnamed URL {prefix}{entry.pattern}"
                found[f"{namespace}:{entry.name}"] = prefix + str(entry.pattern)

    walk(get_resolver(), "", "")
    return found


@dataclass
class World:
    club: Club
    drive: Drive
    other_drive: Drive
    player: Player
    clients: dict[str, Client]
    keys: dict[str, str]
    kwargs: dict[str, object]
    form: dict[str, str]


def fill(route: str, name: str, role: str, world: World) -> str:
    """The path of `route` for the drive under test, as `role` would ask for it."""
    kwargs = world.kwargs
    values: dict[str, object] = {}
    for part in route.split("<")[1:]:
        param = part.split(">")[0].split(":")[-1]
        if param == "pk":
            if name.startswith("players:") or name in (
                "league:history",
                "league:merge",
            ):
                values[param] = kwargs["player"]
            elif name.startswith("league:season") or name in (
                "league:attendance",
                "league:takings",
                "printing:season_workbook",
                "printing:season_pdf",
            ):
                values[param] = kwargs["season"]
            else:
                values[param] = kwargs["drive"]
        elif param == "draw_pk" and name == "league:season_draw_undo":
            values[param] = kwargs["season_draw_pk"]
        elif param == "key":
            secret = name.startswith(("scoring:captain",))
            values[param] = world.keys[role] if secret else kwargs["public_key"]
        else:
            values[param] = kwargs[param]
    path = route
    for part in route.split("<")[1:]:
        spec = part.split(">")[0]
        path = path.replace(f"<{spec}>", str(values[spec.split(":")[-1]]))
    return "/" + path
