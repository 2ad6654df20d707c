"""The match: seven deals, the deal passing left, the lowest total winning (rules 5, 6, 21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samrap.games.contract.contracts import DEALS, hand_size
from samrap.games.contract.scoring import deal_scores
from samrap.games.contract.state import ContractState

__all__ = ["DEALS", "NextDeal", "hand_size", "is_match_over", "match_totals", "match_winners", "next_deal"]


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the next deal needs: its number, its dealer and the totals so far."""

    deal: int
    dealer: int
    scores: tuple[int, ...]


def match_totals(s: ContractState) -> tuple[int, ...]:
    """The match totals after the finished deal ``s``."""
    return tuple(a + b for a, b in zip(s.scores, deal_scores(s), strict=True))


def next_deal(s: ContractState) -> NextDeal | None:
    """The next deal after the finished deal ``s`` (the deal passes left, rule 6), or ``None`` after deal 7."""
    if s.deal >= DEALS:
        return None
    return NextDeal(s.deal + 1, (s.dealer + 1) % s.players, match_totals(s))


def is_match_over(s: ContractState) -> bool:
    return s.is_over and s.deal >= DEALS


def match_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total; an exact tie shares the win (rule 21)."""
    best = min(totals)
    return tuple(q for q, t in enumerate(totals) if t == best)
