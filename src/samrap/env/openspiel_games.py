"""samrap's games as OpenSpiel Python games: ``python_samrap_dummy`` and ``python_samrap_contract``.

Register them with ``import samrap.openspiel`` and load them like any game::

    import pyspiel, samrap.openspiel
    game = pyspiel.load_game("python_samrap_dummy(players=2,ace_low=True)")

**Parameters** are the game's config fields (``players``, ``ace_low``, ...; an optional whole
number field takes ``-1`` for "none"), plus ``preset`` (``""`` or a preset name, applied before
the fields you give), ``reward`` (``score``: each seat's points, Contract penalty points
negated; ``win``: +1 for the only best seat, 0 for a shared best, -1 for the others) and, for
Dummy, ``knock_variants`` (the codec's knock cap, ``docs/env.md``).

**Actions** are the codec's ids (``samrap.env.codec_dummy``, ``codec_contract``).

**Chance.** samrap deals from one chance event, the deck order. Here it is spelt out so that
OpenSpiel can enumerate it: first the starting seat (Dummy; Contract Rummy: the dealer), uniform
over the seats, then the deck order one card at a time (outcome = card id, uniform over the cards
not yet placed), and for Contract Rummy one more outcome, uniform over ``RESHUFFLE_SEEDS`` values,
that seeds the empty-stock reshuffles (rule 28). After these chance nodes every draw is
determined, exactly as in the engine.

**Observations.** The observation tensor is the game's encoder output for the seat's view
(``docs/env.md``); the observation string is the view's position string. The information-state
string is perfect recall: the seat's initial hand and upcard, then every action as the seat saw it
(its own draws name the card, other seats' draws do not). ``resample_from_infostate`` deals the
cards the seat cannot see anew (``game.resample``) for ISMCTS; in the sample, the other seats'
information-state strings restart from their current view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]

from samrap.core.rng import Random
from samrap.engine.registry import GameSetup, GameSpec, get_spec
from samrap.env.binding import REWARD_MODES, Binding, rewards

#: How many reshuffle seeds a Contract Rummy deal's last chance node chooses among.
RESHUFFLE_SEEDS = 64
_NONE = -1


@dataclasses.dataclass(frozen=True)
class _GameDef:
    short_name: str
    long_name: str
    spec: GameSpec
    make_binding: Callable[[Any, Mapping[str, Any]], Binding]
    start: Callable[[Binding, int, tuple[int, ...], int], Any]
    pack_size: Callable[[Any], int]
    extra_outcomes: int
    score_bound: float
    min_players: int
    max_players: int
    extra_params: Mapping[str, object]


def _config_params(spec: GameSpec) -> dict[str, object]:
    """A game's config fields as OpenSpiel parameters, at its default preset (optional ints as -1 = none)."""
    out: dict[str, Any] = {}
    defaults = spec.default_config
    for f in dataclasses.fields(spec.config_class):
        value = getattr(defaults, f.name)
        kind = str(f.type)
        if kind.startswith("bool"):
            out[f.name] = bool(value)
        elif kind.startswith("int"):
            out[f.name] = _NONE if value is None else int(value)
        elif isinstance(value, str):
            out[f.name] = value
    return out


def _config_from_params(gdef: _GameDef, params: Mapping[str, Any]) -> Any:
    from samrap.core.configstr import format_value

    fields = dataclasses.fields(gdef.spec.config_class)
    optional = {f.name for f in fields if "None" in str(f.type)}
    parts = []
    preset = str(params.get("preset", ""))
    if preset:
        parts.append(f"preset={preset}")
    for f in fields:
        if f.name not in params:
            continue
        value = params[f.name]
        if f.name in optional and value == _NONE:
            value = None
        parts.append(f"{f.name}={format_value(value)}")
    return gdef.spec.parse_config(f"{gdef.spec.name}({','.join(parts)})", gdef.spec.default_config)


class SamrapGame(pyspiel.Game):  # type: ignore[misc]
    """A samrap game under one parameter set (subclassed once per game, see ``_register``)."""

    gdef: _GameDef
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        cfg = _config_from_params(self.gdef, given)
        reward = str(given.get("reward", "score"))
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        binding = self.gdef.make_binding(cfg, given)
        bound = 1.0 if reward == "win" else self.gdef.score_bound
        info = pyspiel.GameInfo(
            num_distinct_actions=binding.num_actions,
            max_chance_outcomes=max(self.gdef.pack_size(cfg), self.gdef.extra_outcomes, binding.players),
            num_players=binding.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=binding.max_game_length,
        )
        super().__init__(self.game_type, info, given)
        self.binding = binding
        self.reward = reward
        self.pack = self.gdef.pack_size(cfg)

    def new_initial_state(self) -> SamrapState:
        return SamrapState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: object = None) -> SamrapObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SamrapObserver(self.binding, perfect_recall)


