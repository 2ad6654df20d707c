"""Contract Rummy, following ``docs/rules/contract.md`` (rules 1-32 and the seed/pagat/liverpool presets).

Config knobs (``ContractConfig``; defaults = the ``seed`` preset): players=4 (3-8),
decks=none (2 for 3-5 players, 3 for 6-8), jokers=none (by joker_rule), joker_rule=per_deck
(or players_minus_one), ten_card_deals=4 (or 3), set_suits=different (or any), min_run=3 (or 4),
same_suit_runs=different (or allowed, not_adjacent), pickup=deep (or top), contract_exact=false,
melds_after_down=false, deal7_discard=false, max_reshuffles=2, buying=false, max_buys=3,
max_turns=1000. ``pagat`` sets pickup=top, min_run=4, contract_exact=true,
joker_rule=players_minus_one, ten_card_deals=3, set_suits=any; ``liverpool`` is pagat plus
buying=true.

Modules, one concept each: ``cards`` (physical cards of a multi-deck pack and their faces),
``contracts`` (hand sizes and contracts per deal), ``config``, ``melds`` (a meld by face and on the
table), ``candidates``, ``search`` and ``feasible`` (candidate melds and go-downs in a hand),
``actions`` (typed actions and their text), ``state``, ``transitions`` (the deal and unchecked
apply), ``turnmoves`` (the unchecked moves after the draw), ``deepcard`` (the deep card's duty),
``lookahead`` (rule 30), ``turn`` (the listing after the draw), ``pickups`` (the draw), ``staging``
(a go-down's next melds), ``lastasked`` (one-entry caches), ``rules`` (legal moves, legal actions
and checked apply), ``scoring``, ``observe`` (views and resampling), ``notation`` (position
strings), ``render`` (text for people), ``game`` (the facade), ``match``.
``docs/notation-contract.md`` describes every text format.

Two listings (``rules``): ``legal_moves`` lists every move as the rules and records write it, a
go-down whole (``G a b``, rule 22); ``legal_actions`` lists decision steps, the same but with a
go-down chosen one meld at a time (``G+ a``, ``GoDownMeld``; the chosen melds wait in
``ContractState.staging``, cards still in hand, and the last one is the whole go-down), so that
every list stays short.

Zones hold physical cards so card conservation can be checked; melds and actions speak of faces.
The empty-stock reshuffle is a shuffle seeded from the deal's ``seed`` and the reshuffle count, so
a deal replays from its first deck order and that seed. A deal ends after at most
``game.max_game_length(config)`` actions (5,212 for the default config).

Decisions where the rules page leaves a choice (each also noted where it is implemented):

* Every meld holds at least one natural card (rule 26 lets jokers outnumber naturals, not
  replace them all); a joker may stand for a card its owner also holds.
* Two sets of the same rank, or (with ``same_suit_runs``) overlapping runs of one suit, may be
  put down together when the pack holds the cards.
* A 13-card run holds every rank once and is read with the ace high; an ace laid off on a 2..K
  run goes high (the run is then complete either way).
* With ``melds_after_down``, new melds follow rules 8, 9 and 26 (``min_run`` included) at any
  size: ``contract_exact`` only shapes the contract itself.
* Which physical copy of a face moves is the rules' choice (``transitions.pick``): the deep card
  first, then a joker taken back by exchange, then cards everyone saw taken, then the lowest id.
* Rule 24: the deep card only has to be on the table by the end of the turn; a player who is not
  down can only get it there by going down, and may also lay it off after going down.
* A joker may be discarded (the rules page does not forbid it), except one taken back by exchange
  in this turn (rule 26).
* Liverpool buying: when the player in turn draws from the stock instead of taking the top
  discard, the other players who are not down and have buys left are asked in turn order from
  the player's left; the first to claim takes the discard (seen by all) and the top stock card
  (hidden), then the player in turn draws. A buy needs two stock cards (the penalty card and the
  player's draw). The first upcard may be bought.
* First dealer (rule 31): the tied lowest cutters cut again; a cut joker makes everyone still
  cutting cut again.
* ``max_turns`` (1000 by default, not on the rules page): a deal in which the players only trade
  discards could otherwise last for ever; it ends like an exhausted stock (rule 28). Random play
  stays far below it.
"""

from samrap.games.contract.actions import (
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    GoDownMeld,
    LayOff,
    Meld,
    Pass,
    PickUp,
    parse_action,
)
from samrap.games.contract.config import LIVERPOOL, PAGAT, PRESETS, SEED, ContractConfig, preset
from samrap.games.contract.game import MAX_GAME_LENGTH, TERMINAL, ContractGame
from samrap.games.contract.melds import Spec
from samrap.games.contract.observe import ContractView
from samrap.games.contract.state import ContractState, LedgerItem, Phase

__all__ = [
    "LIVERPOOL",
    "MAX_GAME_LENGTH",
    "PAGAT",
    "PRESETS",
    "SEED",
    "TERMINAL",
    "Claim",
    "ContractAction",
    "ContractConfig",
    "ContractGame",
    "ContractState",
    "ContractView",
    "Discard",
    "Draw",
    "Exchange",
    "GoDown",
    "GoDownMeld",
    "LayOff",
    "LedgerItem",
    "Meld",
    "Pass",
    "Phase",
    "PickUp",
    "Spec",
    "parse_action",
    "preset",
]
