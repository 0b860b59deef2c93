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

from bench.drives import build_finished_drive  # noqa: E402
from bench.measure import paired  # noqa: E402

CEILINGS = {"score_cards": 6.0, "workbook": 5.0}


def build_drive(*, entries: int, hands: int, name: str):
    """A finished drive; names with letters beyond ASCII, as the cards must print."""
    return build_finished_drive(
        entries=entries,
        hands=hands,
        name=f"Bench {name}",
        player_name="Zofia Wąsowicz {n:04d}",
        tricks=lambda table, round_index: (table + round_index) % 14,
    )


def bench_score_cards(drive) -> dict[str, float]:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from printing import documents
    from printing.fonts import REGULAR, register_fonts
    from scoring import cards, drive_plan

    options = documents.parse_options(kind="filled-cards")
    register_fonts()
    cards = cards.score_cards(
        drive_plan.load_plan(drive=drive, with_totals=True), filled=True
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
        lambda: documents.render(drive=drive, options=options, base_url="http://x/"),
        floor,
        repeat=3,
        pick=min,
    )
    return {"seconds": ours, "floor": base, "ratio": ours / base}


def bench_workbook(drive) -> dict[str, float]:
    from openpyxl import Workbook, load_workbook

    from printing.exports import write_workbook

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
