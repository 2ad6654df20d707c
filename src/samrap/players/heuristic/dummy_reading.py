"""Reading a Thai Dummy opponent's hand from how they play: determinizations that fit it.

A search deals the cards it cannot see at random (``game.resample``: every hand that fits the
seat's view equally likely) and plays each deal out. But a born player (เกิด) melds and lays off
(ฝาก) what they can on their own turn, so a born opponent's hand rarely holds a meld or a card
that fits a meld on the table, and a uniform deal gives them one far too often. Measured by
``python -m bench.reading_rates --games 40`` (seat 0's decisions in 40 seeded two-player games of
``medium`` against itself, the opponent born: 728 positions under ``classic``, 699 under
``modern``): a uniform deal put a meld in the opponent's hand 12-13% of the time where their true
hand never held one, and a card that lays off on the table 44% of the time where the true hand
held one 10% of the time (the table grows between their turns, so some lay-offs are real). In
those deals the playouts' opponent lays off or melds at once, worth points it does not have, and
the search reads every move against that stronger, luckier hand.

:func:`read_resample` deals the same way but keeps a deal with such a hand only with the
probability that a born player would still hold it (:data:`MELD_KEEP`, :data:`LAYOFF_KEEP`, the
ratios of the true rates to the uniform ones above): rejection sampling, so the deals kept are
the uniform ones weighted by that likelihood. Cards publicly known to be in the hand are not
held against it (a collect may leave a known card that lays off). It reads the view only.

A second tell holds for every opponent, born or not: a row card that lay there when they last
drew, and that two cards of their hand would meld with, is one they passed over (เก็บ would
have put the meld down, and made them born). In the same games a uniform deal gave the opponent
two such cards 10% of the time when born and 21-22% when not, their true hands 3% and 5-6%;
such deals are kept with :data:`PASSED_KEEP`. With all three, the reading's deals show the tells
about 1%, 15-16% and 5-10% of the time (the same tool's ``read`` column).
"""

from __future__ import annotations

from functools import lru_cache
from random import Random

from samrap.core.cardset import CardSet
from samrap.core.melds import extension_cards, meldable_cards
from samrap.games.dummy.observe import DummyView, resample
from samrap.games.dummy.state import DummyState
from samrap.players.heuristic.dummy import completers

#: The chance a born opponent still holds a meld after their turn (true 0% against 12-13%).
MELD_KEEP = 0.02
#: The chance a born opponent holds a card that lays off on the table (true 10% against 44%).
LAYOFF_KEEP = 0.15
#: The chance an opponent holds two cards that meld with a row card they drew past (true 3-6%
#: against 10-22%).
PASSED_KEEP = 0.3
#: Deals drawn at most for one determinization; the last is kept if none passes.
TRIES = 12


@lru_cache(maxsize=16)
def _tells(view: DummyView) -> tuple[tuple[int, CardSet, bool, bool, CardSet], ...]:
    """``(seat, table lay-off cards or 0, meld test on, lay-off test on, passed-over row cards)``
    for each opponent with unknown cards and something to read; a test is off where the publicly
    known cards already fail it, and the born tests are off for an opponent not born."""
    ace_low = view.config.ace_low
    ext = 0
    for m in view.melds:
        ext |= extension_cards(m, ace_low)
    out = []
    for q in range(view.config.players):
        if q == view.seat or view.hand_sizes[q] <= view.known[q].bit_count():
            continue
        known = view.known[q]
        passed = 0
        last = max((j for j, by in enumerate(view.row_by) if by == q), default=0)
        for j in range(last):
            if view.row_by[j] != q:
                passed |= 1 << view.row[j]
        if passed and completers(known, ace_low) & passed:
            passed = 0
        born = view.is_born(q)
        melds = born and not meldable_cards(known, ace_low)
        layoffs = born and not known & ext
        if melds or layoffs or passed:
            out.append((q, ext if layoffs else 0, melds, layoffs, passed))
    return tuple(out)


def read_resample(view: DummyView, rng: Random) -> DummyState:
    """A determinization of ``view`` weighted by how the opponents play (module docstring).

    Draws from ``rng`` only, so a seeded search stays seeded.
    """
    checks = _tells(view)
    s = resample(view, rng)
    if not checks or view.revealed:
        return s
    ace_low = view.config.ace_low
    for _ in range(TRIES - 1):
        keep = 1.0
        for q, ext, melds, layoffs, passed in checks:
            hand = s.hands[q]
            if melds and meldable_cards(hand, ace_low):
                keep *= MELD_KEEP
            if layoffs and hand & ext:
                keep *= LAYOFF_KEEP
            if passed and completers(hand, ace_low) & passed:
                keep *= PASSED_KEEP
        if keep >= 1.0 or rng.random() < keep:
            return s
        s = resample(view, rng)
    return s
