"""The prize list's rows as the form posts them (`rows_post`) and the option
chosen in each row's select (`chosen`)."""

from __future__ import annotations

import re

from prizes.forms import PRIZE_ROWS


def rows_post(*rows: tuple[str, str, str, str], count: int = PRIZE_ROWS) -> dict:
    data = {"prize_rows": str(count)}
    for i, (kind, group, number, name) in enumerate(rows):
        data |= {
            f"prize_{i}_kind": kind,
            f"prize_{i}_group": group,
            f"prize_{i}_number": number,
            f"prize_{i}_name": name,
        }
    return data


def chosen(page: str, part: str) -> list[str]:
    selects = re.findall(
        rf'<select name="prize_\d+_{part}"[^>]*>(.*?)</select>', page, re.S
    )
    found = []
    for options in selects:
        picked = re.search(r'<option value="([^"]*)" selected>', options)
        found.append(picked.group(1) if picked else "")
    return found
