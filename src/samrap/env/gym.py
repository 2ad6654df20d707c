"""Gymnasium single-agent environments: one learner, the other seats played by named bots.

Registered ids (on ``import samrap.env``): ``samrap/Dummy-v0`` and ``samrap/Contract-v0``::

    import gymnasium, samrap.env
    env = gymnasium.make("samrap/Dummy-v0", players=2, opponents="random", reward="win")

Observation: the game's flat ``float32`` vector for the learner's seat (``docs/env.md``).
Action: ``Discrete(num_actions)`` (the game's codec). The legal-action mask is
``info["action_mask"]`` and :meth:`SamrapGymEnv.action_masks` (what sb3-contrib's
``MaskablePPO`` calls). An illegal action ends the episode with ``illegal_reward`` and
``info["illegal"] = True``; nothing else changes, so masked agents never see it.

Options: ``episode`` (``game``, or ``match``: a whole match, rewarded on the match totals at its
end; ``max_games`` truncates a longer one), ``seat`` (the learner's seat; ``None`` = a random
seat each episode), ``opponents`` (a bot name for every other seat, or a list of names or player
objects), ``reward`` (``win``: +1 / 0 for a shared best / -1; ``score``: the learner's points
minus the mean of the others', times ``score_scale``), and the game's config fields
(``players=2``, ``preset="modern"``).
Everything random (deals, the learner's seat, the bots' choices) comes from ``reset(seed=...)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from samrap.core.rng import Random
from samrap.engine.protocol import ConfigLike
from samrap.env.binding import EPISODES, REWARD_MODES, Binding, binding_for, mask_array, rewards
from samrap.env.bots import make_player
from samrap.env.observation import Vector

_MAX_SKIPPED_DEALS = 1000
"""Deals in a row that may end before the learner moves before ``reset`` gives up (never seen)."""


class SamrapGymEnv(gymnasium.Env[Vector, np.int64]):
    """One learner against bots in a samrap game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium declares it per instance)

    def __init__(
        self,
        game: str = "dummy",
        config: ConfigLike | str | None = None,
        *,
        seat: int | None = 0,
        opponents: str | Sequence[object] = "random",
        reward: str = "win",
        score_scale: float = 1.0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        episode: str = "game",
        max_games: int = 100,
        **options: Any,
    ) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.binding: Binding = binding_for(game, config, **options)
        n = self.binding.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} or None, not {seat}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponents, got {len(names)}")
        self.opponents = [make_player(p, self.binding.game) for p in names]
        self.fixed_seat = seat
        self.reward_mode = reward
        self.score_scale = score_scale
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.episode = episode
        self.max_games = max_games
        self.games_played = 0
        self._truncated = False
        self._points: list[float] = []
        self.observation_space = gymnasium.spaces.Box(self.binding.low, self.binding.high, dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.binding.num_actions)
        self._seeds = Random()
        self.seat = 0 if seat is None else seat
        self._bot_rngs: list[Random] = []
        self.game_state: Any = None
        self._legal: dict[int, object] = {}
        self._over = True

    # ------------------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Random(seed)
        n = self.binding.players
        self.seat = self._seeds.randrange(n) if self.fixed_seat is None else self.fixed_seat
        self.deal_seed = self._seeds.getrandbits(63)
        self._bot_rngs = [Random(self._seeds.getrandbits(63)) for _ in range(n)]
        # A bot can end a deal before the learner's first turn (in Dummy a seat may knock on its
        # first turn: about 1 deal in 7,000 with four players). Such a deal has no decision for
        # the learner, so it is skipped and the next one dealt from the same seeded stream;
        # ``info["skipped_deals"]`` counts them.
        self.skipped_deals = 0
        while True:
            self.game_state = self.binding.game.new_game(seed=self.deal_seed)
            self._over = False
            self.games_played = 0
            self._truncated = False
            if self._play_bots() is None:
                break
            self.skipped_deals += 1
            self.deal_seed = self._seeds.getrandbits(63)
            if self.skipped_deals >= _MAX_SKIPPED_DEALS:
                raise RuntimeError(
                    f"{self.skipped_deals} deals in a row ended before seat {self.seat} could move; "
                    "check the opponents and the config"
                )
        info = self._info()
        info["skipped_deals"] = self.skipped_deals
        return self._obs(), info

    def _bot_for(self, seat: int) -> Any:
        k = (seat - self.seat) % self.binding.players - 1
        return self.opponents[k]

    def _play_bots(self) -> float | None:
        """Bots move until the learner is to move (then ``None``) or the episode ends (the learner's reward)."""
        b = self.binding
        game = b.game
        s = self.game_state
        while True:
            while not game.is_terminal(s):
                p = game.current_player(s)
                legal = game.legal_moves(s)
                if p == self.seat:
                    self.game_state = s
                    self._legal = b.codec.legal_map(s, legal)
                    return None
                a = self._bot_for(p).choose(game.observe(s, p), legal, self._bot_rngs[p])
                s = game.apply_unchecked(s, a)
            if self.episode == "game":
                self._points = b.points(game.returns(s))
                break
            self.games_played += 1
            nxt = b.next_game(s, self._seeds.getrandbits(63))
            if nxt is None or self.games_played >= self.max_games:
                self._truncated = nxt is not None
                self._points = b.points(b.match_totals(s))
                break
            s = nxt
        self.game_state = s
        self._legal = {}
        self._over = True
        return rewards(self._points, self.reward_mode, self.score_scale)[self.seat]

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        a = self._legal.get(int(action))
        if a is None:
            self._over = True
            self._legal = {}
            info = self._info()
            info["illegal"] = True
            return self._obs(), float(self.illegal_reward), True, False, info
        self.game_state = self.binding.game.apply_unchecked(self.game_state, a)
        reward = self._play_bots()
        info = self._info()
        if reward is None:
            return self._obs(), 0.0, False, False, info
        info["points"] = self._points
        if self.episode == "match":
            info["games"] = self.games_played
        return self._obs(), float(reward), not self._truncated, self._truncated, info

    # ------------------------------------------------------------------------------------------

    def _obs(self) -> Vector:
        return self.binding.encode_state(self.game_state, self.seat)

    def _info(self) -> dict[str, object]:
        return {"action_mask": mask_array(self.binding.num_actions, self._legal), "seat": self.seat}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal-action mask as booleans (sb3-contrib's ``MaskablePPO`` asks for it)."""
        return mask_array(self.binding.num_actions, self._legal).astype(bool)

    def legal_actions(self) -> dict[int, object]:
        """Id -> typed action for the learner (a copy)."""
        return dict(self._legal)

    def render(self) -> str | None:
        if self.game_state is None:
            return None
        return str(self.game_state.to_string())


def register_envs() -> None:
    """Register ``samrap/Dummy-v0`` and ``samrap/Contract-v0`` with Gymnasium (idempotent)."""
    for env_id, game in (("samrap/Dummy-v0", "dummy"), ("samrap/Contract-v0", "contract")):
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="samrap.env.gym:SamrapGymEnv", kwargs={"game": game})
