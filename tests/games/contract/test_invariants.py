"""Random-simulation invariants (DESIGN §7.9.3, OpenSpiel ``RandomSimTest``).

Seeded random players play whole deals (deal number and dealer drawn from the seed) under the three
presets at 3, 4 and 5 players and under option mixes; at every step we assert:

- card conservation: each physical card is in exactly one zone (hands, stock, pile, table melds),
  ``known`` and ``pending`` lie in the right hands, and every meld is a valid set or run;
- ``legal_moves`` is non-empty unless the deal is over, in ``sort_key`` order, without repeats;
- the chosen action goes through checked ``apply`` to the same state as ``apply_unchecked``;
- in the "full" deals, every legal action applies, and random candidate actions (mutated legal
  ones, random faces, targets and depths) are accepted by ``apply`` exactly when they are legal;
- the position string round trips (full deals: every step; others: every 8th step and the end);
- every deal ends within ``max_game_length`` actions, and the scores agree with the ledger.

Half the deals use an eager player (goes down, lays off, exchanges, buys and takes deep discards
when it can), half a uniform one. The default run plays 3 deals per config (1 of them full);
``-m slow`` plays 300 more per config (every 20th full): thousands of deals in all.
"""

from __future__ import annotations

import random

import pytest

from samrap.core.cardset import RANK_MASKS
from samrap.core.errors import IllegalActionError
from samrap.games.contract import ContractConfig, ContractGame, ContractState, rules
from samrap.games.contract.actions import (
    CLAIM,
    DRAW,
    PASS,
    ContractAction,
    Discard,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    PickUp,
    parse_action,
    sort_key,
)
from samrap.games.contract.cards import JOKER, bits
from samrap.games.contract.melds import RUN, Spec, shape, sort_specs
from samrap.games.contract.notation import check_state
from tests.games.contract.sim import choose

CONFIGS = [
    *(f"contract(players={n})" for n in (3, 4, 5)),
    *(f"contract(preset=pagat,players={n})" for n in (3, 4, 5)),
    *(f"contract(preset=liverpool,players={n})" for n in (3, 4, 5)),
    "contract(preset=pagat,set_suits=different,ten_card_deals=4)",
    "contract(jokers=4,melds_after_down=true,players=3,set_suits=any)",
    "contract(melds_after_down=true,players=3,same_suit_runs=not_adjacent)",
    "contract(contract_exact=true,deal7_discard=true)",
    "contract(max_reshuffles=0,players=5,same_suit_runs=allowed)",
    "contract(players=6)",
    "contract(jokers=5,melds_after_down=true)",
    "contract(max_buys=1,melds_after_down=true,preset=liverpool)",
]
GAMES = {c: ContractGame(ContractConfig.from_string(c)) for c in CONFIGS}


def check_invariants(s: ContractState) -> None:
    check_state(s)
    for q in range(s.players):
        assert s.known[q] & ~s.hands[q] == 0
    assert s.pending & ~s.hands[s.current] == 0
    if s.deep >= 0:
        assert not s.is_over
    for m in s.melds:
        assert s.down >> m.owner & 1
        if m.any_suits:  # a set of any suits (set_suits=any): one rank, 3 cards or more
            assert s.config.set_suits == "any" and m.cards.bit_count() >= 3
            assert m.faces & ~RANK_MASKS[m.key] == 0 and m.ext == RANK_MASKS[m.key]
        else:
            assert shape(m.faces) == (m.kind, m.key, m.lo, m.hi)
            assert m.cards.bit_count() == m.faces.bit_count()
            assert s.config.set_suits == "different" or m.kind == RUN
        assert any(not s.config.pack.is_joker(c) for c in bits(m.cards))  # a natural in every meld


