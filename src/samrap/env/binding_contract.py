"""The Contract Rummy :class:`~samrap.env.binding.Binding` (one deal per episode)."""

from __future__ import annotations

from typing import Any

from samrap.env.binding import Binding, _config
from samrap.env.codec_contract import GO_DOWN_VARIANTS, MELD_VARIANTS, ContractCodec
from samrap.env.encode_contract import ContractEncoder, contract_bounds


def contract_binding(
    config: Any = None,
    *,
    go_down_variants: int = GO_DOWN_VARIANTS,
    meld_variants: int = MELD_VARIANTS,
    **options: Any,
) -> Binding:
    """The Contract Rummy binding for ``config`` (a ``ContractConfig`` or config string) or options.

    ``options`` are ``ContractConfig`` fields (``players=3``, ``buying=True``) and ``preset``
    (``pagat``, ``liverpool``) applied on top of ``config`` (default: the ``seed`` preset). An
    episode is one deal: deal 1 unless the game is started otherwise.
    """
    from samrap.games.contract import match
    from samrap.games.contract.config import ContractConfig
    from samrap.games.contract.game import ContractGame

    cfg = _config(ContractConfig, "contract", config, options)
    encoder = ContractEncoder(cfg)
    low, high = contract_bounds(cfg, encoder.layout)
    game = ContractGame(cfg)

    def next_game(s: Any, seed: int) -> Any:
        nxt = match.next_deal(s)  # the deal passes left; None after deal 7 (rules 5, 6)
        if nxt is None:
            return None
        return game.new_game(seed, dealer=nxt.dealer, deal_number=nxt.deal, scores=nxt.scores)

    return Binding(
        name="contract",
        config=cfg,
        game=game,
        codec=ContractCodec(cfg, go_down_variants=go_down_variants, meld_variants=meld_variants),
        layout=encoder.layout,
        encode=encoder.encode,
        encode_state=encoder.encode_state,
        low=low,
        high=high,
        higher_is_better=False,
        max_game_length=game.max_game_length,
        mask_text=cfg.pack.mask_text,
        next_game=next_game,
        match_totals=match.match_totals,
    )