class _Shared:
    """Per-game constants a state refers to; ``clone()`` (a deepcopy) shares them instead of copying."""

    def __init__(self, game: SamrapGame) -> None:
        self.binding = game.binding
        self.gdef = game.gdef
        self.reward = game.reward
        self.pack = game.pack
        self.params = dict(game.get_parameters())

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_load_shared, (self.gdef.short_name, self.params))


def _load_shared(short_name: str, params: dict[str, Any]) -> _Shared:
    """Unpickling: the constants of the game ``short_name(params)``."""
    return _Shared(pyspiel.load_game(short_name, params))


class _Progress:
    """A state's changing part. Engine states are immutable values, so a clone copies lists only."""

    def __init__(self, pack: int, players: int) -> None:
        self.starter = -1
        self.deck: list[int] = []
        self.left = list(range(pack))
        self.game_state: Any = None
        self.legal: dict[int, object] | None = None
        self.logs: list[list[str]] = [[] for _ in range(players)]

    def __deepcopy__(self, memo: dict[int, object]) -> _Progress:
        other = _Progress.__new__(_Progress)
        other.starter = self.starter
        other.deck = self.deck[:]
        other.left = self.left[:]
        other.game_state = self.game_state
        other.legal = self.legal
        other.logs = [log[:] for log in self.logs]
        return other


