"""Every position of an archived match, for the web app's replay viewer (``GET /api/games/{id}/replay``).

The function is :func:`samrap.offline.replay.replay_states`: pure Python over the games' own
rules, shared with the offline worker (issue 25), which replays the matches kept on the device.
"""

from __future__ import annotations

from samrap.offline.replay import replay_states

__all__ = ["replay_states"]
