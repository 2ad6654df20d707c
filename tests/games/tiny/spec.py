"""Tiny Rummy's registry entry: its one :class:`GameSpec` (the registration, nothing else)."""

from __future__ import annotations

from collections.abc import Sequence

from samrap.engine.protocol import Game
from samrap.engine.registry import GameSetup, GameSpec, RuleRefs
from tests.games.tiny.game import CARDS, TinyAction, TinyConfig, TinyGame, TinyState, TinyView, card_text, parse_card


def render_view(view: TinyView, names: Sequence[str], lang: str) -> str:
    head = "ไพ่ในมือ" if lang == "th" else "hand"
    return f"{names[view.seat]} {head}: {view.to_string()}"


def tiny_spec() -> GameSpec[TinyConfig, TinyGame, TinyState, TinyView]:
    _: type[Game[TinyState, TinyAction, TinyView]] = TinyGame  # the facade has the protocol's shape

    def start_game(game: TinyGame, setup: GameSetup) -> TinyState:
        return game.new_game(deck=setup.deck, starter=setup.starter, scores=setup.scores)

    def totals(s: TinyState) -> tuple[int, ...]:
        return tuple(a + (1 if q == s.winner else 0) for q, a in enumerate(s.scores))

    def is_match_over(config: TinyConfig, scores: Sequence[int], games: int) -> bool:
        return max(scores) >= config.target or games >= 4 * config.target

    def winners(config: TinyConfig, scores: Sequence[int]) -> tuple[int, ...]:
        return tuple(q for q, t in enumerate(scores) if t == max(scores))

    def next_deal(game: TinyGame, s: TinyState, seed: int) -> TinyState | None:
        after = totals(s)
        if max(after) >= s.config.target:
            return None
        return game.new_game(seed, starter=(s.starter + 1) % game.players, scores=after)

    def check_deck(config: TinyConfig, deck: Sequence[int]) -> str | None:
        return None if sorted(deck) == list(range(CARDS)) else "a Tiny Rummy deck is its 12 cards once each"

    return GameSpec(
        name="tiny",
        title="Tiny Rummy",
        thai_title="รัมมี่จิ๋ว",
        config_class=TinyConfig,
        presets={"classic": TinyConfig()},
        make_game=TinyGame,
        default_preset="classic",
        parse_config=TinyConfig.from_string,
        start_game=start_game,
        first_starter=lambda game, seed: seed % game.players,
        next_game=lambda s: ((s.starter + 1) % s.config.players, 1),
        is_match_over=is_match_over,
        match_winners=winners,
        card_text=lambda config, card: card_text(card),
        parse_card=lambda config, text: parse_card(text),
        check_deck=check_deck,
        item_names={"win": ("ชนะ", "win")},
        render_view=render_view,
        move_help={"en": "D draws, X 3h discards", "th": "D จั่ว, X 3h ทิ้ง"},
        stats=(),
        rule_refs=RuleRefs(starter=5, direction=5, first_game=5, scores=3, match_end=5),
        max_game_length=lambda config: 2 * CARDS + 2,
        match_totals=totals,
        next_deal=next_deal,
        higher_is_better=True,
    )
