"""Settings, driven by the environment.

DATABASE_URL  database (default: SQLite file db.sqlite3 beside manage.py, WAL mode)
SECRET_KEY    signing key (default: a random key kept in .secret_key, made on first use)
DEBUG         "1"/"true" for development pages (default off)
ALLOWED_HOSTS comma-separated host names (default: localhost names)
HTTPS         "1" behind HTTPS: secure cookies, HSTS, redirect to https
HALL_ADDRESS  "192.168.1.20:8000": the laptop's address in the hall (set by `manage.py hall`)
docs/operations.md (Configuration, Deployment on a server) lists the rest.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def _env_networks(name: str) -> list[str]:
    """Comma-separated addresses or networks (CIDR), each checked now: a typo in a
    proxy's address should stop the site from starting, not quietly trust nobody."""
    networks = []
    for item in _env_list(name, []):
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError as error:
            raise ImproperlyConfigured(f"{name}: {error}") from error
    return networks


def _local_secret_key() -> str:
    """A key made once for this checkout and kept out of git (.gitignore).

    Production sets SECRET_KEY in the environment instead.
    """
    path = BASE_DIR / ".secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


DEBUG = _env_flag("DEBUG")
SECRET_KEY = os.environ.get("SECRET_KEY") or _local_secret_key()
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", [])