class SamrapState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the chance nodes of the deal, then the engine's state."""

    def __init__(self, game: SamrapGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._p = _Progress(game.pack, game.binding.players)

    @property
    def game_state(self) -> Any:
        """The engine's state once the deal's chance nodes are done, else ``None``."""
        return self._p.game_state

    # --- chance ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._p.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        g = self._shared.binding.game
        if g.is_terminal(self._p.game_state):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(g.current_player(self._p.game_state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._p.starter < 0:
            n = self._shared.binding.players
            return [(q, 1.0 / n) for q in range(n)]
        if self._p.left:
            p = 1.0 / len(self._p.left)
            return [(c, p) for c in self._p.left]
        k = self._shared.gdef.extra_outcomes
        return [(r, 1.0 / k) for r in range(k)]

    def _apply_chance(self, action: int) -> None:
        if self._p.starter < 0:
            self._p.starter = action
            return
        if self._p.left:
            self._p.left.remove(action)
            self._p.deck.append(action)
            if self._p.left or self._shared.gdef.extra_outcomes:
                return
            extra = 0
        else:
            extra = action
        self._p.game_state = self._shared.gdef.start(self._shared.binding, self._p.starter, tuple(self._p.deck), extra)
        b = self._shared.binding
        for q in range(b.players):
            v = b.game.observe(self._p.game_state, q)
            public = b.mask_text(_public(v))
            self._p.logs[q] = [f"seat:{q} start:{self._p.starter} hand:{b.mask_text(v.hand)} public:{public}"]

    # --- play -----------------------------------------------------------------------------

    def legal_map(self) -> dict[int, object]:
        """Id -> typed action for the player to move (cached per state)."""
        if self._p.legal is None:
            s = self._p.game_state
            self._p.legal = self._shared.binding.codec.legal_map(s, self._shared.binding.game.legal_moves(s))
        return self._p.legal

    def _legal_actions(self, player: int) -> list[int]:
        if self._p.game_state is None or self.current_player() != player:
            return []
        return sorted(self.legal_map())

    def _apply_action(self, action: int) -> None:
        if self._p.game_state is None:
            self._apply_chance(int(action))
            return
        g = self._shared.binding.game
        s = self._p.game_state
        a = self.legal_map()[int(action)]
        p = int(g.current_player(s))
        before = s.hands[p]
        self._p.game_state = g.apply_unchecked(s, a)
        self._p.legal = None
        text = g.action_text(a)
        gained = self._p.game_state.hands[p] & ~before if not g.is_terminal(self._p.game_state) else 0
        for q, log in enumerate(self._p.logs):
            log.append(f"{p}:{text}" + (f" +{self._shared.binding.mask_text(gained)}" if q == p and gained else ""))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._p.starter < 0:
                return f"start:{action}"
            if self._p.left:
                return f"card:{action}"
            return f"reshuffle-seed:{action}"
        if self._p.game_state is not None:
            a = self.legal_map().get(int(action))
            if a is not None:
                return str(self._shared.binding.game.action_text(a))
        return self._shared.binding.codec.describe(int(action))

    def is_terminal(self) -> bool:
        return self._p.game_state is not None and bool(self._shared.binding.game.is_terminal(self._p.game_state))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._shared.binding.players
        pts = self._shared.binding.points(self._shared.binding.game.returns(self._p.game_state))
        if self._shared.reward == "win":
            return rewards(pts, "win")
        return [float(x) for x in pts]

    # --- imperfect information ------------------------------------------------------------

    def info_log(self, player: int) -> str:
        return " | ".join(self._p.logs[player]) if self._p.logs[player] else f"seat:{player} dealing"

    def view_string(self, player: int) -> str:
        if self._p.game_state is None:
            return f"seat:{player} dealing {len(self._p.deck)}/{self._shared.pack}"
        return str(self._shared.binding.game.observe(self._p.game_state, player).to_string())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SamrapState:
        """A state the seat cannot tell from this one: unseen cards dealt anew (ISMCTS)."""
        clone: SamrapState = self.clone()
        if self._p.game_state is None:
            return clone
        g = self._shared.binding.game
        rng = Random(int(probability_sampler() * 2**53))
        clone._p.game_state = g.resample(g.observe(self._p.game_state, player_id), rng)
        clone._p.legal = None
        for q in range(self._shared.binding.players):
            if q != player_id:
                clone._p.logs[q] = [f"seat:{q} resampled view:{clone.view_string(q)}"]
        return clone

    def __str__(self) -> str:
        if self._p.game_state is None:
            return f"dealing: start {self._p.starter}, {len(self._p.deck)}/{self._shared.pack} cards placed"
        return str(self._p.game_state.to_string())


def _public(v: object) -> int:
    """The mask of public cards a seat sees at the start (Dummy's first upcard, Contract's pile)."""
    cards: tuple[int, ...] = getattr(v, "row", None) or getattr(v, "pile", None) or ()
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


class SamrapObserver:
    """OpenSpiel's PyObserver for a samrap game: the view's encoding, or the perfect-recall log."""

    def __init__(self, binding: Binding, perfect_recall: bool) -> None:
        self.binding = binding
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.tensor = np.zeros(0, dtype=np.float32)
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(binding.layout.size, dtype=np.float32)
            self.dict = binding.layout.views(self.tensor)

    def set_from(self, state: SamrapState, player: int) -> None:
        if self.perfect_recall:
            return
        if state.game_state is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.binding.encode_state(state.game_state, player)

    def string_from(self, state: SamrapState, player: int) -> str:
        return state.info_log(player) if self.perfect_recall else state.view_string(player)


# ---------------------------------------------------------------------------------------------
# The two games


def _dummy_def() -> _GameDef:
    from samrap.env.binding import dummy_binding
    from samrap.env.codec_dummy import KNOCK_VARIANTS

    def make_binding(cfg: Any, params: Mapping[str, Any]) -> Binding:
        return dummy_binding(cfg, knock_variants=int(params.get("knock_variants", KNOCK_VARIANTS)))

    def start(b: Binding, starter: int, deck: tuple[int, ...], extra: int) -> Any:
        return b.spec.start_game(b.game, GameSetup(0, deck, starter, 1, (0,) * b.players))

    return _GameDef(
        short_name="python_samrap_dummy",
        long_name="Python samrap Thai Dummy",
        spec=get_spec("dummy"),
        make_binding=make_binding,
        start=start,
        pack_size=lambda cfg: 52,
        extra_outcomes=0,
        score_bound=10_000.0,
        min_players=2,
        max_players=4,
        extra_params={"knock_variants": KNOCK_VARIANTS, **_config_params(get_spec("dummy"))},
    )


def _contract_def() -> _GameDef:
    from samrap.env.binding_contract import contract_binding

    def start(b: Binding, dealer: int, deck: tuple[int, ...], extra: int) -> Any:
        # The registry deals by the seat that starts, left of the dealer (rule 6); extra seeds reshuffles.
        starter = (dealer + 1) % b.players
        return b.spec.start_game(b.game, GameSetup(0, deck, starter, 1, (0,) * b.players, seed=extra))

    return _GameDef(
        short_name="python_samrap_contract",
        long_name="Python samrap Contract Rummy",
        spec=get_spec("contract"),
        make_binding=lambda cfg, params: contract_binding(cfg),
        start=start,
        pack_size=lambda cfg: int(cfg.pack_size),
        extra_outcomes=RESHUFFLE_SEEDS,
        score_bound=2_000.0,
        min_players=3,
        max_players=8,
        extra_params=_config_params(get_spec("contract")),
    )


def _register(gdef: _GameDef) -> None:
    if gdef.short_name in pyspiel.registered_names():
        return
    params: dict[str, Any] = {"preset": "", "reward": "score", **gdef.extra_params}
    game_type = pyspiel.GameType(
        short_name=gdef.short_name,
        long_name=gdef.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=gdef.max_players,
        min_num_players=gdef.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )
    cls = type(
        "SamrapGame_" + gdef.spec.name,
        (SamrapGame,),
        {"gdef": gdef, "game_type": game_type, "__doc__": gdef.long_name},
    )
    pyspiel.register_game(game_type, cls)


#: Game name -> its OpenSpiel definition: the one place these adapters name a game.
_DEFS: dict[str, Callable[[], _GameDef]] = {"dummy": _dummy_def, "contract": _contract_def}


def register(games: tuple[str, ...] = tuple(_DEFS)) -> None:
    """Register the games with OpenSpiel (idempotent); a game whose package is missing is skipped.

    Raises:
        ValueError: a name has no OpenSpiel definition here.
    """
    for name in games:
        if name not in _DEFS:
            raise ValueError(f"no OpenSpiel definition for {name!r}: {', '.join(_DEFS)}")
        try:
            gdef = _DEFS[name]()
        except ImportError:
            continue
        _register(gdef)
