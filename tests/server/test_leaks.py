"""Nothing leaked: in hundreds of bot games, no message to a seat or a spectator names a hidden card.

The real :class:`TableRuntime` plays random bots against each other in process (no database, no
sockets: its writer is a stub and its connections record what they are sent). Every message is
checked at the moment it is sent against the *full* state of that moment: a card that is in
another seat's hand (and not publicly collected) or still in the stock must not appear in the view
string, the legal actions, the events' action texts or the ledgers.

Contract Rummy is played with several decks, so two cards can share a face (``7h`` and ``7h'``),
and its jokers are distinct physical cards (``*0``, ``*1``). Its view strings name physical cards,
so they are checked card by card like Dummy's: no physical id that is in another seat's hand (and
not known to all) or in the stock, whatever its face. Action texts name faces only (``X 7h``,
``G *7h5h6h``): each face they name must have a copy the receiver may see, as many times as it
is named. The stock's order shows nowhere (no stock card at all).
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from samrap.core.cards import card_str, parse_card
from samrap.games.contract.cards import JOKER, face_str
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.state import ContractState
from samrap.games.contract.state import Phase as ContractPhase
from samrap.games.dummy.state import DummyState, Phase
from samrap.server.events import Created, SeatSpec
from samrap.server.messages import TableSettings
from samrap.server.runtime import ServerContext, TableRuntime
from samrap.server.table import Table

CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
#: Card text -> its bit, for every spelling the regex can match (faster than parsing each token).
BIT = {card_str(c): 1 << c for c in range(52)} | {
    "10" + card_str(c)[1]: 1 << c for c in range(52) if card_str(c)[0] == "T"
}


class StubWriter:
    """Stands in for the database thread: appends succeed at once."""

    storage = None

    async def append(self, item: Any) -> None:
        return None

    async def run(self, call: Any) -> Any:
        return call()


def hidden_from(s: DummyState, seat: int | None) -> int:
    """Cards ``seat`` (``None``: a spectator) must not see in state ``s``."""
    hidden = 0
    for c in s.deck[s.stock_pos :]:  # the stock, and the burnt cards after it
        hidden |= 1 << c
    if s.phase is not Phase.OVER:
        for q, hand in enumerate(s.hands):
            if q != seat:
                hidden |= hand & ~s.known[q]
    return hidden


def stock_of(s: DummyState) -> int:
    """The cards still hidden from everyone when a game ends (all hands are shown then)."""
    hidden = 0
    for c in s.deck[s.stock_pos :]:
        hidden |= 1 << c
    return hidden


def event_texts(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for e in events:
        out.append(e.get("action") or "")
        out.extend(str(item.get("detail", "")) for item in e.get("ledger") or [])
    return out


def texts_of(msg: dict[str, Any]) -> list[str]:
    return [msg.get("view") or "", *msg.get("legal", []), *event_texts(msg.get("events", []))]


#: A physical Contract card in a position string: a face with one prime per deck after the first,
#: or a joker by number. A joker's declared identity (``*1=7h``) is stripped first.
PHYSICAL = re.compile(r"[2-9TJQKA][cdhs]'*|\*\d")
DECLARED = re.compile(r"=[2-9TJQKA][cdhs]")
#: The fields of a Contract view string that hold physical cards (``forbid`` is a face).
PHYSICAL_FIELDS = frozenset({"hands", "known", "pile", "melds", "deep", "pending"})
#: A face in an action text; ``*7h`` is a joker standing for 7h (the 7h is no card).
FACE = re.compile(r"\*(?:[2-9TJQKA][cdhs])?|[2-9TJQKA][cdhs]")


def contract_hidden(s: ContractState, seat: int | None) -> int:
    """Physical cards ``seat`` (``None``: a spectator) must not see in ``s``: the stock, and
    other hands except the cards everyone saw go there (until the deal is over)."""
    hidden = 0
    for c in s.stock:
        hidden |= 1 << c
    if s.phase is not ContractPhase.OVER:
        for q, hand in enumerate(s.hands):
            if q != seat:
                hidden |= hand & ~s.known[q]
    return hidden


@functools.cache
def physical_ids(config: ContractConfig) -> dict[str, int]:
    pack = config.pack
    return {pack.card_text(p): p for p in range(pack.size)}


def check_contract(s: ContractState, seat: int | None, msg: dict[str, Any]) -> None:
    pack = s.config.pack
    hidden = contract_hidden(s, seat)
    ids = physical_ids(s.config)
    named = 0
    for field in (msg.get("view") or "").split("|")[2:]:
        key, _, value = field.partition(":")
        if key in PHYSICAL_FIELDS:
            for token in PHYSICAL.findall(DECLARED.sub("", value)):
                named |= 1 << ids[token]
        else:
            assert key == "forbid" or not PHYSICAL.search(value), f"a card in the {key} field"
    events = msg["events"]
    deals = [k for k, e in enumerate(events) if e["kind"] == "deal"]
    current = events[deals[-1] if deals else 0 :]  # what came before a deal was public then
    for e in current:  # ledgers name physical cards, and come when all hands are shown
        for item in e.get("ledger") or []:
            for token in PHYSICAL.findall(str(item.get("detail", ""))):
                named |= 1 << ids[token]
    leaked = named & hidden
    assert not leaked, f"seat {seat} was shown {pack.mask_text(leaked)}"
    if seat is not None and s.phase is not ContractPhase.OVER:
        own = s.hands[seat]
        assert named & own == own, "the check is blind: the seat's own hand is not in its view"
    # faces in action texts: each needs as many copies the receiver may see
    texts = list(msg.get("legal", []))
    texts.extend(e.get("action") or "" for e in current)
    for t in texts:
        counts: dict[int, int] = {}
        for token in FACE.findall(t):
            face = JOKER if token.startswith("*") else parse_card(token)
            counts[face] = counts.get(face, 0) + 1
        for face, n in counts.items():
            seen = (pack.face_masks[face] & ~hidden).bit_count()
            assert n <= seen, f"seat {seat} was told of {n} x {face_str(face)} in {t!r}: it has seen {seen}"


class Checker:
    """A connection that checks each message against the state it was built from."""

    def __init__(self, rt: TableRuntime, seat: int | None, done: asyncio.Event, stop_after: int = 0) -> None:
        self.rt = rt
        self.seat = seat
        self.is_open = True
        self.last_v = 0
        self.done = done
        self.messages = 0
        self.deals = 0
        self.stop_after = stop_after  # stop the match after this many games (0: play it out)
        self.failures: list[Exception] = []
        self.last_dummy: DummyState | None = None  # the state of this seat's previous message

    def send(self, text: str) -> None:
        """Check one message. A failed check is kept and ends the game at once: ``send`` runs
        inside the runtime's bot tasks, which would otherwise swallow the assertion."""
        try:
            self.check(text)
        except Exception as e:
            self.failures.append(e)
            self.done.set()
            raise

    def check(self, text: str) -> None:
        msg = json.loads(text)
        if msg["t"] != "view":
            return
        if self.rt.table.spec.name == "contract":
            state = self.rt.table.state
            assert isinstance(state, ContractState)
            check_contract(state, self.seat, msg)
        else:
            self.check_dummy(msg)
        for e in msg["events"]:
            if e["kind"] == "game_over":
                truth = self.rt.table.games[-1].ledger
                shown = [(i["seat"], i["item"], i["points"], i.get("detail", "")) for i in e["ledger"]]
                assert shown == [(i.seat, i.code, i.points, i.detail) for i in truth]
                assert e["scores"] == list(self.rt.table.games[-1].scores)
                self.deals += 1
                if self.deals == self.stop_after:
                    self.done.set()
            if e["kind"] == "match_over":
                self.done.set()
        self.messages += 1

    def check_dummy(self, msg: dict[str, Any]) -> None:
        state = self.rt.table.state
        assert isinstance(state, DummyState)
        events = msg["events"]
        deal = next((i for i, e in enumerate(events) if e["kind"] == "deal"), 0)
        if deal and self.last_dummy is not None:
            # A message across two games: the last game's final move (a knock names its cards)
            # and its ledger were played before this deal, in a game whose end showed every
            # hand; there only the stock stayed hidden. The rest is checked against this deal.
            before = named_in(event_texts(events[:deal]))
            leaked = before & stock_of(self.last_dummy)
            assert not leaked, f"seat {self.seat} was shown {cards_of(leaked)} of the last game's stock"
            msg = {**msg, "events": events[deal:]}
        self.last_dummy = state
        hidden = hidden_from(state, self.seat)
        named = named_in(texts_of(msg))
        leaked = named & hidden
        assert not leaked, f"seat {self.seat} was shown {cards_of(leaked)}"
        if self.seat is not None and state.phase is not Phase.OVER:
            own = state.hands[self.seat]
            assert named & own == own, "the check is blind: the seat's own hand is not in its view"