def _hall_host(address: str) -> str:
    """The host name of a hall address ("192.168.1.20:8000" -> "192.168.1.20"),
    as ALLOWED_HOSTS writes it; a mistyped one stops the site from starting."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(f"//{address}")
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError as error:
        raise ImproperlyConfigured(f"HALL_ADDRESS: {error}") from error
    host = parts.hostname
    if not host or parts.path or parts.query or parts.fragment or parts.username:
        raise ImproperlyConfigured(
            f"HALL_ADDRESS must look like 192.168.1.20:8000, not {address!r}."
        )
    return f"[{host}]" if ":" in host else host


# The hall (drive.hall; `manage.py hall` sets it): the address and port phones
# reach this laptop at on the hall's network. Links and QR codes for phones are
# made from it, and it is an allowed host. Same-origin form posts need no
# CSRF_TRUSTED_ORIGINS over plain HTTP: the Origin matches the Host.
HALL_ADDRESS = os.environ.get("HALL_ADDRESS", "").strip()
if HALL_ADDRESS:
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, _hall_host(HALL_ADDRESS)]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "players",
    "drive",
    "scoring",
    "prizes",
    "league",
    "printing",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The visitor's language, or English until a view knows the club's.
    "config.middleware.LanguageMiddleware",
    # A 405 in the site's look and the language just chosen (config.errors).
    "config.middleware.NotAllowedPageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.RejectNulMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Users and messages: not for a page script's own requests.
    "config.middleware.AuthenticationMiddleware",
    "config.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.FirstVisitMiddleware",
    "players.audit.AuditActorMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its answer.
    "axes.middleware.AxesMiddleware",
]

# Organiser login is slowed after repeated failures (django-axes): after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that
# pair waits AXES_COOLOFF_TIME. The pair, not the address alone: a whole hall
# may share one address, and a proxy may hide every address behind its own.
# `manage.py axes_reset` lifts every lock at once.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "5")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "players.throttle.login_locked_out"
AXES_VERBOSE = False

# The client's address, for the login lockout above and the secret-link throttle
# (players.throttle.client_address): REMOTE_ADDR, unless the connection comes from
# one of TRUSTED_PROXIES (the reverse proxy's address, e.g. 127.0.0.1): then the
# right-most address in X-Forwarded-For that is not a trusted proxy. Without it
# the header is never read, since a client can send any X-Forwarded-For it likes.
TRUSTED_PROXIES = _env_networks("TRUSTED_PROXIES")
AXES_CLIENT_IP_CALLABLE = "players.throttle.client_address"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "players.context_processors.club",
                "players.context_processors.language_switch",
                "players.context_processors.contrast",
            ],
            # Dates as each language writes them (players.dates): |short_date...
            # {% csrf_token %} with the club the form is for (players.access).
            "builtins": [
                "players.templatetags.dates",
                "players.templatetags.club_forms",
            ],
        },
    },
]

# SQLite: WAL lets readers (leaderboards) run beside one writer; IMMEDIATE takes
# the write lock at BEGIN so two writers queue instead of failing mid-transaction
# with "database is locked".
_SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL;"
        "PRAGMA synchronous=NORMAL;"
        "PRAGMA foreign_keys=ON;"
        "PRAGMA busy_timeout=20000;"
    ),
}

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django keeps PostgreSQL sessions in UTC and sets it on every new
    # connection whose server reports another zone (even "Etc/UTC"): one more
    # round trip for each request. Asked for at connection start, it costs none.
    _PG_OPTIONS = DATABASES["default"].setdefault("OPTIONS", {})
    _PG_OPTIONS["options"] = f"{_PG_OPTIONS.get('options', '')} -c TimeZone=UTC".strip()
    # Each server process keeps its PostgreSQL connections open in psycopg's
    # pool (Django's `pool` option) and lends one to each request: a new
    # connection costs a new server backend that loads the catalogue and plans
    # every statement afresh, several milliseconds on every request. A sync
    # gunicorn worker needs one connection; runserver's threads may take more.
    # DATABASE_POOL=0 opens a connection per request instead (CONN_MAX_AGE).
    if _env_flag("DATABASE_POOL", default=True):
        if DATABASES["default"].get("CONN_MAX_AGE"):
            raise ImproperlyConfigured(
                "CONN_MAX_AGE and the connection pool exclude each other: "
                "set DATABASE_POOL=0 to use CONN_MAX_AGE."
            )
        _PG_OPTIONS["pool"] = {
            "min_size": 1,
            "max_size": int(os.environ.get("DATABASE_POOL_MAX_SIZE", "4")),
            "timeout": int(os.environ.get("DATABASE_POOL_TIMEOUT", "10")),
        }
# The phones' hottest statements are kept planned on each PostgreSQL connection
# (players.prepared). DATABASE_PREPARED=0 behind a pooler that shares server
# sessions between clients (PgBouncer in transaction mode).
DATABASE_PREPARED_STATEMENTS = _env_flag("DATABASE_PREPARED", default=True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's backend, with one idle connection per process kept open so that a
    # request's closing connection does not copy the write-ahead log back and
    # sync it every time (config/sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "config.sqlite"
    DATABASES["default"].setdefault("OPTIONS", {}).update(_SQLITE_OPTIONS)
    # In memory unless asked otherwise; named, not left empty, because
    # pytest-django knows an unnamed SQLite test database by Django's own engine.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("SQLITE_TEST_NAME") or ":memory:"
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "players:login"
LOGIN_REDIRECT_URL = "drive:list"
LOGOUT_REDIRECT_URL = "players:login"

# Languages (docs/development.md, "Adding a language"): each named in its own words, as the switch at
# the foot of every page shows them. A club chooses its default (Club.language);
# a visitor's own choice (the LANGUAGE_COOKIE_NAME cookie, set by Django's
# set_language view) wins over it; config.middleware.LanguageMiddleware decides.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [
    ("en-gb", "English"),
    ("pl", "Polski"),
    ("ru", "Русский"),
    ("ro", "Română"),
    ("it", "Italiano"),
]
# The compiled catalogues are committed beside their .po files (make messages).
LOCALE_PATHS = [BASE_DIR / "locale"]
# No script reads the choice; a year, as Django's default.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
# Dates and numbers are shown in the active language's formats: Django 5 always
# localises templates (USE_L10N is gone). A number that a script or a form reads
# back must therefore go out through |unlocalize or {% localize off %}.
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Once `collectstatic` has run (a deployment, `make run`), its manifest is there:
# pages name each file by a hash of its content and whitenoise serves the
# compressed copies (brotli, gzip) cached for a year, so a phone on the hall's
# Wi-Fi loads each file once and never asks again. Before it (development, the
# tests: `make test` sets STATIC_MANIFEST=0) pages name the files as they are
# and whitenoise finds them in the apps, cached for a minute.
STATIC_MANIFEST = _env_flag(
    "STATIC_MANIFEST", default=(STATIC_ROOT / "staticfiles.json").exists()
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.static_files.ManifestStorage"
        if STATIC_MANIFEST
        else "config.static_files.Storage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

SESSION_COOKIE_HTTPONLY = True
# No script reads the cookie: the token travels in the page (forms, and hx-headers
# on <body> for htmx and static/js/captain.js).
CSRF_COOKIE_HTTPONLY = True
# Django's page for a form whose token is out of date, but to htmx's request for
# a part of a page, the message only (players.htmx_refusal).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Content-Security-Policy (config.middleware.ContentSecurityPolicyMiddleware):
# scripts and styles only from the site's own files, never inline, never eval.
# htmx runs under it because templates/_base.html turns off its inline
# indicator styles and eval (<meta name="htmx-config">). `data:` images are the
# empty favicon. The QR codes are same-origin SVG images.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

if _env_flag("HTTPS"):
    SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # Only asks to be preloaded; nothing happens unless the domain's owner submits
    # it to hstspreload.org. SECURE_HSTS_PRELOAD=0 leaves the word out.
    SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}


# --- e-mail (printing.result_mail sends each player their results) ---------------


# Django's SMTP backend, each try cut off at its deadline (printing.mail_backend).
SMTP_BACKEND = "printing.mail_backend.EmailBackend"


def _email_url(url: str) -> dict[str, object]:
    """EMAIL_URL as Django's settings: smtp://user:password@host:port, with
    smtp+tls:// (STARTTLS, port 587 by default) or smtp+ssl:// (port 465)."""
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(url)
    schemes = {"smtp": (False, False, 25), "smtp+tls": (True, False, 587)}
    schemes["smtp+ssl"] = (False, True, 465)
    if parts.scheme not in schemes or not parts.hostname:
        raise ImproperlyConfigured(
            "EMAIL_URL must look like smtp://user:password@host:port "
            "(or smtp+tls:// or smtp+ssl://)."
        )
    tls, ssl, port = schemes[parts.scheme]
    try:
        port = parts.port or port
    except ValueError as error:
        raise ImproperlyConfigured(f"EMAIL_URL has a bad port: {error}") from None
    return {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
    }


