"""A consolation draw keeps its pool as entry numbers, not words.

Before, a draw stored its pool as text in the language of whoever made it
("3, 5 & 6, 9"; in Russian "3, 5 и 6, 9"), so every later reader saw the
organiser's words. Now it keeps the numbers (`pool_numbers`: [[3], [5, 6],
[9]]) and each page writes them in its reader's language.

An existing draw's text is read back into numbers where that is certain: its
competitors are separated by ", " (the only way the site ever wrote them), each
competitor's numbers are the digits in it (a pair's joining word has none), and
what is read must agree with the draw's own record: one competitor for each of
its `members`, the first number of each the number of that member's entry, a
pair's numbers entries of the drive, all in number order. Its text is then
cleared. A draw whose text does not agree keeps it, and the pages show it as
written (ConsolationDraw.pool_text).

Going back writes the numbers as text again, a pair joined by "&", the
source language's word.
"""

import re

from django.db import migrations, models

SEPARATOR = ", "


def read_pool(text, members, numbers_of, drive_numbers):
    """The pool's numbers read from `text`, or None where they are not certain.

    `members`: the draw's entry keys, in order; `numbers_of`: entry key ->
    number; `drive_numbers`: every entry number of the draw's drive."""
    items = text.split(SEPARATOR) if text else []
    if not items or len(items) != len(members):
        return None
    pool = []
    for item, key in zip(items, members):
        numbers = [int(n) for n in re.findall(r"\d+", item)]
        # Nothing but the numbers and, between them, one word without digits.
        words = re.split(r"\d+", item)
        if (
            not numbers
            or len(numbers) > 2
            or words[0].strip()
            or words[-1].strip()
            or any(not w.strip() for w in words[1:-1])
            or numbers_of.get(key) != numbers[0]
            or numbers != sorted(set(numbers))
            or not set(numbers) <= drive_numbers
        ):
            return None
        pool.append(numbers)
    firsts = [numbers[0] for numbers in pool]
    if firsts != sorted(set(firsts)):
        return None
    return pool


def forwards(apps, schema_editor):
    ConsolationDraw = apps.get_model("prizes", "ConsolationDraw")
    Entry = apps.get_model("drive", "Entry")
    drive_numbers = {}
    for draw in ConsolationDraw.objects.order_by("pk"):
        if draw.pool_numbers:
            continue
        if draw.drive_id not in drive_numbers:
            drive_numbers[draw.drive_id] = dict(
                Entry.objects.filter(drive_id=draw.drive_id).values_list(
                    "pk", "number"
                )
            )
        numbers_of = drive_numbers[draw.drive_id]
        members = [int(k) for k in draw.members.split(",") if k]
        pool = read_pool(draw.numbers, members, numbers_of, set(numbers_of.values()))
        if pool is None:
            continue
        draw.pool_numbers = pool
        draw.numbers = ""
        draw.save(update_fields=["pool_numbers", "numbers"])


def backwards(apps, schema_editor):
    ConsolationDraw = apps.get_model("prizes", "ConsolationDraw")
    for draw in ConsolationDraw.objects.filter(numbers=""):
        draw.numbers = SEPARATOR.join(
            " & ".join(str(n) for n in numbers) for numbers in draw.pool_numbers
        )
        draw.save(update_fields=["numbers"])


class Migration(migrations.Migration):
    dependencies = [
        ("prizes", "0003_left_early_out_of_prizes"),
    ]

    operations = [
        migrations.AddField(
            model_name="consolationdraw",
            name="pool_numbers",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AlterField(
            model_name="consolationdraw",
            name="numbers",
            field=models.CharField(blank=True, default="", max_length=4000),
        ),
        migrations.RunPython(forwards, backwards),
    ]
