"""Romanian counts 20 and more with "de" ("20 de parole", "21 de minute")
but 1-19 without it, and a phrase with two counts needs each count's own
plural: the login lockout counted its wrong passwords by the minutes' form,
so a limit of 20 read "20 parole" (and 1 read "1 wrong passwords" in
English). Each sentence here is read at 1, 2, 20 and 21, as a person sees it;
and every Romanian plural entry puts the "de" in its third form."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import RequestFactory, override_settings
from django.utils import translation
from django.utils.html import strip_tags

from drive.models import Drive
from players.throttle import login_locked_out
from printing.publishing_views import _too_large
from printing.transfer_checks import check_dump
from prizes.prize_list import MAX_PRIZES, PrizeListError, parse_prize_list
from tests.site import po

PLACED = re.compile(r"%\(\w+\)[sd]")


def romanian(n: int, one: str, few: str, many: str) -> str:
    """1; 2-19 (and 101-119...); 20 and more with "de"."""
    if n == 1:
        return one
    return few if 0 < n % 100 < 20 else many


@pytest.mark.parametrize("n", [1, 2, 20, 21])
def test_the_login_lockout_counts_its_passwords_and_minutes_each_with_de(n):
    with (
        override_settings(AXES_FAILURE_LIMIT=n, AXES_COOLOFF_TIME=timedelta(minutes=n)),
        translation.override("ro"),
    ):
        page = login_locked_out(RequestFactory().post("/login/"))
    text = " ".join(strip_tags(page.content.decode()).split())
    passwords = romanian(n, "parolă greșită", "parole greșite", "de parole greșite")
    minutes = romanian(n, "minut", "minute", "de minute")
    assert f" {n} {passwords} la rând." in text
    assert f"suspendată {n} {minutes}." in text


@pytest.mark.parametrize("n", [1, 2, 20, 21])
def test_the_login_lockout_in_english_says_one_wrong_password(n):
    with override_settings(
        AXES_FAILURE_LIMIT=n, AXES_COOLOFF_TIME=timedelta(minutes=n)
    ):
        page = login_locked_out(RequestFactory().post("/login/"))
    text = " ".join(strip_tags(page.content.decode()).split())
    s = "" if n == 1 else "s"
    assert f"had {n} wrong password{s} in a row" in text
    assert f"paused for {n} minute{s}." in text


@pytest.mark.parametrize("n", [0, 2, 20, 21])
def test_a_file_of_many_drives_counts_them_with_de(n):
    data = {"rows": {"drive.drive": [{"pk": pk} for pk in range(1, n + 1)]}}
    with translation.override("ro"), pytest.raises(ValidationError) as refused:
        check_dump(data, carried={"drive.drive": Drive})
    drives = "turnee" if n < 20 else "de turnee"
    assert f"conține {n} {drives}, nu unul" in str(refused.value)


@pytest.mark.parametrize("n", [1, 2, 20, 21])
def test_a_file_too_large_counts_its_bytes_with_de(n):
    with translation.override("ro"):
        said = _too_large(n)
    assert f"({n} {romanian(n, 'octet', 'octeți', 'de octeți')})." in said


def test_a_prize_list_of_too_many_prizes_counts_them_with_de():
    assert MAX_PRIZES >= 20 and not 0 < MAX_PRIZES % 100 < 20  # "60 de premii"
    lines = "\n".join(f"{n}th overall" for n in range(4, MAX_PRIZES + 5))
    with translation.override("ro"), pytest.raises(PrizeListError) as refused:
        parse_prize_list(lines, groups={}, labels={})
    assert f"cel mult {MAX_PRIZES} de premii." in refused.value.problems[-1]


# The plural nouns Romanian counts (GLOSSARY.md and the catalogue's counted
# phrases): after a count of 20 or more each takes "de"; a verb ("20 stau pe
# dinafară") does not.
NOUNS = {
    "jucători",
    "perechi",
    "mese",
    "mâini",
    "levate",
    "puncte",
    "minute",
    "runde",
    "jocuri",
    "partide",
    "turnee",
    "rânduri",
    "fișe",
    "premii",
    "înscrieri",
    "licitații",
    "rezultate",
    "mesaje",
    "pagini",
    "octeți",
    "parole",
    "trageri",
    "parteneri",
    "ori",
    "versiuni",
}


def _word_after(text: str, name: str) -> str:
    found = re.search(re.escape(name) + r" (\S+)", text)
    return found.group(1).rstrip(".,:;)") if found else ""


def missing_de(messages: list[po.Message]) -> list[str]:
    """Each plural entry whose counted noun has no "de" in its third form:
    the placeholder whose noun changes from the first form to the second is
    the count ("1 masă", "2 mese"), so the third must read "20 de mese"."""
    found = []
    for m in messages:
        if m.plural is None or len(m.translations) != 3:
            continue
        one, few, many = m.translations
        for name in sorted(set(PLACED.findall(few))):
            word = _word_after(few, name)
            if (
                word in NOUNS
                and _word_after(one, name) != word
                and _word_after(many, name) == word
            ):
                found.append(f"{m.line}: {name} {word!r}: {many!r}")
    return found


def test_missing_de_finds_a_third_form_without_it():
    def entry(*forms: str) -> po.Message:
        return po.Message(
            "%(n)s table", plural="%(n)s tables", translations=list(forms)
        )

    wrong = entry("%(n)s masă", "%(n)s mese", "%(n)s mese")
    right = entry("%(n)s masă", "%(n)s mese", "%(n)s de mese")
    verb = entry("%(n)s stă", "%(n)s stau", "%(n)s stau")
    fixed = entry("%(m)s mese: %(n)s", "%(m)s mese: %(n)s", "%(m)s mese: %(n)s")
    assert missing_de([wrong, right, verb, fixed]) == ["0: %(n)s 'mese': '%(n)s mese'"]


def test_every_romanian_counted_word_takes_de_from_twenty():
    path = Path(settings.BASE_DIR) / "locale" / "ro" / "LC_MESSAGES" / "django.po"
    wrong = missing_de(po.read(path)[1:])
    assert not wrong, "\n".join(wrong)
