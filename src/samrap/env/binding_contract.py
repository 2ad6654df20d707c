"""The Contract Rummy :class:`~samrap.env.binding.Binding` (one deal per episode)."""

from __future__ import annotations

from typing import Any

from samrap.engine.protocol import ConfigLike
from samrap.env.binding import Binding, spec_config
from samrap.env.codec_contract import GO_DOWN_VARIANTS, MELD_VARIANTS, ContractCodec
from samrap.env.encode_contract import ContractEncoder, contract_bounds


def contract_binding(
    config: ConfigLike | str | None = None,
    *,
    go_down_variants: int = GO_DOWN_VARIANTS,
    meld_variants: int = MELD_VARIANTS,
    **options: Any,
) -> Binding:
    """The Contract Rummy binding for ``config`` (a ``ContractConfig`` or config string) or options.

    ``options`` are ``ContractConfig`` fields (``players=3``, ``buying=True``) and ``preset``
    (``pagat``, ``liverpool``) applied on top of ``config`` (default: the ``seed`` preset). An
    episode is one deal: deal 1 unless the game is started otherwise; the match flow (the deal
    passing left, seven deals) comes from the registry entry.
    """
    from samrap.games.contract.game import ContractGame

    spec, cfg = spec_config("contract", config, options)
    encoder = ContractEncoder(cfg)
    low, high = contract_bounds(cfg, encoder.layout)
    return Binding(
        spec=spec,
        config=cfg,
        game=ContractGame(cfg),
        codec=ContractCodec(cfg, go_down_variants=go_down_variants, meld_variants=meld_variants),
        layout=encoder.layout,
        encode=encoder.encode,
        encode_state=encoder.encode_state,
        low=low,
        high=high,
        mask_text=cfg.pack.mask_text,
    )
