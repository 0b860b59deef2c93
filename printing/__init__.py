"""Paper and files: every PDF of a drive, the workbook and CSV, the fonts they use,
a drive's transfer file (dumpdrive/loaddrive) and the commands that make them.

The top of the house: it reads from every app below (league, prizes, scoring,
drive, players) and nothing imports it.
"""
