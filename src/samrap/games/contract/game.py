"""ContractGame: the game object every interface uses (the engine protocol, DESIGN §7.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from samrap.core.rng import Random, make_rng, shuffled
from samrap.games.contract import rules, scoring
from samrap.games.contract.actions import ContractAction, parse_action
from samrap.games.contract.config import SEED, ContractConfig
from samrap.games.contract.observe import ContractView, observe, resample
from samrap.games.contract.state import OVER_PHASE, ContractState, LedgerItem

TERMINAL = -1


def max_game_length(config: ContractConfig) -> int:
    """The most actions one deal can take under ``config``.

    A turn has one draw, at most ``players - 1`` claim answers and one discard; every go-down,
    meld or lay-off puts at least one card on the table for good and every joker exchange puts a
    natural card there for good, so a whole deal has at most twice the pack of those; and a deal
    has at most ``max_turns`` turns (the cap that ends a deal of endless discard trading). A
    go-down chosen a meld at a time (``legal_actions``' ``G+``) takes one action per meld, each
    meld three cards or more that reach the table with the last one: still at most one action
    per card put down, so the bound holds for actions as for moves.
    """
    return config.max_turns * (config.players + 1) + 2 * config.pack_size


#: :func:`max_game_length` of the default (``seed``) config; random play stays far below it.
MAX_GAME_LENGTH = max_game_length(SEED)


@dataclass(frozen=True, slots=True)
class ContractGame:
    """Contract Rummy under one config. Stateless: every method is a function of its arguments."""

    config: ContractConfig = field(default_factory=lambda: SEED)
    name = "contract"

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def max_game_length(self) -> int:
        return max_game_length(self.config)

    def deal_order(self, seed: int) -> tuple[int, ...]:
        """The deck order a seed gives (the deal's chance event): a permutation of the pack's ids."""
        return shuffled(range(self.config.pack_size), make_rng(seed))

    def first_dealer(self, seed: int) -> int:
        """Rule 6 and 31: everyone cuts a card and the lowest deals (ace low).

        A tie for the lowest card makes the tied players cut again; a cut joker makes everyone
        still cutting cut again. The cuts come from a generator seeded by ``seed``.
        """
        rng = make_rng(f"contract-cut:{seed}")
        pack = self.config.pack
        cutting = list(range(self.players))
        while True:
            deck = shuffled(range(pack.size), rng)
            cuts = {q: pack.faces[deck[i]] for i, q in enumerate(cutting)}
            if any(f == 52 for f in cuts.values()):
                continue
            ranks = {q: (f % 13 + 1) % 13 for q, f in cuts.items()}  # ace low: A=0, 2=1, ..., K=12
            low = min(ranks.values())
            cutting = [q for q in cutting if ranks[q] == low]
            if len(cutting) == 1:
                return cutting[0]

    def new_game(
        self,
        seed: int | None = None,
        *,
        deck: Sequence[int] | None = None,
        dealer: int | None = None,
        deal_number: int = 1,
        scores: Sequence[int] | None = None,
    ) -> ContractState:
        """A new deal from a seed, an explicit deck order, or both.

        The seed gives the deck order (unless ``deck`` is given), the first dealer (unless
        ``dealer`` is given, rule 6) and the seed of the empty-stock reshuffles (rule 28). With a
        deck alone the reshuffle seed is derived from the deck order, so the deal still replays.
        """
        if seed is None and deck is None:
            raise ValueError("give a seed, a deck order, or both")
        if deck is None:
            assert seed is not None
            deck = self.deal_order(seed)
        if dealer is None:
            dealer = self.first_dealer(seed) if seed is not None else 0
        source = f"contract-stock:{seed}" if seed is not None else "contract-stock:" + ",".join(map(str, deck))
        reshuffle_seed = make_rng(source).getrandbits(63)
        return rules.new_deal(self.config, deck, dealer, deal_number, scores, reshuffle_seed)

    def current_player(self, s: ContractState) -> int:
        """The seat to act (the claimer during a claim window), or ``TERMINAL``."""
        return TERMINAL if s.phase is OVER_PHASE else s.to_move()

    #: The decision steps, every list short: a go-down chosen a meld at a time (``G+``). The
    #: rules' function itself, not a method calling it: a playout calls it once an action, and
    #: a frame saved there and in ``apply_unchecked`` is measurable (callgrind, docs/performance.md).
    legal_actions = staticmethod(rules.legal_actions)

    def legal_moves(self, s: ContractState) -> list[ContractAction]:
        """Every legal move as the rules write it (a go-down whole, rule 22), in ``sort_key`` order."""
        return rules.legal_moves(s)

    def apply(self, s: ContractState, a: ContractAction, seat: int | None = None) -> ContractState:
        return rules.apply(s, a, seat)

    #: ``rules.apply_unchecked`` itself (as ``legal_actions``: no frame of its own).
    apply_unchecked = staticmethod(rules.apply_unchecked)

    def is_terminal(self, s: ContractState) -> bool:
        # (the module constant, not ``Phase.OVER``: see state.py on why)
        return s.phase is OVER_PHASE

    def returns(self, s: ContractState) -> tuple[int, ...]:
        """Penalty points per seat for this deal (rule 20); lower is better, zeros before the end."""
        return scoring.deal_scores(s)

    def ledger(self, s: ContractState) -> tuple[LedgerItem, ...]:
        return scoring.ledger(s)

    def observe(self, s: ContractState, seat: int) -> ContractView:
        return observe(s, seat)

    def resample(self, v: ContractView, rng: Random) -> ContractState:
        return resample(v, rng)

    def parse_action(self, text: str) -> ContractAction:
        return parse_action(text)

    def action_text(self, a: ContractAction) -> str:
        return a.text()

    def state_from_string(self, text: str) -> ContractState:
        return ContractState.from_string(text)

    def view_from_string(self, text: str) -> ContractView:
        return ContractView.from_string(text)
