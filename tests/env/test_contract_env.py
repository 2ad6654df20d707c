"""Contract Rummy: codec bijection, view-only observations, PettingZoo, Gymnasium and OpenSpiel."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import samrap.openspiel  # noqa: E402,F401
from samrap.env import contract_v0  # noqa: E402
from samrap.env.codec import CodecError  # noqa: E402
from samrap.env.codec_contract import ContractCodec, go_down_value, meld_faces  # noqa: E402
from samrap.env.encode_contract import ContractEncoder  # noqa: E402
from samrap.env.gym import SamrapGymEnv  # noqa: E402
from samrap.env.observation import bits_into, bits_to_vector  # noqa: E402
from samrap.games.contract.actions import GoDown  # noqa: E402
from samrap.games.contract.config import ContractConfig  # noqa: E402
from samrap.games.contract.game import ContractGame  # noqa: E402
from samrap.games.contract.state import ContractState  # noqa: E402
from tests.env.test_pettingzoo_dummy import DICT_OBS_NOTES  # noqa: E402

CONFIGS = [
    "contract()",
    "contract(players=3,melds_after_down=true)",
    "contract(preset=liverpool)",
    "contract(players=6,pickup=top,min_run=4)",
]


def _states(config: ContractConfig, seeds: range, deals: tuple[int, ...] = (1, 3, 5, 7)) -> list[ContractState]:
    game = ContractGame(config)
    out = []
    for seed in seeds:
        for deal in deals:
            rng = random.Random(seed * 10 + deal)
            s = game.new_game(seed=seed, deal_number=deal)
            while not game.is_terminal(s):
                out.append(s)
                legal = game.legal_moves(s)
                s = game.apply_unchecked(s, legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("config", CONFIGS)
def test_codec_bijection_on_legal_moves(config: str) -> None:
    cfg = ContractConfig.from_string(config)
    game = ContractGame(cfg)
    codec = ContractCodec(cfg)
    states = _states(cfg, range(1))
    assert len(states) > 150
    saw_go_down = False
    for s in states:
        legal = game.legal_moves(s)
        ids = codec.legal_map(s, legal)
        assert len(ids) == len(legal)
        for i, a in ids.items():
            assert 0 <= i < codec.num_actions
            assert codec.encode(s, a) == i
            assert codec.decode(s, i) == a
        gds = [a for a in ids.values() if isinstance(a, GoDown)]
        if gds:
            saw_go_down = True
            values = [go_down_value(a) for a in sorted(gds, key=lambda a: codec.encode(s, a))]
            assert values == sorted(values, reverse=True)  # id order = most points put down first
    assert saw_go_down


def test_codec_layout() -> None:
    seed_cfg = ContractConfig()
    codec = ContractCodec(seed_cfg)
    assert len(meld_faces(3)) == 369 and len(meld_faces(4)) == 321
    sizes = {seg.name: seg.size for seg in codec.segments}
    assert sizes == {
        "draw": 1,
        "pickup": 106,
        "claim": 1,
        "pass": 1,
        "go_down": 1024,
        "meld": 0,
        "layoff": 52 * 35 * 2,
        "exchange": 52 * 35,
        "discard": 53,
    }
    assert ContractCodec(ContractConfig(melds_after_down=True)).num_actions == codec.num_actions + 369 * 8
    assert codec.describe(codec.num_actions - 1) == "X *"
    s = ContractGame(seed_cfg).new_game(seed=1)
    with pytest.raises(CodecError, match="names no legal action"):
        codec.decode(s, codec.segments[4].start)


def test_go_down_cap_keeps_the_best() -> None:
    cfg = ContractConfig(players=3)
    game = ContractGame(cfg)
    capped = ContractCodec(cfg, go_down_variants=1)
    s = next(s for s in _states(cfg, range(3)) if sum(isinstance(a, GoDown) for a in game.legal_moves(s)) > 1)
    legal = game.legal_moves(s)
    gds = [a for a in legal if isinstance(a, GoDown)]
    ids = capped.legal_map(s, legal)
    kept = [a for a in ids.values() if isinstance(a, GoDown)]
    assert len(kept) == 1 and go_down_value(kept[0]) == max(map(go_down_value, gds))
    dropped = next(a for a in gds if a != kept[0])
    with pytest.raises(CodecError, match="cap"):
        capped.encode(s, dropped)


def test_hidden_cards_never_change_the_observation() -> None:
    cfg = ContractConfig(players=4, buying=True)
    game = ContractGame(cfg)
    enc = ContractEncoder(cfg)
    rng = random.Random(3)
    moved = 0
    for s in _states(cfg, range(1), deals=(1, 6))[::3]:
        for seat in range(cfg.players):
            view = game.observe(s, seat)
            other = game.resample(view, rng)
            moved += other.hands != s.hands or other.stock != s.stock
            assert np.array_equal(enc.encode(view), enc.encode(game.observe(other, seat)))
    assert moved > 100


def test_observation_pieces() -> None:
    cfg = ContractConfig(players=3)
    game = ContractGame(cfg)
    enc = ContractEncoder(cfg)
    s = game.new_game(seed=2, deal_number=5)
    v = enc.layout.views(enc.encode(game.observe(s, 1)))
    layers, jokers = cfg.pack.face_layers(s.hands[1])
    assert v["hand"].sum() == sum(m.bit_count() for m in layers)
    assert v["hand"].sum() + jokers == 12
    assert v["deal"].tolist() == [0, 0, 0, 0, 1, 0, 0]
    assert v["contract"].tolist() == pytest.approx([2 / 3, 1 / 3])
    assert v["pile_top"][0, cfg.pack.faces[s.pile[-1]]] == 1.0
    assert v["players"].tolist() == [1, 0, 0, 0, 0, 0]
    assert v["hand_size"][:3].tolist() == pytest.approx([1.0, 1.0, 1.0])
    assert enc.layout.by_name["table"].shape == (35, 52)  # 2 decks + 2 jokers = 106 cards


def test_pettingzoo_api_and_seed() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(contract_v0.env(players=3, max_turns=60), num_cycles=100)
        seed_test(lambda: contract_v0.env(preset="liverpool", max_turns=60), num_cycles=100)
    assert {str(w.message) for w in caught} <= DICT_OBS_NOTES


def test_pettingzoo_rewards_favour_the_fewest_penalty_points() -> None:
    raw = contract_v0.raw_env(players=3, reward="score")
    raw.reset(seed=2)
    rng = np.random.default_rng(2)
    while not all(raw.terminations.values()):
        raw.step(int(rng.choice(list(raw.legal_actions()))))
    penalties = raw.binding.game.returns(raw.game_state)
    rewards = [raw.rewards[f"player_{q}"] for q in range(3)]
    for q in range(3):
        others = [penalties[k] for k in range(3) if k != q]
        assert rewards[q] == pytest.approx(sum(others) / 2 - penalties[q])


def test_gym_check_env() -> None:
    env = gymnasium.make("samrap/Contract-v0", players=3, opponents="random", seat=None, max_turns=80)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    solo = SamrapGymEnv("contract", players=4, reward="score", seat=2, max_turns=80)
    _, info = solo.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        _, reward, terminated, _, info = solo.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    pts = info["points"]
    assert reward == pytest.approx(pts[2] - (pts[0] + pts[1] + pts[3]) / 3)


@pytest.mark.parametrize(
    ("params", "sims"),
    [("players=3,max_turns=40", 2), ("preset=liverpool,max_turns=40,reward=win", 1), ("players=5,max_turns=30", 1)],
)
def test_openspiel_random_sim_test(params: str, sims: int) -> None:
    game = pyspiel.load_game(f"python_samrap_contract({params})")
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiel_chance_nodes_and_resampling() -> None:
    game = pyspiel.load_game("python_samrap_contract(players=3,max_turns=40)")
    assert game.max_chance_outcomes() == 106
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    nodes = 0
    while state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
        state.apply_action(actions[rng.randint(len(actions))])
        nodes += 1
    assert nodes == 1 + 106 + 1  # dealer, the deck order, the reshuffle seed
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(np.array(other.observation_tensor(seat)), np.array(state.observation_tensor(seat)))


def test_the_fast_path_equals_the_view_encoding() -> None:
    cfg = ContractConfig(players=3, buying=True)
    game = ContractGame(cfg)
    enc = ContractEncoder(cfg)
    states = _states(cfg, range(1), deals=(2, 7))
    for s in states:
        for seat in range(3):
            assert np.array_equal(enc.encode_state(s, seat), enc.encode(game.observe(s, seat)))
    assert len(states) > 100


def test_the_patched_observation_equals_a_fresh_encoding() -> None:
    """The encoder reuses the table and known-card bits while their tuples are the same objects;
    played in order over every deal, each observation equals one from an encoder with no memory."""
    cfg = ContractConfig(players=4)
    enc = ContractEncoder(cfg)
    states = _states(cfg, range(1), deals=(1, 2, 3, 4, 5, 6, 7))
    for k, s in enumerate(states):
        for seat in (k % 4, (k + 1) % 4):
            assert np.array_equal(enc.encode_state(s, seat), ContractEncoder(cfg).encode_state(s, seat))
    assert len(states) > 500


@pytest.mark.parametrize("config", [*CONFIGS, "contract(preset=pagat,players=8)"])
def test_the_patched_path_equals_the_view_encoding_for_any_seat_order(config: str) -> None:
    """The patched ``encode_state`` keeps each seat's last vector and rewrites what changed;
    asked for seats in a random order (so a seat's memory is several moves old, or from
    another deal), each observation equals the plain encoding of the view, and a caller that
    writes into the vector it was given changes nothing that comes after."""
    cfg = ContractConfig.from_string(config)
    game = ContractGame(cfg)
    enc = ContractEncoder(cfg)
    rng = random.Random(11)
    checked = 0
    for deal in (1, 3, 6):
        s = game.new_game(seed=deal, deal_number=deal)
        while not game.is_terminal(s):
            seat = rng.randrange(cfg.players) if rng.random() < 0.4 else game.current_player(s)
            x = enc.encode_state(s, seat)
            assert np.array_equal(x, enc.encode(game.observe(s, seat)))
            x[:] = 7.0
            checked += 1
            legal = game.legal_moves(s)
            s = game.apply_unchecked(s, legal[rng.randrange(len(legal))])
    assert checked > 150


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_layer_bits_are_the_packs_face_layers(decks: int) -> None:
    """The encoder's written-out face layers (two and three decks) and its general path give
    the pack's own ``face_layers`` (first four layers, one integer) and joker count."""
    cfg = ContractConfig(players=4, decks=decks, jokers=2)
    pack = cfg.pack
    enc = ContractEncoder(cfg)
    rng = random.Random(decks)
    for _ in range(500):
        mask = (
            rng.getrandbits(pack.size) & rng.getrandbits(pack.size)
            if rng.random() < 0.5
            else rng.getrandbits(pack.size)
        )
        layers, jokers = pack.face_layers(mask)
        want = sum(layer << (52 * k) for k, layer in enumerate(layers[:4]))
        assert enc._layer_bits(mask) == (want, jokers)


def test_bits_into_writes_every_entry_of_the_rows() -> None:
    """``bits_into`` writes bit ``i`` of the integer at flat index ``i`` of the view, zeros
    included, and nothing outside it; ``bits_to_vector`` gives the same values."""
    rng = random.Random(5)
    for rows in (1, 3, 164):
        x = np.full(8 * rows + 16, 7.0, dtype=np.float32)
        view = x[8 : 8 + 8 * rows].reshape(rows, 8)
        big = rng.getrandbits(8 * rows)
        bits_into(big, view)
        want = [float(big >> i & 1) for i in range(8 * rows)]
        assert x[8 : 8 + 8 * rows].tolist() == want
        assert (x[:8] == 7.0).all() and (x[8 + 8 * rows :] == 7.0).all()
        assert bits_to_vector(big, 8 * rows - 3).tolist() == want[:-3]
    with pytest.raises(OverflowError):
        bits_into(1 << 16, np.zeros((2, 8), dtype=np.float32))
