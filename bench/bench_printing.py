"""Benchmark: 400 score cards and a 1,000-entry workbook, against floors measured in the same run.

    .venv/bin/python bench/bench_printing.py [--cards 400] [--entries 1000] [--hands 24]

Absolute times depend on the machine, so each result is a ratio to a floor
timed in the same run on the same data:

- score cards: reportlab drawing the same text (every string of every card,
  DejaVu Sans, the same number of pages) on a bare canvas, with no layout,
  rules or fitting;
- workbook: openpyxl write-only writing the same cells, with no styles.

The drives are built in a throw-away test database: entries, every round's
seating (a simple rotation, not a real movement: only the volume matters) and
a confirmed result for every table and hand. Prints one line per benchmark
and exits 1 when a ratio is above its ceiling.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench.measure import paired  # noqa: E402

CEILINGS = {"score_cards": 6.0, "workbook": 5.0}


def build_drive(*, entries: int, hands: int, name: str):
    """A finished drive with `entries` players, every round seated and every hand played."""
    import datetime

    from drive.models import Drive, DriveState, Entry, Round, SeatAssignment, Table
    from players.models import Club, Player, normalise_name
    from scoring.models import HandResult

    club = Club.objects.create(name=f"Bench club {name}")
    players = Player.objects.bulk_create(
        Player(
            club=club,
            name=f"Zofia Wąsowicz {n:04d}",
            name_key=normalise_name(f"Zofia Wąsowicz {n:04d}"),
        )
        for n in range(1, entries + 1)
    )
    drive = Drive.objects.create(
        club=club,
        name=name,
        date=datetime.date(2026, 11, 27),
        hands=hands,
        state=DriveState.FINISHED,
        current_round=hands,
    )
    rows = Entry.objects.bulk_create(
        Entry(
            drive=drive,
            player=player,
            number=number,
            group="AB"[(number - 1) % 2],
            checked_in=True,
            joined_round=1,
        )
        for number, player in enumerate(players, start=1)
    )
    tables = Table.objects.bulk_create(
        Table(drive=drive, number=t) for t in range(1, entries // 4 + 1)
    )
    rounds = Round.objects.bulk_create(
        Round(drive=drive, number=r) for r in range(1, hands + 1)
    )
    a = [e for e in rows if e.group == "A"]
    b = [e for e in rows if e.group == "B"]
    seats, results = [], []
    for index, round_ in enumerate(rounds):
        a_turn = a[index % len(a) :] + a[: index % len(a)]
        b_turn = b[-index % len(b) :] + b[: -index % len(b)]
        for t, table in enumerate(tables):
            for position, entry in zip(
                "NESW",
                (a_turn[2 * t], a_turn[2 * t + 1], b_turn[2 * t], b_turn[2 * t + 1]),
                strict=True,
            ):
                seats.append(
                    SeatAssignment(
                        round=round_, entry=entry, table=table, position=position
                    )
                )
            results.append(
                HandResult(
                    table=table,
                    hand=round_.number,
                    ns_tricks=(t + index) % 14,
                    version=1,
                )
            )
        for entry in a_turn[2 * len(tables) :] + b_turn[2 * len(tables) :]:
            seats.append(
                SeatAssignment(round=round_, entry=entry, table=None, position="")
            )
    SeatAssignment.objects.bulk_create(seats, batch_size=2000)
    HandResult.objects.bulk_create(results, batch_size=2000)
    return drive


def bench_score_cards(drive) -> dict[str, float]:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from scoring import printing
    from scoring.printing import content, loading
    from scoring.printing.fonts import REGULAR, register_fonts

    options = printing.parse_options(kind="filled-cards")
    register_fonts()
    cards = content.score_cards(
        loading.load_plan(drive=drive, with_totals=True), filled=True
    )
    texts = [
        [card.club, card.drive, card.date, str(card.number), card.name, card.group]
        + [text for row in card.rows for text in row.texts().values() if text]
        for card in cards
    ]

    def floor() -> None:
        canvas = Canvas(io.BytesIO(), pagesize=A4, pageCompression=1)
        for index, strings in enumerate(texts):
            canvas.setFont(REGULAR, 8)
            y = 800 if index % 2 == 0 else 380
            for n, text in enumerate(strings):
                canvas.drawString(40 + (n % 9) * 55, y - (n // 9) * 12, text)
            if index % 2 == 1:
                canvas.showPage()
        canvas.showPage()
        canvas.save()

    ours, base = paired(
        lambda: printing.render(drive=drive, options=options, base_url="http://x/"),
        floor,
        repeat=3,
        pick=min,
    )
    return {"seconds": ours, "floor": base, "ratio": ours / base}


def bench_workbook(drive) -> dict[str, float]:
    from openpyxl import Workbook, load_workbook

    from scoring.exports import write_workbook

    def ours_once() -> bytes:
        buffer = io.BytesIO()
        write_workbook(drive=drive, output=buffer)
        return buffer.getvalue()

    written = load_workbook(io.BytesIO(ours_once()), read_only=True)
    sheets = {
        sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in written.worksheets
    }

    def floor() -> None:
        workbook = Workbook(write_only=True)
        for title, rows in sheets.items():
            sheet = workbook.create_sheet(title)
            for row in rows:
                sheet.append(row)
        workbook.save(io.BytesIO())

    ours, base = paired(ours_once, floor, repeat=3, pick=min)
    return {"seconds": ours, "floor": base, "ratio": ours / base}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=400)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--json", help="Also write the results to this file.")
    parser.add_argument(
        "--only",
        choices=("score_cards", "workbook"),
        help="Run one benchmark (bench.run runs each in a process of its own).",
    )
    args = parser.parse_args()

    import django
    from django.test.utils import (
        setup_databases,
        setup_test_environment,
        teardown_databases,
    )

    django.setup()
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        results = {}
        if args.only in (None, "score_cards"):
            cards = build_drive(entries=args.cards, hands=args.hands, name="Cards")
            results["score_cards"] = {"count": args.cards, **bench_score_cards(cards)}
        if args.only in (None, "workbook"):
            book = build_drive(entries=args.entries, hands=args.hands, name="Workbook")
            results["workbook"] = {"entries": args.entries, **bench_workbook(book)}
    finally:
        teardown_databases(databases, verbosity=0)
    failed = False
    for name, result in results.items():
        ceiling = CEILINGS[name]
        verdict = "ok" if result["ratio"] <= ceiling else "TOO SLOW"
        failed |= verdict != "ok"
        print(
            f"{name}: {result['seconds']:.2f}s, floor {result['floor']:.2f}s, "
            f"ratio {result['ratio']:.2f} (ceiling {ceiling}) {verdict}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