if os.environ.get("EMAIL_URL"):
    globals().update(_email_url(os.environ["EMAIL_URL"]))
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", SMTP_BACKEND)
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = _env_flag("EMAIL_USE_TLS")
    EMAIL_USE_SSL = _env_flag("EMAIL_USE_SSL")
else:
    # Nothing leaves the machine: each message is written to the console.
    EMAIL_BACKEND = os.environ.get(
        "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
    )
# Seconds the mail server may take over any one step (connect, each command):
# short, so that a stalled server fails one message, not the page.
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "whist@localhost")
# How many players one request of the results-by-e-mail page's progress bar
# tries (the browser posts batch after batch; tests make it smaller).
RESULTS_MAIL_BATCH = 5
# Seconds one request may spend sending results (and the most any one message
# may take, from the command line too): well under gunicorn's worker timeout
# (30 s by default), so a slow mail server never gets a worker killed mid-send.
# The page starts no message it expects to outlast this and says how far it got.
RESULTS_MAIL_SECONDS = float(os.environ.get("RESULTS_MAIL_SECONDS", "20"))

# Publishing a finished drive to the club's website (printing.publishing):
# the largest upload the website reads (bytes; a 50-table evening's file is a
# fraction of it), publications a key may make in a minute, and the seconds
# the hall laptop waits for each step of the website's answer.
PUBLISHING_MAX_BYTES = int(os.environ.get("PUBLISHING_MAX_BYTES", str(5 * 1024 * 1024)))
PUBLISHING_PER_MINUTE = int(os.environ.get("PUBLISHING_PER_MINUTE", "10"))
PUBLISHING_SECONDS = float(os.environ.get("PUBLISHING_SECONDS", "20"))
