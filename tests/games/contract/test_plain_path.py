"""Every shortcut of the move listing against the plain path, on every deal number with runs.

The engine lists a turn's moves with shortcuts (rule 30 settled by a spare card, the deep card's
duty decided in closed form, go-downs judged without building their successors, deep pick-ups
rejected by cheap tests, a minimal-size search). :func:`plain_legal` is the same question asked
plainly: every move the move generators offer (every go-down of every size, every lay-off,
exchange and meld, every pick-up depth), each kept when an exhaustive search over the rest of the
turn finds a legal end (a discard rules 15 and 24-26 allow, or going out). The two lists must be
equal, in the same order, at every state of seeded deals of each deal number.

Deals 2, 3, 5 and 6 hold runs (where growing a run towards a deep card, joker exchanges and
chains of lay-offs come in), 1 only sets, 4 three sets and 7 goes out at once; each gets the same
number of deals, seeded random and eager players, under the seed preset, a joker-rich pack and
pagat's rules with deep pick-ups.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.actions import DISCARDS, DRAW, ContractAction, GoDown, PickUp, pickup, sort_key
from samrap.games.contract.cards import bits
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.lookahead import discardable
from samrap.games.contract.notation import check_state
from samrap.games.contract.rules import legal_moves
from samrap.games.contract.search import ContractQuery
from samrap.games.contract.state import DRAW_PHASE, OVER_PHASE, PLAY_PHASE, ContractState
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turnmoves import table_moves
from tests.games.contract.sim import choose

CONFIGS = (
    ContractConfig(players=3),
    ContractConfig(players=3, jokers=6),
    ContractConfig.from_string("contract(preset=pagat,players=3,pickup=deep)"),
)


def all_go_downs(s: ContractState) -> list[GoDown]:
    """Every go-down of the player in turn, of every meld size (rules 13, 17, 22)."""
    cfg = s.config
    hand = s.hands[s.current]
    layers, jokers = cfg.pack.face_layers(hand)
    sets, runs = contract(s.deal)
    last = s.deal == LAST_DEAL
    totals = None
    if last:
        n = hand.bit_count()
        totals = frozenset((n, n - 1)) if cfg.deal7_discard else frozenset((n,))
    q = ContractQuery(
        layers,
        jokers,
        sets,
        runs,
        min_run=cfg.min_run,
        exact=cfg.contract_exact and not last,
        run_rule=cfg.same_suit_runs,
        totals=totals,
        any_suits=cfg.any_suit_sets,
    )
    return [GoDown(g) for g in q]


def plain_moves(s: ContractState) -> list[ContractAction]:
    """Every go-down, lay-off, exchange and meld after the draw, unchecked for rule 30."""
    if not s.down >> s.current & 1:
        return list(all_go_downs(s))
    if s.deal == LAST_DEAL:
        return []
    return list(table_moves(s))


def can_end(s: ContractState, memo: dict[object, bool]) -> bool:
    """Rule 30 by exhaustive search: some sequence of moves ends the turn legally."""
    if s.phase is OVER_PHASE or discardable(s):
        return True
    key = (s.hands[s.current], s.melds, s.pending, s.deep, s.down, s.went_down)
    if key in memo:
        return memo[key]
    memo[key] = False
    for a in plain_moves(s):
        if can_end(apply_unchecked(s, a), memo):
            memo[key] = True
            return True
    return False


def plain_legal(s: ContractState) -> list[ContractAction]:
    """The legal actions of ``s`` the plain way, in ``sort_key`` order."""
    memo: dict[object, bool] = {}
    if s.phase == DRAW_PHASE:
        out: list[ContractAction] = [DRAW]
        depths = len(s.pile) if s.config.pickup == "deep" else min(1, len(s.pile))
        out += [pickup(k) for k in range(depths) if can_end(apply_unchecked(s, pickup(k)), memo)]
        return sorted(out, key=sort_key)
    assert s.phase == PLAY_PHASE
    out = [a for a in plain_moves(s) if can_end(apply_unchecked(s, a), memo)]
    faces = {s.config.pack.faces[c] for c in bits(discardable(s))}
    out += [DISCARDS[f] for f in sorted(faces)]
    return sorted(out, key=sort_key)


def _check_deal(cfg: ContractConfig, deal: int, seed: int, kinds: Counter[str]) -> None:
    game = ContractGame(cfg)
    rng = random.Random(f"plain:{cfg.to_string()}:{deal}:{seed}")
    s = game.new_game(seed=seed, deal_number=deal, dealer=rng.randrange(cfg.players))
    eager = seed % 2 == 0
    while s.phase is not OVER_PHASE:
        legal = legal_moves(s)
        if s.phase in (DRAW_PHASE, PLAY_PHASE):
            want = plain_legal(s)
            assert legal == want, (
                f"engine-only {[a.text() for a in legal if a not in want]}, "
                f"plain-only {[a.text() for a in want if a not in legal]}\n{s.to_string()}"
            )
            if s.deep >= 0 and s.hands[s.current] >> s.deep & 1:
                kinds["deep card held"] += 1
            if any(a.text().startswith("P") and a.text() != "P" for a in legal):
                kinds["deep pick-up legal"] += 1
            kinds["states"] += 1
        s = apply_unchecked(s, choose(rng, legal, eager))


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 7])
def test_listing_equals_the_plain_path(deal: int) -> None:
    kinds = Counter[str]()
    for cfg in CONFIGS:
        _check_deal(cfg, deal, 0, kinds)
    assert kinds["states"] >= 400, kinds
    if deal != LAST_DEAL:
        assert kinds["deep card held"] >= 8 and kinds["deep pick-up legal"] >= 8, kinds


@pytest.mark.slow
@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 7])
def test_listing_equals_the_plain_path_sweep(deal: int) -> None:
    kinds = Counter[str]()
    for cfg in CONFIGS:
        for seed in range(1, 12):
            _check_deal(cfg, deal, seed, kinds)
    assert kinds["states"] >= 1000, kinds


#: The position the slow sweep found (pagat with deep pick-ups, 3 players, deal 3, seed 3): player
#: 0 is down and may take ``Ts'`` at depth 2, exchange both ``Tc`` for the two jokers standing for
#: ``Tc`` (``*0`` and ``*1``, in two runs), and grow ``As'..5s'`` to it with ``6s 8s'`` and those
#: jokers. The draw's reach filter once counted jokers to exchange by face, so two jokers standing
#: for one face counted once and ``P2`` was missing.
TWO_JOKERS_ONE_FACE = (
    "contract(contract_exact=true,joker_rule=players_minus_one,min_run=4,players=3,set_suits=any,ten_card_deals=3)"
    "|draw|deal:3|dealer:2|turn:0|claim:-|hands:3c4c'6c'7c9cTcTc'7d'Td2h3h4h'5h5h'7h'ThJh'Kh'Ah'6s8s'Js',"
    "2c'5c6d'8d9dJd'Qd'KdAd'2h'3h'4h6h7h8h8h'9h9h'Th'Qh'Ah9sQs'Ks,6h'JhQh7s'|stock:Kh"
    "|known:3c6c'7c9c7d'Td2h3h5h5h'7h'Jh'Kh'Ah'6s8s'Js',2c'5c9dKd2h'3h'4h8h8h'9hTh'Ah9sQs'Ks,6h'JhQh7s'"
    "|pile:Ts'8c'Ks'|melds:2:2c3c'4c5c'6c7c'8c9c'*0=TcJc'QcKcAc,2:2d'3d4d'5d'6d7d8d'9d'Td'JdQdKd'Ad,"
    "1:*1=TcJcQc'Kc'Ac',1:As2s3s'4s5s6s'7s8s9s'TsJsQs,0:2d3d'4d5d,0:As'2s'3s4s'5s'|down:111|wentdown:0"
    "|forbid:-|deep:-|pending:-|buys:0,0,0|reshuffles:1|seed:3161252666165941973|turns:174|scores:0,0,0|out:-"
)


def test_a_deep_pickup_may_use_two_jokers_exchanged_for_one_face() -> None:
    """Rules 12, 16, 24: the deep card may reach the table through a run grown with jokers that
    exchanges free, and two jokers standing for the same face are two jokers."""
    s = ContractState.from_string(TWO_JOKERS_ONE_FACE)
    legal = legal_moves(s)
    assert pickup(2) in legal
    assert legal == plain_legal(s)


#: Sets of any suits (rule 8's option) with runs and deep pick-ups, beside the pagat row of
#: :data:`CONFIGS`: more players, more jokers, three-card runs, new melds after going down.
ANY_SUIT_CONFIGS = (
    ContractConfig.from_string("contract(preset=pagat,players=4,pickup=deep)"),
    ContractConfig.from_string("contract(preset=pagat,players=3,pickup=deep,jokers=6)"),
    ContractConfig(players=3, set_suits="any"),
    ContractConfig(players=4, set_suits="any", jokers=4, melds_after_down=True),
)


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_any_suit_sets_listing_equals_the_plain_path(deal: int) -> None:
    """The shortcuts against the plain path where sets repeat suits and two decks' jokers can
    stand for the same face in runs (the case of :data:`TWO_JOKERS_ONE_FACE`)."""
    kinds = Counter[str]()
    for cfg in ANY_SUIT_CONFIGS:
        for seed in (2, 3):
            _check_deal(cfg, deal, seed, kinds)
    assert kinds["states"] >= 400 and kinds["deep pick-up legal"] >= 8, kinds


def _reshuffled(s: ContractState, rng: random.Random) -> ContractState:
    """``s`` with its table kept and every other card dealt afresh: the player in turn gets both
    ``Tc`` copies (the face two run jokers stand for) half the time and 8-16 cards in all, the
    pile 2-8 cards, every other seat 4, the stock the rest."""
    cfg = s.config
    pack = cfg.pack
    table = 0
    for m in s.melds:
        table |= m.cards
    free = [c for c in range(pack.size) if not table >> c & 1]
    rng.shuffle(free)
    mine = [c for c in free if pack.card_text(c).rstrip("'") == "Tc"] if rng.random() < 0.5 else []
    free = [c for c in free if c not in mine]
    n = rng.randint(8, 16) - len(mine)
    mine += free[:n]
    depth = rng.randint(2, 8)
    pile = free[n : n + depth]
    free = free[n + depth :]
    hands = []
    for q in range(cfg.players):
        cards = mine if q == s.current else free[:4]
        if q != s.current:
            free = free[4:]
        h = 0
        for c in cards:
            h |= 1 << c
        hands.append(h)
    out = s._replace(hands=tuple(hands), known=(0,) * cfg.players, pile=tuple(pile), stock=tuple(free))
    check_state(out)
    return out


def test_deep_pickups_with_two_jokers_standing_for_one_face_equal_the_plain_path() -> None:
    """The table of :data:`TWO_JOKERS_ONE_FACE` (two runs' jokers stand for ``Tc``; player 0 is
    down, exchanges allowed) with the other cards dealt afresh 60 times: every draw listing equals
    the plain path's, and a fair share of deep pick-ups are legal."""
    base = ContractState.from_string(TWO_JOKERS_ONE_FACE)
    rng = random.Random("two jokers, one face")
    deep = 0
    for _ in range(60):
        s = _reshuffled(base, rng)
        legal = legal_moves(s)
        assert legal == plain_legal(s), s.to_string()
        deep += sum(1 for a in legal if isinstance(a, PickUp) and a.depth > 0)
    assert deep >= 30, deep
