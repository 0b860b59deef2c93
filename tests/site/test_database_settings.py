"""The database connection as the settings make it."""

from __future__ import annotations

import pytest
from django.db import connection


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only")
def test_a_new_postgresql_connection_starts_in_utc():
    """Django keeps PostgreSQL sessions in UTC and sends a query to set it on
    every new connection that starts in another zone (a server's default is
    often "Etc/UTC"): asked for at connection start, no request pays for it."""
    import psycopg

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params) as raw:
        assert raw.info.parameter_status("TimeZone") == connection.timezone_name
