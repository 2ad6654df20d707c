"""Research environments (the ``[env]`` extra): action codecs, observation encoders, PettingZoo
and Gymnasium environments, and OpenSpiel games (``samrap.openspiel``). numpy is imported only
inside this package. ``docs/env.md`` documents the action ids and observation slices.

Importing the package registers the Gymnasium ids ``samrap/Dummy-v0`` and ``samrap/Contract-v0``
(when Gymnasium is installed).
"""

try:
    from samrap.env.gym import register_envs
except ImportError:  # gymnasium missing: the codecs, encoders and OpenSpiel games still work
    pass
else:
    register_envs()
