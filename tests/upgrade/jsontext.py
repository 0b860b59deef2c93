"""JSON with each row of cells on one line: readable, and a changed cell shows as
one changed line in a diff."""

from __future__ import annotations

import json
from typing import Any


def dump(value: Any, indent: int = 0) -> str:
    pad = " " * indent
    if isinstance(value, dict) and value:
        inner = ",\n".join(
            f"{pad} {json.dumps(key, ensure_ascii=False)}: {dump(item, indent + 1)}"
            for key, item in value.items()
        )
        return "{\n" + inner + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        inner = ",\n".join(f"{pad} {dump(item, indent + 1)}" for item in value)
        return "[\n" + inner + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)
