"""Learning to play: lessons (hand-built positions with scripted bots) for Thai Dummy and Contract Rummy.

The game review, which teaches from one's own games, lives with the bots in
:mod:`samrap.players.review`; this package holds the courses (data files under ``data/``) and
the engine that plays them (:mod:`samrap.learn.lessons`), plus the learner's progress.
"""
