"""Removing a result typed ahead from a travel slip, or stranded
(scoring.typed_ahead).

The desk may type a table's slip whole, the hands of rounds not reached yet
too; a slip typed at the wrong table is cleared by emptying its cells. Only a
hand *typed ahead* is removed so (its round not reached: nobody has played on
its result yet), or a result *stranded* at a table its round does not seat
(it counts for nobody); a hand played at its table is corrected, never
emptied (the score grid leaves an emptied cell of such a hand as it stands,
and says so: scoring.views.scores._kept_note). The result is kept in the
hand's history as superseded, and the record of changes says it was removed
("Result removed", its new value none).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from drive.models import Drive
from players import audit
from scoring.audit import record_result, result_values
from scoring.deal_games import GAMES, game_of_deal
from scoring.models import HandResult, ResultStatus
from scoring.typed_ahead import is_ahead, is_stranded

# What `typed_ahead_clear` removed.
AHEAD = "ahead"
STRANDED = "stranded"


def typed_ahead_clear(
    *,
    drive: Drive,
    table: int,
    hand: int,
    seen_version: int | None,
    by: AbstractBaseUser | None,
) -> str:
    """Remove table `table`'s result for `hand`, typed ahead or stranded;
    what was removed: AHEAD, STRANDED, or "" (none: it is gone already).
    Called under the drive's lock, in the caller's transaction
    (scoring.services.hand_results_submit).

    Raises ValidationError for a hand played at its table (its round is
    reached and seats the table), and (code "conflict") when the result
    changed since the form showed it.
    """
    kind = AHEAD if is_ahead(drive, hand) else ""
    if not kind and is_stranded(drive, table, hand):
        kind = STRANDED
    if not kind:
        raise ValidationError(
            _(
                "Table %(table)s, hand %(hand)s: its round has begun, so its "
                "result is corrected, not removed. Type its N-S tricks."
            )
            % {"table": table, "hand": hand},
            code="invalid",
        )
    standing = (
        HandResult.objects.filter(
            table__drive=drive,
            table__number=table,
            hand=hand,
            status__in=(ResultStatus.CONFIRMED, ResultStatus.PENDING),
        )
        .select_for_update()
        .select_related("table")
        .first()
    )
    if standing is None:
        return ""
    if seen_version is not None and seen_version != standing.version:
        raise ValidationError(
            # The score grid's own words for a hand changed meanwhile.
            _(
                "Table %(table)s, hand %(hand)s was changed meanwhile (now "
                "%(result)s). Nothing was saved; check the page again."
            )
            % {
                "table": table,
                "hand": hand,
                "result": GAMES[game_of_deal(standing)].summary(standing),
            },
            code="conflict",
        )
    old = result_values(standing)
    standing.status = ResultStatus.SUPERSEDED
    standing.save(update_fields=["status"])
    record_result(
        drive=drive,
        kind=audit.Kind.RESULT_REMOVE,
        result=standing,
        old=old,
        by=by,
        removed=True,
    )
    return kind
