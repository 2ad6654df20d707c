"""The moves a player may try after the draw, before rule 30 is asked of them.

:func:`go_down_query` poses the go-down question for a hand (rules 13, 17, 22; the answers come
from :mod:`search`), and :func:`table_moves` lists a player who is down's lay-offs, joker
exchanges and (option) new melds (rules 14, 16). Both are plain generators: which of their moves
are legal is for :mod:`lookahead` (rule 30) and :mod:`turn` (the listing) to say.
"""

from __future__ import annotations

from collections.abc import Iterator

from samrap.games.contract.actions import (
    ContractAction,
    Meld,
    exchange,
    layoff,
)
from samrap.games.contract.candidates import all_melds
from samrap.games.contract.cards import bits
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.melds import RUN, ext_faces
from samrap.games.contract.search import ContractQuery
from samrap.games.contract.state import ContractState


def go_down_query(s: ContractState, minimal: bool, hand: int = -1) -> ContractQuery:
    """The go-downs of the player in turn, holding ``hand`` (default: their hand)."""
    cfg = s.config
    if hand < 0:
        hand = s.hands[s.current]
    layers, jokers = cfg.pack.face_layers(hand)
    sets, runs = contract(s.deal)
    last = s.deal == LAST_DEAL
    totals = None
    if last:
        n = hand.bit_count()
        totals = frozenset((n, n - 1)) if cfg.deal7_discard else frozenset((n,))
    full_sizes = last or (cfg.same_suit_runs == "not_adjacent" and runs >= 2)
    exact = (cfg.contract_exact and not last) or (minimal and not full_sizes)
    return ContractQuery(
        layers,
        jokers,
        sets,
        runs,
        min_run=cfg.min_run,
        exact=exact,
        run_rule=cfg.same_suit_runs,
        totals=totals,
        any_suits=cfg.any_suit_sets,
    )


def table_moves(s: ContractState) -> Iterator[ContractAction]:
    """Lay-offs, joker exchanges and (option) new melds of a player who is down, unchecked.

    They come in ``sort_key`` order: melds, then lay-offs by meld, then exchanges by meld.
    """
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    faces = pack.faces_of(hand)
    if cfg.melds_after_down:
        jokers = (hand & pack.jokers_mask).bit_count()
        layers = pack.face_layers(hand)[0] if cfg.any_suit_sets else None
        for spec in all_melds(faces, jokers, cfg.min_run, layers):
            yield Meld(spec)
    has_joker = bool(hand & pack.jokers_mask)
    for t, m in enumerate(s.melds):
        ext = ext_faces(m)
        held = ext & faces
        if held:
            for f in bits(held):
                yield layoff(f, t)
        if has_joker:
            if m.lo and m.kind != RUN:  # a set of any suits: one joker lay-off, its suit fixed
                yield layoff(m.joker_layoff_face(), t, True)
                continue
            for f in bits(ext):
                yield layoff(f, t, True)
    if not s.went_down:
        for t, m in enumerate(s.melds):
            if m.kind == RUN and m.jokers:
                for _, f in m.jokers:
                    if faces >> f & 1:
                        yield exchange(f, t)
