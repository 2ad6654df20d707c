"""Rule-based bots, one module per game: ``heuristic.dummy`` and ``heuristic.contract``."""
