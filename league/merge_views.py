"""Merging two players of the roster: choose the other, see what happens, confirm.

The page of the player who stays: `?q=` finds the other, `?other=` shows what
merging does, and the form sent with `other` merges (league.merge_services).
The organiser's only; another club's player is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league import merge_selectors, merge_services
from players.access import organiser_required
from players.http import BAD_INPUT, error_status, number_sent
from players.models import Player
from players.quotes import nest_quotes

# An id of the roster, as a form sends it: digits, and not absurdly many.
ID_DIGITS = 12


@organiser_required
@require_http_methods(["GET", "POST"])
def player_merge(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=request.club)
    data = request.POST if request.method == "POST" else request.GET
    raw = data.get("other", "").strip()
    if request.method == "GET" and not raw:
        return _choose(request, player)
    try:
        other = _other(request, player, raw)
    except ValidationError as error:
        return _choose(request, player, error=error.messages[0], status=BAD_INPUT)
    if request.method == "GET":
        return _confirm(request, player, other)
    try:
        merged = merge_services.player_merge(
            kept=player, removed=other, by=request.user
        )
    except ValidationError as error:
        return _confirm(
            request,
            player,
            other,
            error=error.messages[0],
            status=error_status(error),
        )
    # Nested as every message is, where the page lists them (_base.html).
    messages.success(
        request,
        ngettext(
            "%(removed)s is merged into %(kept)s: %(count)d drive moved over.",
            "%(removed)s is merged into %(kept)s: %(count)d drives moved over.",
            merged.entries,
        )
        % {
            "removed": merged.removed_name,
            "kept": merged.kept.name,
            "count": merged.entries,
        },
    )
    return redirect("players:edit", merged.kept.pk)


def _other(request: HttpRequest, player: Player, raw: str) -> Player:
    """The player chosen to merge with `player`: one of the club's roster."""
    if not raw:
        raise ValidationError(
            nest_quotes(
                _("Choose the player to merge with %(name)s.") % {"name": player.name}
            )
        )
    chosen = number_sent(raw, digits=ID_DIGITS)
    other = (
        None
        if chosen is None
        else Player.objects.filter(pk=chosen, club=request.club).first()
    )
    if other is None:
        # A player merged or deleted meanwhile, or never this club's.
        raise ValidationError(
            _("That player is not on the roster (merged or deleted already?).")
        )
    if other.pk == player.pk:
        raise ValidationError(
            nest_quotes(
                _("Choose another player: %(name)s cannot be merged with themselves.")
                % {"name": player.name}
            )
        )
    return other


def _choose(
    request: HttpRequest, player: Player, *, error: str = "", status: int = 200
) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    return render(
        request,
        "league/merge_choose.html",
        {
            "player": player,
            "own": merge_selectors.played(player=player),
            "query": query,
            "candidates": merge_selectors.merge_candidates(player=player, query=query),
            "error": error,
        },
        status=status,
    )


def _confirm(
    request: HttpRequest,
    player: Player,
    other: Player,
    *,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "league/merge_confirm.html",
        {
            "player": player,
            "other": other,
            "plan": merge_selectors.merge_plan(kept=player, removed=other),
            "error": error,
        },
        status=status,
    )
