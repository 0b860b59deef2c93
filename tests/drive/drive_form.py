"""The drive's set-up form as the tests send it (a progressive drive's fields,
and a rubber or prediction drive's on top), as a browser would send it back
(`sent`), and the folded honours and revokes section as it reads (`folded`)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from drive.models import Drive

DRIVE_FORM = {
    "name": "Friday drive",
    "date": "2026-11-27",
    "venue": "Village hall",
    "hands": "24",
    "hands_per_round": "1",
    "format": "progressive",
    "trump_sequence": "Hearts, Diamonds, Spades, Clubs, No trumps",
    "scoring_rule": "odd",
    "honours_values": "2-4",
    "revoke_penalty": "tricks",
    "revoke_tricks": "3",
    "rubber_preset": "english",
    "group_a_label": "Ladies",
    "group_b_label": "Gents",
    "sit_out_compensation": "own_average",
    "sit_out_fixed_score": "0",
}


RUBBER_FORM = DRIVE_FORM | {
    "format": "rubber",
    "hands": "24",
    "hands_per_round": "12",
    "trump_sequence": "Hearts, Diamonds, Spades, Clubs",
}


PREDICTION_FORM = DRIVE_FORM | {"format": "prediction", "hands": "24"}


FOLDED = re.compile(
    r'<details class="setting-group folded"( open)?>(.*?)</details>', re.S
)


def folded(html: str) -> tuple[bool, str, str]:
    """(open, the line under its heading, what is inside) of the folded section."""
    found = FOLDED.search(html)
    assert found, html[:3000]
    inside = found.group(2)
    summary = re.search(r"<summary>(.*?)</summary>", inside, re.S).group(1)
    line = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", summary)).strip()
    return bool(found.group(1)), line, inside


class BrowserForm(HTMLParser):
    """What a browser sends from a page's form: each named input's value, a
    ticked box's or radio's, each select's chosen option (else its first),
    each text area's text; no button."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None
        self.first: str | None = None
        self.area: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.values[name] = a.get("value") or (
                "on" if a.get("type") == "checkbox" else ""
            )
        elif tag == "select" and name:
            self.select, self.first = name, None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
            if "selected" in a:
                self.values[self.select] = a.get("value", "")
        elif tag == "textarea" and name:
            self.area = name
            self.values[name] = ""

    def handle_data(self, data) -> None:
        if self.area:
            self.values[self.area] += data

    def handle_endtag(self, tag) -> None:
        if tag == "select" and self.select:
            self.values.setdefault(self.select, self.first or "")
            self.select = None
        elif tag == "textarea":
            self.area = None


def sent(html: str) -> dict[str, str]:
    """The drive's form of `html` as a browser would send it."""
    start = html.index('<form method="post" class="stack">')
    parser = BrowserForm()
    parser.feed(html[start : html.index("</form>", start)])
    parser.values.pop("csrfmiddlewaretoken", None)
    return parser.values


def page(client, url: str, language: str, data: dict | None = None) -> str:
    client.cookies["django_language"] = language
    response = client.post(url, data) if data is not None else client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def saved(client, language: str, data: dict) -> Drive:
    response = client.post("/drives/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Drive.objects.order_by("-pk").first()
