"""Terse builders for Contract Rummy scenario tests.

Cards are written as physical cards (``7h`` deck 0, ``7h'`` deck 1, ``*0`` joker 0) with optional
spaces; a position is built from what each seat holds, the discard pile, the table melds and the
top of the stock, and checked for card conservation. Cards placed nowhere go to the bottom of the
stock in id order, so every built position is a whole pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from samrap.core.errors import IllegalActionError
from samrap.games.contract import rules
from samrap.games.contract.actions import ContractAction, parse_action
from samrap.games.contract.config import SEED, ContractConfig
from samrap.games.contract.notation import _parse_meld, check_state
from samrap.games.contract.state import ContractState, Phase

PHASES = {"draw": Phase.DRAW, "play": Phase.PLAY, "claim": Phase.CLAIM, "over": Phase.OVER}


def ids(text: str, config: ContractConfig = SEED) -> list[int]:
    """Physical ids in the written order (``"7h 7h' *0"``)."""
    pack = config.pack
    return [pid for pid, _ in pack.parse_ids(text.replace(" ", ""))] if text.strip() else []


def mask(text: str, config: ContractConfig = SEED) -> int:
    out = 0
    for pid in ids(text, config):
        out |= 1 << pid
    return out


def position(
    hands: Sequence[str],
    *,
    pile: str = "",
    melds: Sequence[str] = (),
    stock: str = "",
    rest: str = "stock",
    config: ContractConfig | None = None,
    deal: int = 1,
    turn: int = 0,
    phase: str = "draw",
    down: Iterable[int] = (),
    went_down: bool = False,
    forbid: str = "",
    deep: str = "",
    known: dict[int, str] | None = None,
    buys: Sequence[int] | None = None,
    reshuffles: int = 0,
    seed: int = 1,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
) -> ContractState:
    """A mid-deal position; the number of seats is the number of hands unless ``config`` says.

    Args:
        pile: the discard pile, oldest first (``"Qh 7d 8d"``: 8d is the top).
        melds: table melds as ``owner:cards`` (``"0:7c7d*0=7h"``), in the order put down.
        stock: the top stock cards, top first; the rest of the pack follows in id order.
        rest: where the cards placed nowhere go: under the ``stock``, under the ``pile``, or into
            a seat's hand (``"seat2"``).
    """
    cfg = config if config is not None else ContractConfig(players=len(hands))
    assert cfg.players == len(hands)
    pack = cfg.pack
    n = cfg.players
    hand_masks = tuple(mask(h, cfg) for h in hands)
    table = tuple(_parse_meld(pack, m, cfg.set_suits == "any") for m in melds)
    pile_ids = tuple(ids(pile, cfg))
    top = ids(stock, cfg)
    used = 0
    for m in (*hand_masks, *(t.cards for t in table)):
        used |= m
    for c in (*pile_ids, *top):
        used |= 1 << c
    rest_ids = [c for c in range(pack.size) if not used >> c & 1]
    down_mask = 0
    for q in down:
        down_mask |= 1 << q
    forbid_face = -1
    if forbid:
        forbid_face = 52 if forbid == "*" else pack.faces[ids(forbid, cfg)[0]]
    if rest.startswith("seat"):
        q = int(rest[4:])
        spare = 0
        for c in rest_ids:
            spare |= 1 << c
        hand_masks = (*hand_masks[:q], hand_masks[q] | spare, *hand_masks[q + 1 :])
        rest_ids = []
    s = ContractState(
        config=cfg,
        deal=deal,
        dealer=(turn - 1) % n if dealer is None else dealer,
        phase=PHASES[phase],
        current=turn,
        claimer=-1,
        hands=hand_masks,
        known=tuple(mask((known or {}).get(q, ""), cfg) for q in range(n)),
        stock=(*top, *rest_ids) if rest == "stock" else tuple(top),
        pile=pile_ids if rest == "stock" else (*rest_ids, *pile_ids),
        melds=table,
        down=down_mask,
        went_down=went_down,
        forbid=forbid_face,
        deep=ids(deep, cfg)[0] if deep else -1,
        pending=0,
        buys=tuple(buys) if buys is not None else (0,) * n,
        reshuffles=reshuffles,
        seed=seed,
        turns=0,
        scores=tuple(scores) if scores is not None else (0,) * n,
    )
    check_state(s)
    assert ContractState.from_string(s.to_string()) == s
    return s


def act(s: ContractState, *texts: str) -> ContractState:
    """Apply actions (checked) in order."""
    for t in texts:
        s = rules.apply(s, parse_action(t))
    return s


def legal(s: ContractState) -> set[str]:
    return {a.text() for a in rules.legal_moves(s)}


def legal_of(s: ContractState, kind: str) -> set[str]:
    """The legal actions whose text starts with ``kind`` (``"L"``, ``"G"``, ``"P"`` ...)."""
    return {t for t in legal(s) if t.split(" ")[0].rstrip("0123456789") == kind}


def rule_of(s: ContractState, text: str | ContractAction, seat: int | None = None) -> int | str:
    """The rule number an illegal action breaks (the test fails if it is legal)."""
    a = parse_action(text) if isinstance(text, str) else text
    with pytest.raises(IllegalActionError) as e:
        rules.apply(s, a, seat)
    return e.value.rule
