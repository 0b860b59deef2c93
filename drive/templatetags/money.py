"""`{{ amount|money:currency }}`: an exact amount in the club's currency ("£2.50")."""

from __future__ import annotations

from django import template

from players.money import money_text

register = template.Library()


@register.filter
def money(amount, currency: str) -> str:
    return money_text(amount, currency)
