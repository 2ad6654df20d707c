"""The game server: tables played over websockets, the lobby and archive over REST, one database.

The top layer beside ``samrap.cli`` and ``samrap.env``: it uses the rules through the engine's
registry and the players for bot seats, and nothing below imports it. ``samrap.cli.serve`` is the
one documented edge into it (the ``samrap serve`` command starts it; see the import-linter
contracts in ``pyproject.toml`` and ``docs/architecture.md``). Importing this package imports
nothing else, so ``samrap.server.settings`` stays cheap for the CLI.
"""
