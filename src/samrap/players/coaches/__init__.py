"""One module per game, each holding the game's :class:`~samrap.players.coach.Coach` (``COACH``)."""
