"""Security: headers and a strict Content-Security-Policy, CSRF on every form and
htmx request, Django's deployment checklist under docs/operations.md's production
settings, trusted proxies checked at start-up, and no secret in the repository.
(Guessers slowed down: tests/players/test_throttle.py.)"""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.factories import drive_with_players
from tests.site.django_process import PRODUCTION_ENV, run_django
from tests.site.fixtures import World, fill, url_patterns
from tests.sources import ROOT

pytestmark = pytest.mark.django_db

TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
PASSWORD = "correct horse battery"  # tests.factories.UserFactory's


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


# --- headers and the Content-Security-Policy ---------------------------------------


def test_every_page_carries_the_security_headers(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    for path in ("/login/", f"/drives/{drive.pk}/", f"/drives/{drive.pk}/room/"):
        response = organiser_client.get(path)
        assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_policy_allows_no_inline_script_eval_or_framing():
    policy = directives(settings.CONTENT_SECURITY_POLICY)
    every_source = [source for sources in policy.values() for source in sources]
    for unsafe in ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*"):
        assert unsafe not in every_source
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]


def test_the_policy_covers_images_and_json_but_not_pdfs(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    qr = organiser_client.get(f"/drives/{drive.pk}/links/table/1/qr.svg")
    assert qr["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY
    pdf = organiser_client.get(f"/drives/{drive.pk}/print/tablecards.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    # The browser's own PDF viewer is not the page's to restrict.
    assert "Content-Security-Policy" not in pdf


INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "style element": re.compile(r"<style[\s>]", re.I),
    "event handler": re.compile(r"\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
    "hx-on": re.compile(r"\shx-on", re.I),
}


def inline_code(html: str) -> list[str]:
    return [what for what, pattern in INLINE.items() if pattern.search(html)]


@pytest.mark.parametrize(
    "template",
    [p.relative_to(ROOT) for p in TEMPLATES],
)
def test_templates_have_no_inline_code(template):
    assert inline_code((ROOT / template).read_text()) == []


def test_htmx_is_configured_for_the_policy():
    base = (ROOT / "templates" / "_base.html").read_text()
    config = json.loads(
        re.search(r'<meta name="htmx-config" content=\'([^\']+)\'>', base).group(1)
    )
    assert config["includeIndicatorStyles"] is False  # htmx would add a <style>
    assert config["allowEval"] is False


def test_the_sites_scripts_use_no_eval():
    scripts = sorted((ROOT / "static" / "js").glob("*.js"))
    assert len(scripts) > 1, "no scripts found: is ROOT the project's folder?"
    for script in scripts:
        text = script.read_text()
        assert not re.search(r"\beval\s*\(|new\s+Function\s*\(", text), script.name
        assert not re.search(r"setTimeout\s*\(\s*[\"']", text), script.name


def test_rendered_pages_have_no_inline_code(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    drive.public_key = "shared-leaderboard-key-01"
    drive.save(update_fields=["public_key"])
    captain = drive.tables.get(number=1).captain_key
    pages = [
        "/drives/",
        "/players/",
        f"/drives/{drive.pk}/",
        f"/drives/{drive.pk}/entries/",
        f"/drives/{drive.pk}/seating/",
        f"/drives/{drive.pk}/scores/",
        f"/drives/{drive.pk}/room/",
        f"/drives/{drive.pk}/links/",
        f"/drives/{drive.pk}/leaderboard/",
        f"/drives/{drive.pk}/projector/",
        f"/drives/{drive.pk}/audit/",
    ]
    for path in pages:
        response = organiser_client.get(path)
        assert response.status_code == 200, path
        assert inline_code(response.content.decode()) == [], path
    for path in (f"/t/{captain}/", f"/p/{drive.public_key}/", "/login/"):
        response = Client().get(path)
        assert response.status_code == 200, path
        assert inline_code(response.content.decode()) == [], path


# --- CSRF ------------------------------------------------------------------------------


@pytest.fixture
def strict_organiser(organiser) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    return client


def test_every_url_refuses_a_post_without_the_csrf_token(strict_organiser, club):
    """Whatever the URL, a POST from another site (no token) is refused before the view."""
    drive = drive_with_players(players=8, club=club)
    entry = drive.entries.first()
    world = World(
        club=club,
        drive=drive,
        other_drive=drive,
        player=entry.player,
        clients={},
        keys={"organiser": drive.tables.get(number=1).captain_key},
        kwargs={
            "drive": drive.pk,
            "player": entry.player_id,
            "season": 1,
            "entry_pk": entry.pk,
            "adjustment_pk": 1,
            "draw_pk": 1,
            "season_draw_pk": 1,
            "line_pk": 1,
            "hand": 1,
            "table": 1,
            "kind": "scorecards",
            "public_key": "no-such-key",
        },
        form={},
    )
    captain = Client(enforce_csrf_checks=True)
    for name, route in url_patterns().items():
        path = fill(route, name, "organiser", world)
        for client in (strict_organiser, captain):
            response = client.post(path, {"table": "1", "hand": "1", "ns_tricks": "7"})
            # The publishing API reads no cookie, only its key (printing.
            # publishing_views): no token to forge, and no key is a 401.
            expected = 401 if name == "printing:publish_api" else 403
            assert response.status_code == expected, (name, path)
    assert not drive.tables.filter(results__isnull=False).exists()


def _page_token(client: Client, path: str) -> tuple[str, str]:
    """The form token and the htmx header token of a page."""
    html = client.get(path).content.decode()
    form = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    header = json.loads(re.search(r"hx-headers='([^']+)'", html).group(1))
    return form, header["X-CSRFToken"]


def test_forms_and_htmx_requests_carry_the_token(strict_organiser, club):
    drive = drive_with_players(players=8, club=club, start=False)
    form_token, header_token = _page_token(
        strict_organiser, f"/drives/{drive.pk}/entries/"
    )
    entries = f"/drives/{drive.pk}/entries/"
    posted = strict_organiser.post(
        entries, {"name": "Ada", "checked_in": "on", "csrfmiddlewaretoken": form_token}
    )
    assert posted.status_code == 302
    # htmx sends the token from <body hx-headers> as a header on every request.
    boosted = strict_organiser.post(
        entries,
        {"name": "Bea", "checked_in": "on"},
        headers={"X-CSRFToken": header_token, "HX-Request": "true"},
    )
    # Answered with the door's page itself (drive.door_views._door_again).
    assert boosted.status_code == 200
    assert drive.entries.filter(player__name__in=["Ada", "Bea"]).count() == 2


def test_a_captains_phone_posts_with_the_pages_token(club):
    drive = drive_with_players(players=8, club=club)
    key = drive.tables.get(number=1).captain_key
    phone = Client(enforce_csrf_checks=True)
    _, token = _page_token(phone, f"/t/{key}/")
    body = {"table": "1", "hand": "1", "ns_tricks": "8", "idempotency_key": "p" * 22}
    assert phone.post(f"/t/{key}/result/", body).status_code == 403
    answer = phone.post(
        f"/t/{key}/result/",
        body,
        headers={"X-CSRFToken": token, "Accept": "application/json"},
    )
    assert answer.status_code == 200 and answer.json()["ok"]


def test_every_post_form_in_the_templates_has_the_token():
    form = re.compile(r"<form\b[^>]*method=\"post\"[^>]*>", re.I)
    assert len(TEMPLATES) > 20, "no templates found: is ROOT the project's folder?"
    for template in TEMPLATES:
        text = template.read_text()
        for match in form.finditer(text):
            rest = text[match.end() : text.find("</form>", match.end())]
            assert "{% csrf_token %}" in rest, f"{template.name}: {match.group(0)}"
    base = (ROOT / "templates" / "_base.html").read_text()
    assert """hx-headers='{"X-CSRFToken": "{{ csrf_token }}"}'""" in base


def test_a_misspelt_trusted_proxy_stops_the_site_from_starting():
    done = run_django(
        {"TRUSTED_PROXIES": "127.0.0.1, 10.0.0.300"}, "import django; django.setup()"
    )
    assert done.returncode != 0
    assert "TRUSTED_PROXIES" in done.stderr and "10.0.0.300" in done.stderr


# --- HTTPS, the deployment checklist, secrets ---------------------------------------


CHECK_AND_SHOW = """
import json, django
django.setup()
from django.conf import settings
from django.core.management import call_command
call_command("check", deploy=True, fail_level="WARNING")
print(json.dumps({name: getattr(settings, name) for name in (
    "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER",
    "X_FRAME_OPTIONS", "SESSION_COOKIE_HTTPONLY", "CSRF_COOKIE_HTTPONLY")}))
"""


def test_the_deployment_checklist_passes_with_the_documented_settings():
    done = run_django(PRODUCTION_ENV, CHECK_AND_SHOW)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "X_FRAME_OPTIONS": "DENY",
        "SESSION_COOKIE_HTTPONLY": True,
        "CSRF_COOKIE_HTTPONLY": True,
    }


def test_the_deployment_checklist_fails_without_https_or_with_a_weak_key():
    done = run_django(
        {**PRODUCTION_ENV, "HTTPS": "0", "SECRET_KEY": "short"}, CHECK_AND_SHOW
    )
    assert done.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W009", "security.W012"):
        assert warning in done.stderr


def test_make_deploy_check_and_ci_run_the_checklist():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ndeploy-check:", 1)[1].split("\n\n", 1)[0]
    assert "manage.py check --deploy --fail-level WARNING" in recipe
    for setting in ("DEBUG=0", "HTTPS=1", "ALLOWED_HOSTS=", "SECRET_KEY="):
        assert setting in recipe
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.index("make deploy-check") > ci.index("make test")
    # The README is the front door; the guides in docs/ hold the rest.
    guides = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    documented = "\n".join(path.read_text() for path in guides)
    assert "make deploy-check" in documented
    for setting in ("DEBUG=0", "HTTPS=1", "SECRET_KEY", "ALLOWED_HOSTS"):
        assert setting in documented


@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
    SECURE_HSTS_SECONDS=31536000,
    SECURE_HSTS_INCLUDE_SUBDOMAINS=True,
    SESSION_COOKIE_SECURE=True,
    CSRF_COOKIE_SECURE=True,
)
def test_behind_https_plain_http_is_redirected_and_cookies_are_secure(organiser):
    client = Client()
    plain = client.get("/login/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    secure = {"headers": {"X-Forwarded-Proto": "https"}}
    page = client.get("/login/", **secure)
    assert page["Strict-Transport-Security"].startswith("max-age=31536000")
    response = client.post(
        "/login/", {"username": "olive", "password": PASSWORD}, **secure
    )
    assert response.status_code == 302
    assert response.cookies["sessionid"]["secure"] is True
    assert response.cookies["sessionid"]["httponly"] is True
    assert page.cookies["csrftoken"]["secure"] is True


def test_no_secret_is_in_the_repository():
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = listed.stdout.split()
    assert ".secret_key" not in tracked
    # The upgrade test's database is a made-up club's, made by
    # tests/upgrade/make_fixture.py: its passwords and links are that script's own.
    made_up = {"tests/upgrade/old_release.sqlite3"}
    assert not [
        f
        for f in tracked
        if f.endswith((".sqlite3", ".env", ".pem", ".key")) and f not in made_up
    ]
    ignored = (ROOT / ".gitignore").read_text().split()
    assert "/.secret_key" in ignored and "/db.sqlite3" in ignored
    # A literal key (not "$(...)" or an environment lookup), or Django's template one.
    pattern = re.compile(
        r"SECRET_KEY\s*=\s*['\"](?!\$)[^'\"\s]{16,}['\"]|django-insecure-"
    )
    for name in tracked:
        if name.endswith((".py", ".txt", ".md", ".toml", ".cfg", ".ini", ".yml")):
            path = ROOT / name
            if path.exists() and not name.startswith("tests/"):
                assert not pattern.search(path.read_text(errors="ignore")), name
