"""ContractConfig: every option of ``docs/rules/contract.md`` as a field of one frozen value.

Defaults are the ``seed`` preset. ``pagat`` is the classic book game and ``liverpool`` adds buying.
The canonical string (``contract(players=5,min_run=4)``) omits defaults and sorts keys.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property

from samrap.core.configstr import check_field_types, config_from_string, config_to_string
from samrap.core.errors import ConfigError
from samrap.games.contract.cards import Pack, make_pack
from samrap.games.contract.contracts import MAX_HAND, hand_size

GAME_NAME = "contract"

_CHOICES: dict[str, tuple[str, ...]] = {
    "joker_rule": ("per_deck", "players_minus_one"),
    "same_suit_runs": ("different", "allowed", "not_adjacent"),
    "pickup": ("deep", "top"),
    "set_suits": ("different", "any"),
}


@dataclass(frozen=True, kw_only=True)
class ContractConfig:
    """The rules of one Contract Rummy match; rule numbers are those of the rules page.

    Not slotted, unlike the other values: the resolved :class:`Pack` is cached on the instance
    (outside the dataclass fields, so it is neither compared nor written) because the rules
    consult it on every move.

    Attributes:
        players: 3 to 8 (rule 1; 6-8 is the page's option).
        decks: standard decks in the pack; ``None`` = 2 for 3-5 players, 3 for 6-8 (rule 2).
        jokers: jokers in the pack; ``None`` = follow ``joker_rule`` (rule 2).
        joker_rule: how many jokers ``jokers=None`` means: ``per_deck`` (one per deck, the seed) or
            ``players_minus_one`` (pagat).
        ten_card_deals: how many of the first deals get 10 cards, the rest 12: 4 (the seed: deals
            1-4 ten) or 3 (pagat: deals 1-3 ten, 4-7 twelve) (rule 5).
        set_suits: ``different`` (no two cards of a set share a suit, so 3 or 4 cards, rule 8) or
            ``any`` (pagat: 3 or more cards of one rank in any suits, up to 8 naturals with two decks).
        min_run: the shortest run, 3 or 4 (rule 9; pagat and liverpool: 4).
        same_suit_runs: runs put down together when going down: ``different`` suits (rule 10),
            ``allowed``, or ``not_adjacent`` (same suit unless they would join, rule 27).
        pickup: ``deep`` (a deeper discard with everything above it, rule 12) or ``top`` only.
        contract_exact: contract melds have exactly 3 cards (runs ``min_run``), except in deal 7 (rule 22).
        melds_after_down: after going down a player may also put down new melds (rule 14 option).
        deal7_discard: in deal 7 a final discard is allowed when going out (rules 17, 29).
        max_reshuffles: empty-stock reshuffles before the deal ends with nobody out (rules 18, 28).
        buying: liverpool's "May I": others may buy a declined top discard with a penalty card.
        max_buys: buys per player per deal (liverpool: 3).
        max_turns: a deal also ends with nobody out after this many turns. Not on the rules page:
            it bounds a deal in which players only ever trade discards (see ``MAX_GAME_LENGTH``).
    """

    players: int = 4
    decks: int | None = None
    jokers: int | None = None
    joker_rule: str = "per_deck"
    ten_card_deals: int = 4
    set_suits: str = "different"
    min_run: int = 3
    same_suit_runs: str = "different"
    pickup: str = "deep"
    contract_exact: bool = False
    melds_after_down: bool = False
    deal7_discard: bool = False
    max_reshuffles: int = 2
    buying: bool = False
    max_buys: int = 3
    max_turns: int = 1000

    def __post_init__(self) -> None:
        check_field_types(self, _CHOICES)
        if not 3 <= self.players <= 8:
            raise ConfigError("players", f"Contract Rummy is for 3 to 8 players, not {self.players}")
        if self.decks is not None and not 1 <= self.decks <= 4:
            raise ConfigError("decks", f"1 to 4 decks, not {self.decks}")
        if self.jokers is not None and not 0 <= self.jokers <= 10:
            raise ConfigError("jokers", f"0 to 10 jokers, not {self.jokers}")
        if self.ten_card_deals not in (3, 4):
            raise ConfigError(
                "ten_card_deals", f"the first 4 (seed) or 3 (pagat) deals get 10 cards, not {self.ten_card_deals}"
            )
        if self.min_run not in (3, 4):
            raise ConfigError("min_run", f"a run is at least 3 or at least 4 cards, not {self.min_run}")
        if self.max_reshuffles < 0:
            raise ConfigError("max_reshuffles", "must be 0 or more")
        if self.max_buys < 0:
            raise ConfigError("max_buys", "must be 0 or more")
        if self.max_turns < 1:
            raise ConfigError("max_turns", "must be 1 or more")
        if self.n_jokers > 10:
            raise ConfigError("jokers", f"{self.n_jokers} jokers: at most 10 (joker tokens are *0 to *9)")
        # Every hand of the biggest deal, the first upcard and one stock card must fit (rules 5, 6).
        need = self.players * MAX_HAND + 2
        if self.pack_size < need:
            field = "decks" if self.decks is not None else "jokers" if self.jokers is not None else "players"
            raise ConfigError(field, f"a pack of {self.pack_size} cards cannot deal {self.players} hands of {MAX_HAND}")

    def hand_size(self, deal: int) -> int:
        """Cards dealt to each player in deal 1..7 (rule 5, option ``ten_card_deals``)."""
        return hand_size(deal, self.ten_card_deals)

    @cached_property
    def any_suit_sets(self) -> bool:
        """Sets may repeat suits (``set_suits = any``, rule 8's option); a ``cached_property``
        as :attr:`pack` is (the go-down tests read it about every other action)."""
        return self.set_suits == "any"

    @property
    def n_decks(self) -> int:
        if self.decks is not None:
            return self.decks
        return 2 if self.players <= 5 else 3

    @property
    def n_jokers(self) -> int:
        if self.jokers is not None:
            return self.jokers
        return self.players - 1 if self.joker_rule == "players_minus_one" else self.n_decks

    @property
    def pack_size(self) -> int:
        return 52 * self.n_decks + self.n_jokers

    @cached_property
    def pack(self) -> Pack:
        """The physical cards: ``n_decks`` decks and ``n_jokers`` jokers (rule 2).

        A ``cached_property``: it lands in the instance ``__dict__`` (not a field, so neither
        compared nor written), and later reads are plain attribute look-ups, which matters because
        the rules read it several times per move.
        """
        return make_pack(self.n_decks, self.n_jokers)

    def to_string(self) -> str:
        """``contract(min_run=4,players=5)``: the fields that differ from ``seed``, sorted."""
        return config_to_string(GAME_NAME, self, SEED)

    @classmethod
    def from_string(cls, text: str, base: ContractConfig | None = None) -> ContractConfig:
        """Parse ``contract(key=value,...)``; ``preset=pagat`` starts from that preset.

        Raises:
            ConfigError: the string is malformed, names another game, or a field is unknown or invalid.
        """
        return config_from_string(cls, text, GAME_NAME, base if base is not None else SEED, PRESETS)

    def __str__(self) -> str:
        return self.to_string()


SEED = ContractConfig()
PAGAT = ContractConfig(
    pickup="top",
    min_run=4,
    contract_exact=True,
    joker_rule="players_minus_one",
    ten_card_deals=3,
    set_suits="any",
)
LIVERPOOL = dataclasses.replace(PAGAT, buying=True)
PRESETS: dict[str, ContractConfig] = {"seed": SEED, "pagat": PAGAT, "liverpool": LIVERPOOL}


def preset(name: str) -> ContractConfig:
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise ConfigError("preset", f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
