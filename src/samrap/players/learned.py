"""The ``learned`` level: a small numpy MLP policy for Thai Dummy, trained through ``dummy_v0``.

Why it is built this way (issue 24.4, docs/bots.md "learned"):

* It sees exactly what a seat's agent in the research environment sees: the seat's
  :class:`DummyView` turned into the environment's observation vector (``env.encode_dummy``,
  built from the view alone) and the legal moves turned into the environment's action ids
  (``env.codec_dummy``). The network was trained on those vectors and ids (``examples/
  train_learned.py``), so the bot and the environment must share one encoder and one codec:
  that is why this module (alone in ``players``) imports two ``samrap.env`` modules (a declared
  exception in ``pyproject.toml``'s layer contract).
* Inference is numpy only: three matrix products per decision, and only the legal moves' output
  columns are computed. No deep-learning framework is needed to play.
* numpy is not a dependency of the core install (only of the ``env`` extra), so numpy and the
  ``samrap.env`` modules are imported when the first learned bot is built, and a missing numpy
  is a clear :class:`LearnedUnavailable` error naming the extra to install.
* It picks the legal move with the highest score (no sampling), so it ignores ``rng``: the same
  view and legal moves always give the same move.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Protocol, TypeVar

from samrap.engine.protocol import ConfigLike

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from samrap.env.codec_dummy import DummyCodec
    from samrap.env.encode_dummy import DummyEncoder

    Array = npt.NDArray[np.float32]

A = TypeVar("A")

#: The weights shipped with the package (``examples/train_learned.py`` writes them).
WEIGHTS = Path(__file__).resolve().parent / "data" / "learned-dummy.npz"


class LearnedUnavailable(RuntimeError):
    """The learned level cannot play here: numpy is missing, or the weights are missing or do not fit."""


def _need_numpy() -> None:
    """Raise a clear error when numpy is missing (the functions below import it where they use it)."""
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - the test install has numpy
        raise LearnedUnavailable(
            "the 'learned' bot needs numpy, which the core install leaves out: pip install 'samrap[env]'"
        ) from None


class _View(Protocol):
    """What the bot reads of a view itself: its config (the encoder reads the rest)."""

    @property
    def config(self) -> ConfigLike: ...


@dataclass(frozen=True, slots=True)
class Net:
    """The policy network: ``layers`` is ``[(W, b), ...]``, ReLU between them, logits at the end.

    Pure numpy (float32); :meth:`logits` gives every action's logit, :meth:`scores` only the
    columns of ``ids`` (what a decision needs: a tenth of the last product or less).
    """

    layers: tuple[tuple[Array, Array], ...]
    meta: dict[str, object]

    @property
    def obs_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def hidden(self, x: Array) -> Array:
        import numpy as np

        h = x
        for w, b in self.layers[:-1]:
            h = np.maximum(h @ w + b, 0.0)
        return h

    def logits(self, x: Array) -> Array:
        w, b = self.layers[-1]
        return self.hidden(x) @ w + b

    def scores(self, x: Array, ids: npt.NDArray[np.int64]) -> Array:
        w, b = self.layers[-1]
        return self.hidden(x) @ w[:, ids] + b[ids]

    def params(self) -> int:
        return sum(int(w.size + b.size) for w, b in self.layers)


def load_net(path: Path | str | None = None) -> Net:
    """The network stored at ``path`` (default: the shipped :data:`WEIGHTS`).

    Raises:
        LearnedUnavailable: no numpy, no such file, or a file that is not a samrap policy.
    """
    _need_numpy()
    import numpy as np

    p = Path(path) if path is not None else WEIGHTS
    if not p.is_file():
        raise LearnedUnavailable(f"no learned weights at {p}: run examples/train_learned.py to make them")
    try:
        with np.load(p, allow_pickle=False) as z:
            n = int(z["layers"])
            layers = tuple((z[f"w{k}"].astype(np.float32), z[f"b{k}"].astype(np.float32)) for k in range(n))
            meta = json.loads(str(z["meta"]))
    except (KeyError, ValueError, OSError) as e:
        raise LearnedUnavailable(f"{p} is not a learned policy file: {e}") from None
    for (w, b), (w2, _) in itertools.pairwise(layers):
        if w.shape[1] != b.shape[0] or w.shape[1] != w2.shape[0]:
            raise LearnedUnavailable(f"{p}: layer shapes do not chain ({w.shape}, {b.shape}, {w2.shape})")
    return Net(layers, meta)


def save_net(path: Path | str, layers: Sequence[tuple[Array, Array]], meta: dict[str, object]) -> None:
    """Write a policy file (float32 weights, compressed) that :func:`load_net` reads."""
    import numpy as np

    arrays: dict[str, npt.NDArray[np.generic]] = {
        "layers": np.array(len(layers)),
        "meta": np.array(json.dumps(meta, sort_keys=True)),
    }
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]  # numpy types **kwds as allow_pickle too


class LearnedPlayer:
    """A Thai Dummy player that plays the network's highest-scoring legal move (see the module docstring).

    It is given the seat's view and the legal moves, like every player; the observation vector
    and action ids are computed from those alone.
    """

    def __init__(self, name: str = "learned", net: Net | None = None) -> None:
        self._name = name
        self.net = net if net is not None else _shared_net()
        #: config -> (encoder, codec): built once per config the bot meets
        self._tools: dict[ConfigLike, tuple[DummyEncoder, DummyCodec]] = {}

    @property
    def name(self) -> str:
        return self._name

    def _tools_for(self, config: ConfigLike) -> tuple[DummyEncoder, DummyCodec]:
        tools = self._tools.get(config)
        if tools is None:
            from samrap.env.codec_dummy import DummyCodec
            from samrap.env.encode_dummy import DummyEncoder

            enc, codec = DummyEncoder(config), DummyCodec(config)  # type: ignore[arg-type]  # a Dummy config
            if enc.size != self.net.obs_size or codec.num_actions != self.net.num_actions:
                raise LearnedUnavailable(
                    f"the learned policy was trained for {self.net.meta.get('config', '?')} "
                    f"({self.net.obs_size} inputs, {self.net.num_actions} actions); {config.to_string()} has "
                    f"{enc.size} inputs and {codec.num_actions} actions"
                )
            tools = self._tools[config] = (enc, codec)
        return tools

    def choose(self, view: _View, legal: Sequence[A], rng: Random, budget: object = None) -> A:
        """The legal move whose action id the network scores highest (``rng`` and ``budget`` unused).

        ``view`` is a Dummy view and ``legal`` Dummy moves (``learned_for`` refuses other games);
        the codec's legal map reads only the row of its first argument, which a view has.
        """
        if len(legal) == 1:
            return legal[0]
        import numpy as np

        enc, codec = self._tools_for(view.config)
        by_id: dict[int, A] = codec.legal_map(view, legal)  # type: ignore[arg-type, assignment]
        if not by_id:  # pragma: no cover - every legal move but a capped knock variant has an id
            return legal[0]
        ids = np.fromiter(by_id, dtype=np.int64, count=len(by_id))
        s = self.net.scores(enc.encode(view), ids)  # type: ignore[arg-type]
        return by_id[int(ids[int(np.argmax(s))])]


_NET: list[Net] = []


def _shared_net() -> Net:
    """The shipped network, loaded once per process (every learned bot shares the read-only arrays)."""
    if not _NET:
        _NET.append(load_net())
    return _NET[0]


def learned_for(game: object, name: str = "learned") -> LearnedPlayer:
    """The learned bot for ``game``, a Thai Dummy game: reached through Dummy's coach
    (``players/coaches/dummy.py``), so ``make_bot("learned", other_game)`` is refused before here.

    Raises:
        LearnedUnavailable: numpy or the weights are missing.
    """
    return LearnedPlayer(name)
