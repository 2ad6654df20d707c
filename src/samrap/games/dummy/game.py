"""DummyGame: the game object every interface uses (the engine protocol, DESIGN §7.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from samrap.core.rng import Random, make_rng, shuffled
from samrap.games.dummy import rules, scoring
from samrap.games.dummy.actions import DummyAction, parse_action
from samrap.games.dummy.config import CLASSIC, DummyConfig
from samrap.games.dummy.observe import DummyView, observe, resample
from samrap.games.dummy.state import DummyState, LedgerItem, Phase

TERMINAL = -1

#: The most actions one game can take (every turn draws a stock card or moves at least two row
#: cards to the table for good, and a turn has at most a dozen actions); random play stays far below.
MAX_GAME_LENGTH = 2000

_OVER = Phase.OVER


@dataclass(frozen=True, slots=True)
class DummyGame:
    """Thai Dummy under one config. Stateless: every method is a function of its arguments."""

    config: DummyConfig = field(default_factory=lambda: CLASSIC)
    name = "dummy"

    @property
    def players(self) -> int:
        return self.config.players

    def deal_order(self, seed: int) -> tuple[int, ...]:
        """The deck order a seed gives (the game's single chance event)."""
        return shuffled(range(52), make_rng(seed))

    def first_dealer(self, seed: int) -> int:
        """Game 1's dealer: drawn at random from a generator seeded by ``seed`` (rules 6, 38)."""
        return make_rng(f"dealer:{seed}").randrange(self.players)

    def first_starter(self, seed: int) -> int:
        """Game 1: the seat after the seeded dealer starts, clockwise (rules 6, 38)."""
        return (self.first_dealer(seed) + 1) % self.players

    def new_game(
        self,
        seed: int | None = None,
        *,
        deck: Sequence[int] | None = None,
        starter: int | None = None,
        direction: int = 1,
        scores: Sequence[int] | None = None,
    ) -> DummyState:
        """A new game from a seed or from an explicit deck order (exactly one of them)."""
        if (seed is None) == (deck is None):
            raise ValueError("give exactly one of seed or deck")
        if deck is None:
            assert seed is not None
            deck = self.deal_order(seed)
            if starter is None:
                starter = self.first_starter(seed)
        return rules.new_game(self.config, deck, starter or 0, direction, scores)

    def current_player(self, s: DummyState) -> int:
        return TERMINAL if s.phase is _OVER else s.current

    #: The rules' function itself, not a method calling it (as ``ContractGame.legal_actions``): a
    #: playout calls it once an action, and the frame saved here and in ``apply_unchecked`` is
    #: measurable (callgrind, docs/performance.md).
    legal_actions = staticmethod(rules.legal_actions)

    #: The same list as :meth:`legal_actions`: every Dummy move is one action.
    legal_moves = staticmethod(rules.legal_actions)

    def apply(self, s: DummyState, a: DummyAction, seat: int | None = None) -> DummyState:
        return rules.apply(s, a, seat)

    #: ``rules.apply_unchecked`` itself (as ``legal_actions``: no frame of its own).
    apply_unchecked = staticmethod(rules.apply_unchecked)

    def is_terminal(self, s: DummyState) -> bool:
        # (a module constant, not ``Phase.OVER``: an ``Enum`` member lookup costs ten times more)
        return s.phase is _OVER

    def returns(self, s: DummyState) -> tuple[int, ...]:
        return scoring.game_scores(s)

    def ledger(self, s: DummyState) -> tuple[LedgerItem, ...]:
        return scoring.ledger(s)

    def observe(self, s: DummyState, seat: int) -> DummyView:
        return observe(s, seat)

    def resample(self, v: DummyView, rng: Random) -> DummyState:
        return resample(v, rng)

    def parse_action(self, text: str) -> DummyAction:
        return parse_action(text)

    def action_text(self, a: DummyAction) -> str:
        return a.text()

    def state_from_string(self, text: str) -> DummyState:
        return DummyState.from_string(text)
