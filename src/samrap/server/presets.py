"""``GET /api/presets``: every game's presets and options, read from the registry, for the lobby.

The web lobby offers every preset of every game and each option under "more"; reading them here
from :data:`samrap.engine.registry.GAMES` (rather than a list written into the page) means a new
preset or option reaches the lobby without touching the web app, and the page can never offer a
preset the server does not know. Option names are the config fields; the page turns them into
words (its strings are checked against this list by ``tests/web/test_static.py``) and sends only
the values that differ from the chosen preset, as the ``config`` of ``POST /api/tables``.
"""

from __future__ import annotations

import dataclasses
import sys
from functools import lru_cache
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel

from samrap.core.errors import ConfigError
from samrap.engine.registry import GAMES, GameSpec

router = APIRouter()

#: Fields the lobby sets with controls of their own (players) or that players never choose
#: (``max_turns`` bounds a deal of endless discard trading; it is not on any rules page).
NOT_OPTIONS = frozenset({"players", "max_turns"})

Kind = Literal["bool", "int", "int_or_none", "choice"]


class OptionInfo(BaseModel):
    """One option: its config field, what kind of value it takes, and the values it may take."""

    name: str
    kind: Kind
    choices: list[str] | None = None


class PresetInfo(BaseModel):
    """A preset: its name and the value of every option under it."""

    name: str
    values: dict[str, Any]


class GamePresets(BaseModel):
    name: str
    players: list[int]
    default_preset: str
    presets: list[PresetInfo]
    options: list[OptionInfo]


class PresetList(BaseModel):
    games: list[GamePresets]


def _kind(annotation: str) -> Kind | None:
    text = annotation.replace(" ", "")
    if text.startswith("bool"):
        return "bool"
    if text.startswith("int"):
        return "int_or_none" if "None" in text else "int"
    if text.startswith("str"):
        return "choice"
    return None


def _choices(spec: GameSpec) -> dict[str, tuple[str, ...]]:
    """The allowed values of a game's text options: the ``_CHOICES`` its config module checks."""
    found = getattr(sys.modules[spec.config_class.__module__], "_CHOICES", {})
    return dict(found)


def _players(spec: GameSpec) -> list[int]:
    """The player counts the game's config accepts (each game's config checks its own range)."""
    base = spec.default_config
    ok = []
    for n in range(1, 11):
        try:
            dataclasses.replace(base, players=n)
        except ConfigError:
            continue
        ok.append(n)
    return ok


def game_presets(spec: GameSpec) -> GamePresets:
    choices = _choices(spec)
    options = []
    for f in dataclasses.fields(spec.config_class):
        kind = _kind(str(f.type))
        if f.name in NOT_OPTIONS or kind is None or (kind == "choice" and f.name not in choices):
            continue
        options.append(OptionInfo(name=f.name, kind=kind, choices=list(choices[f.name]) if kind == "choice" else None))
    presets = [
        PresetInfo(name=name, values={o.name: getattr(config, o.name) for o in options})
        for name, config in spec.presets.items()
    ]
    return GamePresets(
        name=spec.name, players=_players(spec), default_preset=spec.default_preset, presets=presets, options=options
    )


@lru_cache(maxsize=1)
def preset_list() -> PresetList:
    """Built once per process: the registry does not change while the server runs."""
    return PresetList(games=[game_presets(GAMES[name]) for name in GAMES])


@router.get("/api/presets", response_model=PresetList)
async def list_presets() -> PresetList:
    """Every registered game with its player counts, presets and options."""
    return preset_list()