def named_in(texts: list[str]) -> int:
    named = 0
    for t in texts:
        for token in CARD.findall(t):
            named |= BIT[token]
    return named


def cards_of(bits: int) -> list[str]:
    return [card_str(c) for c in range(52) if bits >> c & 1]


def begin(table: Table) -> Callable[[], list[Any]]:
    """The plan that deals a table's first match, or its next one."""
    return lambda: [table.plan_start() if table.status == "lobby" else table.plan_rematch()]


def random_bots(game: str, config: str, players: int) -> Created:
    """The creation of a table of ``players`` random bots without delay, for a :class:`Table`
    built directly (no HTTP route, no host)."""
    return Created(
        game=game,
        config=config,
        seats=[SeatSpec(kind="bot", level="random")] * players,
        settings=TableSettings(bot_delay_ms=0),
        host_hash="-",
    )


async def play(players: int, games: int, game: str = "dummy", config: str = "", deals: int = 0) -> tuple[int, int]:
    """Play ``games`` games (Contract Rummy: deals) of matches with random bots; ``deals`` stops
    each match after that many (0: the whole match)."""
    created = random_bots(game, config or f"dummy(players={players},target=1)", players)
    ctx = ServerContext(StubWriter(), "http://test", "leak-test")  # type: ignore[arg-type]
    played = messages = 0
    rt = TableRuntime(Table("LEAKTS", created), ctx, set())
    while played < games:
        done = asyncio.Event()
        checkers = [Checker(rt, q, done, deals) for q in [*range(players), None]]
        rt.conns.clear()
        rt.conns.update(checkers)  # type: ignore[arg-type]
        await rt.commit(begin(rt.table))
        await asyncio.wait_for(done.wait(), timeout=60)
        for c in checkers:
            if c.failures:
                rt.close()
                raise c.failures[0]
        played += checkers[0].deals
        messages += sum(c.messages for c in checkers)
        if deals:  # a fresh table for the next match: this one is stopped in the middle of its match
            rt.close()
            rt = TableRuntime(Table("LEAKTS", created), ctx, set())
    rt.close()
    return played, messages


