"""A go-down chosen a meld at a time: which melds may come next (rules 13, 22, 30).

Rule 22 makes the whole contract one move, and :func:`rules.legal_moves` lists every go-down
whole: in rare hands of 30-60 cards that is tens of thousands of moves. The *actions* of
:func:`rules.legal_actions` choose the same go-down one meld at a time, in ``sort_specs`` order,
so each list is short. ``next_melds(s, prefix)`` is the set of ``g[len(prefix)]`` over the legal
whole go-downs ``g`` of ``s`` that begin with ``prefix``: every meld listed can still be completed
into a legal go-down, and choosing a go-down stage by stage reaches exactly the legal go-downs.

This module holds the plain definition (:func:`next_melds_plain`), read off the whole listing;
:func:`next_melds` is what the listing calls.
"""

from __future__ import annotations

from samrap.games.contract.actions import GoDown
from samrap.games.contract.melds import Spec
from samrap.games.contract.state import ContractState

__all__ = ["next_melds", "next_melds_plain"]


def next_melds_plain(s: ContractState, prefix: tuple[Spec, ...]) -> list[Spec]:
    """The melds that may follow ``prefix`` in a go-down of the player to move, in
    ``Spec.order_key`` order, each once; read off the whole listing (the definition)."""
    from samrap.games.contract.turn import play_actions

    i = len(prefix)
    seen: set[Spec] = set()
    for a in play_actions(s):
        if isinstance(a, GoDown) and a.melds[:i] == prefix and len(a.melds) > i:
            seen.add(a.melds[i])
    return sorted(seen, key=Spec.order_key)


def next_melds(s: ContractState, prefix: tuple[Spec, ...]) -> list[Spec]:
    """:func:`next_melds_plain`, the listing's entry point."""
    return next_melds_plain(s, prefix)
