"""Write drive/movement/whist_starters.py from the search's output lines.

    python tools/whist/embed.py RESULTS... > drive/movement/whist_starters.py

Each result line is "V kind M1,M2,...: seats" as printed by pairing.c or search.c.
Lines
for the same V after the first are ignored. Run ruff format on the output.
"""

import sys

found: dict[int, tuple[tuple[int, ...], str]] = {}
for path in sys.argv[1:]:
    with open(path) as f:
        for line in f:
            if ":" not in line:
                continue
            head, seats = line.split(":", 1)
            v_text, _kind, moduli_text = head.split()
            v = int(v_text)
            moduli = tuple(int(m) for m in moduli_text.split(","))
            found.setdefault(v, (moduli, " ".join(seats.split())))

print('"""Whist starters found by tools/whist (pairing.c), for individual.py.')
print()
print("SEARCHED_STARTERS[v] = (moduli, seats): the group Z_m1 x Z_m2 x ... (points")
print("coded d1 + m1 * (d2 + m2 * ...)); for v = 4n + 1 the seats of round 0 over")
print("the group, four a table (N, E, S, W), 0 sitting out; for v = 4n the seats")
print("after inf, which sits North at the first table (1-rotational). Generated")
print("by tools/whist/embed.py; tests/drive/test_individual.py checks every one.")
print('"""')
print()
print("SEARCHED_STARTERS: dict[int, tuple[tuple[int, ...], str]] = {")
for v in sorted(found):
    moduli, seats = found[v]
    words = seats.split()
    chunks, line = [], ""
    for w in words:
        if len(line) + len(w) + 1 > 76:
            chunks.append(line + " ")
            line = w
        else:
            line = f"{line} {w}" if line else w
    chunks.append(line)
    body = "\n".join(f'        "{c}"' for c in chunks)
    print(f"    {v}: (\n        {moduli!r},\n{body},\n    ),")
print("}")
