"""What one seat may know (its observation) and determinizations consistent with it.

A seat sees its own hand; other hands only as sizes plus the cards everyone saw go into them
(taken from the pile, bought, a joker taken back: ``known``); the whole discard pile and every
table meld with its jokers' identities; who is down and the turn's duties (the forbidden face,
the deep card, pending jokers: everyone watched the pick-up); buys, reshuffles, the stock's size
and the scores. At the end of a deal the hands are shown, as they are counted in the open. The
stock order and the reshuffle seed are never shown. The melds of a go-down being put down a meld
at a time (``ContractState.staging``) are the mover's own: only its view holds them; every other
seat sees the same view whether a go-down is under way or not (rule 22: nothing shows until the
whole contract is down).
"""

from __future__ import annotations

from dataclasses import dataclass

from samrap.core.rng import Random
from samrap.games.contract.cards import bits
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.melds import Spec, TableMeld
from samrap.games.contract.state import ContractState, Phase


@dataclass(frozen=True, slots=True)
class ContractView:
    """One seat's observation. Hashable: it is also the information-set key.

    ``staging`` holds the melds of a go-down the seat itself is putting down a meld at a time
    (empty in every other seat's view, and for a spectator built from a view, which must clear it
    with the hand).
    """

    seat: int
    config: ContractConfig
    deal: int
    dealer: int
    phase: Phase
    current: int
    claimer: int
    hand: int
    hand_sizes: tuple[int, ...]
    known: tuple[int, ...]
    stock_size: int
    pile: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    down: int
    went_down: bool
    forbid: int
    deep: int
    pending: int
    buys: tuple[int, ...]
    reshuffles: int
    turns: int
    scores: tuple[int, ...]
    out: int
    revealed: tuple[int, ...]
    staging: tuple[Spec, ...] = ()

    def to_move(self) -> int:
        return self.claimer if self.phase is Phase.CLAIM else self.current

    def to_string(self) -> str:
        from samrap.games.contract.notation import view_to_string

        return view_to_string(self)

    @classmethod
    def from_string(cls, text: str) -> ContractView:
        from samrap.games.contract.notation import view_from_string

        return view_from_string(text)


def observe(s: ContractState, seat: int) -> ContractView:
    """The observation of ``seat`` (0 <= seat < players)."""
    over = s.phase is Phase.OVER
    return ContractView(
        seat=seat,
        config=s.config,
        deal=s.deal,
        dealer=s.dealer,
        phase=s.phase,
        current=s.current,
        claimer=s.claimer,
        hand=s.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        known=s.known,
        stock_size=len(s.stock),
        pile=s.pile,
        melds=s.melds,
        down=s.down,
        went_down=s.went_down,
        forbid=s.forbid,
        deep=s.deep,
        pending=s.pending,
        buys=s.buys,
        reshuffles=s.reshuffles,
        turns=s.turns,
        scores=s.scores,
        out=s.out,
        revealed=s.hands if over else (),
        staging=s.staging if seat == s.current else (),
    )


def unseen_cards(v: ContractView) -> int:
    """Cards whose place ``v.seat`` does not know: other hands' unknown part and the stock."""
    seen = v.hand
    for c in v.pile:
        seen |= 1 << c
    for m in v.melds:
        seen |= m.cards
    for k in v.known:
        seen |= k
    for h in v.revealed:
        seen |= h
    return v.config.pack.full & ~seen


def resample(v: ContractView, rng: Random) -> ContractState:
    """A full state drawn uniformly among those consistent with ``v`` (a determinization).

    Public cards stay where everyone knows they are and the seat's own hand stays; the unseen
    cards are shuffled into the other hands' unknown parts and the stock, and the reshuffle seed
    is drawn afresh. A go-down the seat is putting down a meld at a time stays under way.
    """
    n = v.config.players
    pool = bits(unseen_cards(v))
    rng.shuffle(pool)
    hands = list(v.revealed) if v.revealed else [0] * n
    k = 0
    if not v.revealed:
        for q in range(n):
            if q == v.seat:
                hands[q] = v.hand
                continue
            h = v.known[q]
            need = v.hand_sizes[q] - h.bit_count()
            for c in pool[k : k + need]:
                h |= 1 << c
            k += need
            hands[q] = h
    return ContractState(
        config=v.config,
        deal=v.deal,
        dealer=v.dealer,
        phase=v.phase,
        current=v.current,
        claimer=v.claimer,
        hands=tuple(hands),
        known=v.known,
        stock=tuple(pool[k:]),
        pile=v.pile,
        melds=v.melds,
        down=v.down,
        went_down=v.went_down,
        forbid=v.forbid,
        deep=v.deep,
        pending=v.pending,
        buys=v.buys,
        reshuffles=v.reshuffles,
        seed=rng.getrandbits(63),
        turns=v.turns,
        scores=v.scores,
        out=v.out,
        staging=v.staging,
    )
