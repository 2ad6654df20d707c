"""Thai Dummy: put cards down when an opponent is near knocking (a root filter for the search).

Why a rule and not more search: the search's determinizations deal the opponent's hidden cards at
random, but a player holding two or three cards kept them because they fit, so a random deal
underrates the knock that is coming; and a few hundred playouts cannot tell that apart. Games
checked by hand showed ``hard`` holding melds and lay-offs while the opponent was one or two cards
from knocking (น็อค); every card still in hand at a knock counts against its holder, every card on
the table for it.

So when another seat holds at most :data:`THREAT_CARDS` cards and the seat, in its play phase,
can meld or lay off and still keep at least two cards (a put-down that leaves one card forces a
knock, which may lose; the heuristic declines those too), the discards are taken out of the
search's root: it still chooses which meld or lay-off, or a knock. Everything it reads is in the
seat's view (hand sizes are public).
"""

from __future__ import annotations

from collections.abc import Sequence

from samrap.games.dummy.actions import DummyAction, Knock, LayOff, Meld
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import Phase

#: An opponent with this many cards or fewer in hand may knock on their next turn.
THREAT_CARDS = 3


def _keeps(view: DummyView, a: DummyAction) -> int:
    """Cards left in hand after the put-down ``a`` (-1 for anything else)."""
    if isinstance(a, Meld):
        return (view.hand & ~a.cards).bit_count()
    if isinstance(a, LayOff):
        return view.hand.bit_count() - 1
    return -1


def threatened(view: DummyView) -> bool:
    """Another seat, still in the game, holds few enough cards to knock next turn."""
    return any(0 < n <= THREAT_CARDS for q, n in enumerate(view.hand_sizes) if q != view.seat)


def near_knock_defence(view: DummyView, legal: Sequence[DummyAction]) -> Sequence[DummyAction]:
    """``legal`` without its discards when an opponent is near knocking and a safe put-down exists."""
    if view.phase is not Phase.PLAY or not threatened(view):
        return legal
    safe = [a for a in legal if _keeps(view, a) >= 2]
    if not safe:
        return legal
    return [a for a in legal if isinstance(a, Knock) or _keeps(view, a) >= 1]