@pytest.mark.parametrize(("players", "games"), [(2, 200), (3, 20), (4, 20)])
def test_no_message_holds_a_hidden_card(players: int, games: int) -> None:
    played, messages = asyncio.run(play(players, games))
    assert played >= games
    assert messages > played * 20 * (players + 1)


@pytest.mark.parametrize(
    ("config", "players", "deals", "matches"),
    [
        ("contract(players=3)", 3, 0, 1),  # a whole match: seven deals, the long ones and reshuffles
        ("contract(preset=liverpool,players=4)", 4, 3, 1),  # buying: cards bought become known
        ("contract(players=6)", 6, 1, 1),  # three decks: a card can have two primes
    ],
)
def test_no_contract_message_holds_a_hidden_card(config: str, players: int, deals: int, matches: int) -> None:
    games = matches * (deals or 7)
    played, messages = asyncio.run(play(players, games, "contract", config, deals))
    assert played >= games
    assert messages > played * 20 * (players + 1)


def test_the_contract_check_sees_a_leak() -> None:
    """The check is not blind: a view that shows another hand, a stock card by its physical id, or
    an action naming a face whose every copy is hidden, fails it."""
    from dataclasses import replace

    from samrap.games.contract.game import ContractGame
    from samrap.games.contract.observe import observe

    game = ContractGame(ContractConfig.from_string("contract(players=3)"))
    s = game.new_game(7)
    pack = s.config.pack

    def message(view: str, action: str = "D") -> dict[str, Any]:
        return {"view": view, "legal": [], "events": [{"kind": "act", "seat": 1, "action": action}]}

    honest = observe(s, 0)
    check_contract(s, 0, message(honest.to_string()))
    with pytest.raises(AssertionError, match="was shown"):  # every hand shown before the deal is over
        check_contract(s, 0, message(replace(honest, revealed=s.hands).to_string()))
    with pytest.raises(AssertionError, match="was shown"):  # the next stock card in the pile
        check_contract(s, 0, message(replace(honest, pile=(*honest.pile, s.stock[0])).to_string()))
    with pytest.raises(AssertionError, match="blind"):
        check_contract(s, 0, message(replace(honest, hand=0).to_string()))
    # a face in an action: fine while a copy is in sight, not once every copy is hidden
    hidden = contract_hidden(s, 0)
    faces = [f for f in range(52) if pack.face_masks[f] & ~hidden == 0]
    seen = [f for f in range(52) if pack.face_masks[f] & s.hands[0]]
    check_contract(s, 0, message(honest.to_string(), f"X {face_str(seen[0])}"))
    with pytest.raises(AssertionError, match="told of"):
        check_contract(s, 0, message(honest.to_string(), f"X {face_str(faces[0])}"))
    with pytest.raises(AssertionError, match="told of"):  # a joker standing for a card is a joker
        check_contract(s, 0, message(honest.to_string(), f"G *{face_str(seen[0])}" * (pack.jokers + 1)))
