"""`{{ "W"|before_number }}`: a seat as it heads the entry number of who sits
there, "W 8 Ann" (drive.seat_letters.seat_before_number: Russian and Italian
name the seat, whose letter a digit resembles, "Запад 8")."""

from __future__ import annotations

from django import template

from drive.seat_letters import seat_before_number

register = template.Library()


@register.filter
def before_number(seat: str) -> str:
    return seat_before_number(seat)
