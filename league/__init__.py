"""The league: seasons, the league table, attendance and a player's history.

Below printing, above prizes: a season's table is made of its drives' results
and prizes.
"""
