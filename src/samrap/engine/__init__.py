"""Layer 2: game-agnostic machinery (protocols, registry, match runner, records).

Nothing here names a game except the loaders in :mod:`samrap.engine.registry`.
"""
