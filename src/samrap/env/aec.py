"""The PettingZoo AEC environment, written once over a :class:`~samrap.env.binding.Binding`.

One episode is one game (one Dummy game, one Contract Rummy deal), or with ``episode="match"`` a
whole match (Dummy: games until someone reaches the target; Contract Rummy: seven deals), the
rewards then coming from the match totals at its end (``max_games`` truncates a longer match and
rewards its totals so far). Agents are ``player_0`` ..
``player_{n-1}`` for the game's seats. Each observation is a dict::

    {"observation": float32 vector (the game's layout), "action_mask": int8 vector (num_actions)}

built from that seat's view only; the mask is all zeros except for the agent to move. Rewards
come at the end of the game (``reward="win"``: +1 / 0 for a shared best / -1; ``reward="score"``:
points minus the mean of the other seats' points, times ``score_scale``).

An action whose mask entry is 0 (or out of range) raises ``ValueError`` when ``illegal_reward``
is ``None`` (``raw_env()``); otherwise (``env()``, ``illegal_reward=-1``) it ends the game: every
agent is terminated, the offender gets ``illegal_reward`` and ``infos[offender]["illegal"]``, the
others 0. That is what PettingZoo's ``TerminateIllegalWrapper`` does; it is built in rather than
wrapped because PettingZoo's wrappers forward every attribute through ``__getattr__``, which
cost more than the game itself (``docs/performance.md``). Calling ``step`` or ``observe`` before
``reset`` raises ``RuntimeError`` (what ``OrderEnforcingWrapper`` checks).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from samrap.core.rng import Random
from samrap.env.binding import EPISODES, REWARD_MODES, Binding, rewards

ObsDict = dict[str, npt.NDArray[Any]]
_INT8 = np.dtype(np.int8)


class SamrapAEC(AECEnv):  # type: ignore[misc]
    """A samrap game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "samrap",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        binding: Binding,
        *,
        reward: str = "win",
        score_scale: float = 1.0,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        episode: str = "game",
        max_games: int = 100,
    ) -> None:
        super().__init__()
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.binding = binding
        self.reward_mode = reward
        self.score_scale = score_scale
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.episode = episode
        self.max_games = max_games
        self.games_played = 0
        self.metadata = {**type(self).metadata, "name": f"samrap_{binding.name}_v0"}  # type: ignore[misc]
        n = binding.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(binding.low, binding.high, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (binding.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(binding.num_actions) for a in self.possible_agents}
        self._seeds = Random()
        self.game_state: Any = None
        self._legal: dict[int, object] = {}
        self._started = False
        self._zeros: dict[str, float] = {}
        # The per-step path reads these directly (one attribute each instead of a chain).
        game = binding.game
        self._is_terminal = game.is_terminal
        self._legal_moves = game.legal_moves
        self._current_player = game.current_player
        self._apply = game.apply_unchecked
        self._legal_map = binding.codec.legal_map
        self._encode_state = binding.encode_state
        self._no_mask = bytes(binding.num_actions)
        #: the mask of the agent to move, built with the legal map; the first observe() of a
        #: step hands it out (the env never writes to it again), later ones build their own
        self._mask: bytearray | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` reseeds the stream of deal seeds (same seed, same games)."""
        if seed is not None:
            self._seeds = Random(seed)
        self.deal_seed = self._seeds.getrandbits(63)
        self.game_state = self.binding.game.new_game(seed=self.deal_seed)
        self.games_played = 0
        self._started = True
        self.agents = self.possible_agents[:]
        self._zeros = dict.fromkeys(self.agents, 0.0)
        self.rewards = self._zeros
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._refresh()

    def _refresh(self) -> None:
        """After a transition: the legal actions and mask of the seat to move, and who that is."""
        s = self.game_state
        if self._is_terminal(s):
            self._legal = {}
            self._mask = None
            return
        self._turn(s)

    def _turn(self, s: object) -> None:
        """``_refresh`` for a state known not to be terminal."""
        self._legal = legal = self._legal_map(s, self._legal_moves(s))
        mask = bytearray(self._no_mask)
        for i in legal:
            mask[i] = 1
        self._mask = mask
        self.agent_selection = self.possible_agents[self._current_player(s)]

    def observe(self, agent: str) -> ObsDict:
        if not self._started:
            raise RuntimeError("call reset() before observe()")
        obs = self._encode_state(self.game_state, self._seat[agent])
        mask = self._mask
        if agent != self.agent_selection or not self._legal:
            mask = bytearray(self._no_mask)
        elif mask is not None:
            self._mask = None
        else:
            mask = bytearray(self._no_mask)
            for i in self._legal:
                mask[i] = 1
        return {"observation": obs, "action_mask": np.frombuffer(mask, _INT8)}

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the agent to act."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def legal_actions(self) -> dict[int, object]:
        """Id -> typed action for the agent to move (a copy)."""
        return dict(self._legal)

    def step(self, action: int | None) -> None:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must act; None is only for a finished agent")
        a = self._legal.get(int(action))
        if a is None:
            self._illegal(agent, action)
            return
        self.game_state = s = self._apply(self.game_state, a)
        self._cumulative_rewards[agent] = 0.0
        if self._is_terminal(s):
            self._game_over()
        else:
            self.rewards = self._zeros  # nothing to accumulate until the game ends
            self._turn(s)
        if self.render_mode == "human":
            self.render()

    def _game_over(self) -> None:
        """A game ended: deal the match's next game, or end the episode with the rewards."""
        b = self.binding
        done = self.game_state
        truncated = False
        if self.episode == "match":
            self.games_played += 1
            nxt = b.next_game(done, self._seeds.getrandbits(63))
            if nxt is not None and self.games_played < self.max_games:
                self.game_state = nxt
                self.rewards = self._zeros
                self._refresh()
                return
            truncated = nxt is not None
            pts = b.points(b.match_totals(done))
        else:
            pts = b.points(b.game.returns(done))
        r = rewards(pts, self.reward_mode, self.score_scale)
        self.rewards = {a: r[i] for i, a in enumerate(self.possible_agents)}
        if truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        for i, ag in enumerate(self.possible_agents):
            self.infos[ag] = {"points": pts[i], "games": self.games_played} if self.games_played else {"points": pts[i]}
        self._refresh()
        self._accumulate_rewards()

    def _illegal(self, agent: str, action: object) -> None:
        if self.illegal_reward is None:
            raise ValueError(f"action {action} is not legal for {agent} (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward)
        self.infos[agent] = {**self.infos[agent], "illegal": True}
        self._legal = {}
        self._mask = None
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        text = str(self.game_state.to_string()) if self.game_state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
