"""The per-deal table: hand sizes (rule 5) and contracts (rule 7)."""

from __future__ import annotations

DEALS = 7

#: Cards dealt to each player in deals 1..7 (rule 5) under the seed's ``ten_card_deals`` = 4.
HAND_SIZES: tuple[int, ...] = (10, 10, 10, 10, 12, 12, 12)
MAX_HAND = max(HAND_SIZES)

#: ``(sets, runs)`` the contract of deals 1..7 asks for (rule 7).
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))

#: The deal in which going down means going out at once (rule 17).
LAST_DEAL = 7


def hand_size(deal: int, ten_card_deals: int = 4) -> int:
    """Cards dealt in deal 1..7: 10 in the first ``ten_card_deals`` deals, 12 after (rule 5)."""
    if not 1 <= deal <= DEALS:
        raise IndexError(f"deals are numbered 1 to {DEALS}, not {deal}")
    return 10 if deal <= ten_card_deals else 12


def contract(deal: int) -> tuple[int, int]:
    """``(sets, runs)`` for deal 1..7."""
    return CONTRACTS[deal - 1]


def contract_text(deal: int) -> str:
    """``two sets``, ``one set + one run``, ... for people."""
    words = ("no", "one", "two", "three")
    sets, runs = contract(deal)
    parts = []
    if sets:
        parts.append(f"{words[sets]} set{'s' if sets > 1 else ''}")
    if runs:
        parts.append(f"{words[runs]} run{'s' if runs > 1 else ''}")
    return " + ".join(parts)