def candidates(s: ContractState, legal: list[ContractAction], rng: random.Random, k: int) -> list[ContractAction]:
    """Random actions near the legal ones: most are illegal, some happen to be legal."""
    pack = s.config.pack
    hand_faces = bits(pack.faces_of(s.hands[s.current])) or [0]
    out: list[ContractAction] = [DRAW, CLAIM, PASS, PickUp(len(s.pile)), PickUp(rng.randrange(len(s.pile) + 2))]
    n_melds = len(s.melds) + 1
    for _ in range(k):
        r = rng.random()
        if r < 0.2:
            out.append(Discard(rng.randrange(JOKER + 1)))
        elif r < 0.45:
            out.append(LayOff(rng.choice([*hand_faces, rng.randrange(52)]), rng.randrange(n_melds), rng.random() < 0.4))
        elif r < 0.55:
            out.append(Exchange(rng.choice(hand_faces), rng.randrange(n_melds)))
        elif r < 0.8:
            gds = [a for a in legal if isinstance(a, GoDown)]
            if gds and rng.random() < 0.7:
                g = rng.choice(gds)
                ms = list(g.melds)
                i = rng.randrange(len(ms))
                f = rng.randrange(52)
                m = ms[i]
                ms[i] = (
                    Spec(m.nat ^ (1 << f), m.jok & ~(1 << f)) if rng.random() < 0.5 else Spec(m.nat, m.jok ^ (1 << f))
                )
                if ms[i].nat and not ms[i].nat & ms[i].jok:
                    out.append(GoDown(sort_specs(ms)))
                if len(ms) > 1:
                    out.append(GoDown(sort_specs(ms[1:])))
            else:
                faces = rng.sample(hand_faces, min(len(hand_faces), rng.randint(3, 4)))
                out.append(GoDown((Spec(sum(1 << f for f in faces)),)))
        else:
            faces = rng.sample(hand_faces, min(len(hand_faces), 3))
            out.append(Meld(Spec(sum(1 << f for f in faces), 1 << rng.randrange(52) if rng.random() < 0.3 else 0)))
    return out


def play(config: str, seed: int, full: bool) -> int:
    """Play one deal with the checks; returns its length."""
    game = GAMES[config]
    rng = random.Random(f"inv:{config}:{seed}")
    eager = seed % 2 == 0
    s = game.new_game(seed=seed, deal_number=rng.randint(1, 7), dealer=rng.randrange(game.players))
    steps = 0
    while True:
        check_invariants(s)
        if full or steps % 8 == 0 or game.is_terminal(s):
            assert ContractState.from_string(s.to_string()) == s
        legal = game.legal_moves(s)
        if game.is_terminal(s):
            assert legal == [] and game.current_player(s) == -1
            with pytest.raises(IllegalActionError):
                rules.apply(s, DRAW)
            break
        assert legal, s
        assert legal == sorted(legal, key=sort_key) and len(set(legal)) == len(legal)
        assert all(parse_action(a.text()) == a for a in legal)
        if full:
            for a in legal:
                rules.apply(s, a)
            legal_set = set(legal)
            for c in candidates(s, legal, rng, 12):
                if c in legal_set:
                    rules.apply(s, c)
                else:
                    with pytest.raises(IllegalActionError):
                        rules.apply(s, c)
            with pytest.raises(IllegalActionError):
                rules.apply(s, legal[0], (game.current_player(s) + 1) % game.players)
        a = choose(rng, legal, eager)
        t = rules.apply(s, a, game.current_player(s))
        assert t == rules.apply_unchecked(s, a)
        s = t
        steps += 1
        assert steps <= game.max_game_length
    check_scores(game, s)
    return steps


def check_scores(game: ContractGame, s: ContractState) -> None:
    pack = game.config.pack
    ret = game.returns(s)
    totals = [0] * game.players
    for item in game.ledger(s):
        totals[item.seat] += item.points
    assert tuple(totals) == ret
    for q in range(game.players):
        assert ret[q] == (0 if q == s.out else pack.value(s.hands[q]))
    if s.out >= 0:
        assert s.hands[s.out] == 0 and s.is_down(s.out)


@pytest.mark.parametrize("config", CONFIGS)
def test_random_deals(config: str) -> None:
    for seed in range(3):
        play(config, seed, full=seed == 0)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
def test_random_deals_sweep(config: str) -> None:
    for seed in range(100, 400):
        play(config, seed, full=seed % 20 == 0)
