"""Names vulture cannot see used, because a framework or a protocol calls them (scripts/check).

Only names that are really used from outside Python's view belong here, each with its caller.
FastAPI routes and Typer callbacks are skipped by decorator instead (``--ignore-decorators``).
"""
# ruff: noqa: B018, F821

from samrap.core.cards import Rank, Suit
from samrap.env.aec import SamrapAEC
from samrap.env.gym import SamrapGymEnv
from samrap.env.openspiel_games import SamrapGame, SamrapObserver, SamrapState

# The card enums are the whole suit and rank order; members are public names for library users.
Suit.DIAMONDS, Suit.HEARTS
Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.KING

# OpenSpiel calls these overrides of pyspiel.Game / pyspiel.State and the observer protocol.
SamrapGame.make_py_observer
SamrapState._legal_actions
SamrapState._apply_action
SamrapState._action_to_string
SamrapObserver.set_from
SamrapObserver.string_from

# PettingZoo and Gymnasium read the spaces.
SamrapAEC.action_space
SamrapGymEnv.action_space

# Pydantic reads model_config; message fields are serialised to JSON (docs/protocol.md).
_.model_config
_.standin
_.rated_player
_.database

# logging reads the LogRecord fields a filter rewrites (server/logfilter.py).
_.exc_text
_.levelname
_.levelno

# stable-baselines3 calls a callback's _on_step (examples/train_maskable_ppo.py).
_._on_step

# pytest calls fixtures and hooks by name; uvicorn's Server reads should_exit (tests/web).
_.clean_gc
_.pytest_collection_modifyitems
_.pytest_runtest_setup
_.should_exit

# signal handlers take (signum, frame) whether they read them or not (bench/contract_hunt.py).
_.signum

# The event loop keeps only weak references to tasks: a connection holds its closing task so it is not
# collected before it runs (server/connection.py).
_._closer

# A Protocol's item assignment types the float32 memoryview the Contract encoder writes through
# (env/encode_contract.py, _FloatEntries); Python calls __setitem__ for ``view[i] = x``.
_.__setitem__

# http.server calls do_GET and log_message by name and reads protocol_version (a stand-in proxy in
# tests/server/test_serve_check.py;
# the offline static-site test, tests/web/test_offline_static.py, silences log_message too).
_.do_GET
_.log_message
_.protocol_version

# The daily deal's REST answers are serialised to JSON (docs/protocol.md, samrap.server.daily_api).
from samrap.server.daily_messages import DailyIndex, DailyResults  # noqa: E402

DailyIndex.zone, DailyIndex.tomorrow, DailyIndex.yesterday, DailyIndex.next_at
DailyResults.you

# Python calls a module's __getattr__ (PEP 562): ``from samrap.cli.main import app`` imports the app.
_.__getattr__

# The standard library's random.Random reads gauss_next (gauss, getstate); core.rng.reseed clears
# it as Random.seed does.
_.gauss_next
