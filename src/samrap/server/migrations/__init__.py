"""Alembic migrations, shipped inside the package and run by the server at startup (``migrate.py``)."""
