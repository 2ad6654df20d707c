"""``GET /api/rules/{game}?preset=P&key=value...``: the rules of a preset with options, in words.

The web rules page (``#/rules/GAME?preset=P&...``) shows this, the same rule book ``samrap rules``
prints (``engine.rulebooks``), so the page describes the rules being played: both languages come in
one answer, each rule with the number the engine's errors cite. An unknown game, preset or option,
or a bad value, is ``bad_config`` naming the field.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from samrap.core.errors import ConfigError
from samrap.engine.rulebooks import rulebook_for
from samrap.server.api import error_response
from samrap.server.messages import ErrorCode

router = APIRouter()


@router.get("/api/rules/{game}", response_model=None)
async def game_rules(game: str, request: Request) -> dict[str, object] | JSONResponse:
    """The rule book of ``game`` under the ``preset`` query parameter and the other parameters as options."""
    params = dict(request.query_params)
    preset = params.pop("preset", None) or None
    try:
        return rulebook_for(game, preset, params).to_dict()
    except ConfigError as e:
        return error_response(ErrorCode.BAD_CONFIG, str(e))
