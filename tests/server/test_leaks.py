"""Nothing leaked: in hundreds of bot games, no message to a seat or a spectator names a hidden card.

The real :class:`TableRuntime` plays random bots against each other in process (no database, no
sockets: its writer is a stub and its connections record what they are sent). Every message is
checked at the moment it is sent against the *full* state of that moment: a card that is in
another seat's hand (and not publicly collected) or still in the stock must not appear in the view
string, the legal actions, the events' action texts or the ledgers.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from samrap.core.cards import card_str
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


def texts_of(msg: dict[str, Any]) -> list[str]:
    out = [msg.get("view") or "", *msg.get("legal", [])]
    for e in msg.get("events", []):
        out.append(e.get("action") or "")
        out.extend(str(item.get("detail", "")) for item in e.get("ledger") or [])
    return out


class Checker:
    """A connection that checks each message against the state it was built from."""

    def __init__(self, rt: TableRuntime, seat: int | None, done: asyncio.Event) -> None:
        self.rt = rt
        self.seat = seat
        self.is_open = True
        self.last_v = 0
        self.done = done
        self.messages = 0

    def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg["t"] != "view":
            return
        state: DummyState = self.rt.table.state
        hidden = hidden_from(state, self.seat)
        named = 0
        for t in texts_of(msg):
            for token in CARD.findall(t):
                named |= BIT[token]
        leaked = named & hidden
        assert not leaked, f"seat {self.seat} was shown {[card_str(c) for c in range(52) if leaked >> c & 1]}"
        if self.seat is not None and state.phase is not Phase.OVER:
            own = state.hands[self.seat]
            assert named & own == own, "the check is blind: the seat's own hand is not in its view"
        for e in msg["events"]:
            if e["kind"] == "game_over":
                truth = self.rt.table.games[-1].ledger
                shown = [(i["seat"], i["item"], i["points"], i.get("detail", "")) for i in e["ledger"]]
                assert shown == [(i.seat, i.code, i.points, i.detail) for i in truth]
                assert e["scores"] == list(self.rt.table.games[-1].scores)
            if e["kind"] == "match_over":
                self.done.set()
        self.messages += 1


async def play(players: int, games: int) -> tuple[int, int]:
    created = Created(
        game="dummy",
        config=f"dummy(players={players},target=1)",
        seats=[SeatSpec(kind="bot", level="random")] * players,
        settings=TableSettings(bot_delay_ms=0),
        host_hash="-",
    )
    ctx = ServerContext(StubWriter(), "http://test", "leak-test")  # type: ignore[arg-type]
    rt = TableRuntime(Table("LEAKTS", created), ctx, set())
    done = asyncio.Event()
    checkers = [Checker(rt, q, done) for q in [*range(players), None]]
    rt.conns.update(checkers)  # type: ignore[arg-type]
    played = 0
    while played < games:
        done.clear()
        await rt.commit(lambda: [rt.table.plan_start() if rt.table.status == "lobby" else rt.table.plan_rematch()])
        await asyncio.wait_for(done.wait(), timeout=60)
        played += len(rt.table.games)
    rt.close()
    return played, sum(c.messages for c in checkers)


@pytest.mark.parametrize(("players", "games"), [(2, 200), (3, 20), (4, 20)])
def test_no_message_holds_a_hidden_card(players: int, games: int) -> None:
    played, messages = asyncio.run(play(players, games))
    assert played >= games
    assert messages > played * 20 * (players + 1)
