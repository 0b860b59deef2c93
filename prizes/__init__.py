"""Prizes: the club's prize list and tie-break rules, a drive's own copy of them,
the prize engine, the mystery score and draws, half-time and the results page.

Below league and printing, above scoring: it reads the standings from scoring
and never imports the apps above it.
"""
