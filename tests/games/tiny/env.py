"""Tiny Rummy for the environments: its action codec and observation encoder, and its binding.

Ids: 0 is the draw, ``1 + card`` the discard of ``card`` (13 in all). The observation is the
seat's hand, the discards, the stock left and whether the seat has drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from samrap.engine.protocol import ConfigLike
from samrap.env.binding import Binding, bounds, spec_config
from samrap.env.codec import CodecError, Segment
from samrap.env.observation import ObsLayout, Vector
from tests.games.tiny.game import CARDS, Discard, Draw, TinyAction, TinyGame, TinyState, TinyView, card_text

LAYOUT = ObsLayout(
    [
        ("hand", (CARDS,), "the seat's cards"),
        ("discards", (CARDS,), "the cards discarded"),
        ("stock", (1,), "the stock left, as a share of the deck"),
        ("drawn", (1,), "1 once the seat has drawn this turn"),
    ]
)


class TinyCodec:
    """Draw -> 0, discard of ``card`` -> ``1 + card``."""

    num_actions = 1 + CARDS
    segments = (Segment("draw", 0, 1, "D"), Segment("discard", 1, CARDS, "X card: 1 + card id"))

    def legal_map(self, s: TinyState, legal: Sequence[TinyAction]) -> dict[int, TinyAction]:
        return {self.encode(s, a): a for a in legal}

    def encode(self, s: TinyState, a: TinyAction) -> int:
        return 0 if isinstance(a, Draw) else 1 + a.card

    def decode(self, s: TinyState, i: int) -> TinyAction:
        if not 0 <= i < self.num_actions:
            raise CodecError(f"no Tiny Rummy action has id {i}")
        return Draw() if i == 0 else Discard(i - 1)

    def describe(self, i: int) -> str:
        return "D" if i == 0 else f"X {card_text(i - 1)}"


def encode(view: TinyView) -> Vector:
    out = LAYOUT.zeros()
    parts = LAYOUT.views(out)
    for c in range(CARDS):
        parts["hand"][c] = view.hand >> c & 1
    for c in view.discards:
        parts["discards"][c] = 1.0
    parts["stock"][0] = view.stock_left / CARDS
    parts["drawn"][0] = float(view.drawn and view.current == view.seat)
    return out


def tiny_binding(config: ConfigLike | str | None = None, **options: Any) -> Binding:
    spec, cfg = spec_config("tiny", config, options)
    game = TinyGame(cfg)
    low, high = bounds(LAYOUT, {})
    return Binding(
        spec=spec,
        config=cfg,
        game=game,
        codec=TinyCodec(),
        layout=LAYOUT,
        encode=encode,
        encode_state=lambda s, seat: encode(game.observe(s, seat)),
        low=low,
        high=high,
        mask_text=lambda mask: " ".join(card_text(c) for c in range(CARDS) if mask >> c & 1),
    )


__all__ = ["LAYOUT", "TinyCodec", "tiny_binding"]
