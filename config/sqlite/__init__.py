"""Django's SQLite backend with one idle connection kept open in each process (base.py)."""
