"""The leaderboard of a 1,000-entry, 24-hand drive: its SQL queries and its time.

    DATABASE_URL=sqlite:////tmp/scratch.sqlite3 python -m bench.leaderboard

Runs in-process against the (migrated, scratch) database DATABASE_URL names.
Two finished drives are built in bulk, 10 and 1,000 entries, 24 hands, every
table's result in and a few adjustments; the seating is a plain rotation (the
volume is what matters, not the movement).

- Queries: every SQL query of the organiser's leaderboard page, middleware
  included, for each drive (and, apart, those of the scores and standings
  alone). Goal: the same for both, and at most 10.
- Time: that page for 1,000 entries, against a floor of one raw SQL query
  that adds up the same totals (hand scores by the odd-tricks rule, plus
  adjustments) and a minimal text rendering of the same three boards.
  Both are the median of several runs.

Prints one JSON object with "leaderboard" and "leaderboard_queries".
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

REPEAT = 7


FLOOR_SQL = """
SELECT e.id, e.number, p.name, e."group",
       COALESCE(SUM(CASE
           WHEN s.position IN ('N', 'S') AND r.ns_tricks >= 7 THEN r.ns_tricks - 6
           WHEN s.position IN ('E', 'W') AND r.ns_tricks <= 6 THEN 7 - r.ns_tricks
           ELSE 0 END), 0)
       + COALESCE((SELECT SUM(a.points) FROM scoring_adjustment a WHERE a.entry_id = e.id), 0)
       AS total
FROM drive_entry e
JOIN players_player p ON p.id = e.player_id
LEFT JOIN drive_seatassignment s ON s.entry_id = e.id
LEFT JOIN drive_round ro ON ro.id = s.round_id
LEFT JOIN scoring_handresult r
       ON r.table_id = s.table_id AND r.hand = ro.number AND r.status = 'confirmed'
WHERE e.drive_id = %s
GROUP BY e.id, e.number, p.name, e."group"
ORDER BY total DESC, e.number
"""


def floor_leaderboard(drive_id: int) -> tuple[str, dict[int, int]]:
    """One SQL aggregation of every total, ranked and written out as three plain boards."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(FLOOR_SQL, [drive_id])
        rows = cursor.fetchall()
    lines = []
    for title, group in (("Overall", None), ("Group A", "A"), ("Group B", "B")):
        lines.append(title)
        rank, previous = 0, None
        for position, (_, number, name, _group, total) in enumerate(
            (row for row in rows if group is None or row[3] == group), start=1
        ):
            if total != previous:
                rank, previous = position, total
            lines.append(f"{rank} {number} {name} {total}")
    return "\n".join(lines), {row[0]: row[4] for row in rows}


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.drives import build_finished_drive
    from bench.measure import paired, result
    from players.models import Membership, Role
    from scoring import selectors

    small = build_finished_drive(entries=10, hands=24, name="Small", adjustments=True)
    large = build_finished_drive(entries=1000, hands=24, name="Large", adjustments=True)

    made = []

    def page_client(drive) -> Client:
        made.append(drive)
        user = get_user_model().objects.create_user(f"bench-{len(made)}")
        Membership.objects.create(club=drive.club, user=user, role=Role.ASSISTANT)
        client = Client()
        client.force_login(user)
        return client

    queries = {}
    for label, drive in (("10", small), ("1000", large)):
        client = page_client(drive)
        path = f"/drives/{drive.pk}/leaderboard/"
        client.get(path)  # warm: templates compiled, session loaded once
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path)
        assert response.status_code == 200, response.status_code
        queries[label] = len(captured.captured_queries)
        # The leaderboard's own, without the session, login and drive lookups.
        with CaptureQueriesContext(connection) as captured:
            scores = selectors.drive_scores(drive=drive)
            for group in (None, "A", "B"):
                scores.standings(group=group)
        queries[f"selector_{label}"] = len(captured.captured_queries)

    # The page's totals must be the floor's totals, or the floor measures something else.
    _, floor_totals = floor_leaderboard(large.pk)
    ours = {s.entry: s.total for s in selectors.drive_scores(drive=large).standings()}
    assert ours == floor_totals, "the floor's totals differ from the leaderboard's"

    client = page_client(large)
    path = f"/drives/{large.pk}/leaderboard/"

    def page() -> None:
        response = client.get(path)
        assert response.status_code == 200

    page()
    floor_leaderboard(large.pk)
    value, floor = paired(page, lambda: floor_leaderboard(large.pk), repeat=REPEAT)
    out = {
        "leaderboard": result(value * 1000, floor * 1000, "ms", entries=1000),
        "leaderboard_queries": {
            "entries_10": queries["10"],
            "entries_1000": queries["1000"],
            "selector_10": queries["selector_10"],
            "selector_1000": queries["selector_1000"],
            "same": queries["10"] == queries["1000"],
            "at_most_10": queries["1000"] <= 10,
        },
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
