"""The rules of Contract Rummy as pure functions: the deal, legal moves and actions, checked apply.

Rule numbers are those of ``docs/rules/contract.md``. Two listings, both in a fixed order
(``actions.sort_key``):

* :func:`legal_moves`: every legal move as the rules and records write it, a go-down whole
  (``G a b``; rule 22, the whole contract goes down in one move). Complete, and in rare hands of
  30-60 cards tens of thousands of go-downs long. Players, the server and the records use it.
* :func:`legal_actions`: the decision steps, every list short. The same, except that a player
  not yet down chooses a go-down one meld at a time (``G+ a``, :class:`GoDownMeld`, in
  ``Spec.order_key`` order as OpenSpiel's gin_rummy lays melds): the melds chosen wait in
  ``state.staging`` with their cards still in the hand, nothing else is legal until the last
  one, and the last one is exactly the whole go-down. Stage by stage, the choices reach exactly
  the go-downs :func:`legal_moves` lists, each once (``staging.next_melds``).

:func:`apply` checks an action or move and raises :class:`IllegalActionError` naming the first
rule it breaks, in rule 32's order (the deal is over or it is another seat's turn; then turn
order, the draw coming first; then the action's own rules); ``apply_unchecked`` skips the checks
for what came from either listing.
"""

from __future__ import annotations

from samrap.core.cards import card_str
from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.core.errors import IllegalActionError
from samrap.games.contract.actions import (
    CLAIM,
    PASS,
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    GoDownMeld,
    LayOff,
    Meld,
    Pass,
    PickUp,
)
from samrap.games.contract.cards import JOKER, face_str, lowest
from samrap.games.contract.contracts import LAST_DEAL, contract, contract_text
from samrap.games.contract.lookahead import is_finishable
from samrap.games.contract.melds import (
    ACE,
    ANY_SUITS,
    RUN,
    SET,
    Spec,
    any_set_joker_faces,
    ext_faces,
    shape,
    spec_shape,
)
from samrap.games.contract.pickups import draw_actions
from samrap.games.contract.staging import next_melds
from samrap.games.contract.state import CLAIM_PHASE, DRAW_PHASE, PLAY_PHASE, ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked, new_deal
from samrap.games.contract.turn import play_actions

__all__ = ["apply", "apply_unchecked", "legal_actions", "legal_moves", "new_deal"]


# ``s[-1]`` below is ``s.staging`` (the last field of ``ContractState``, pinned by
# ``tests/games/contract/test_state.py``) at a tenth of the cost of the attribute.


def legal_moves(s: ContractState) -> list[ContractAction]:
    """Every legal move of the seat to move, in ``sort_key`` order (empty once the deal is over).

    A go-down is one move (rule 22). In a state where a go-down is being put down a meld at a
    time (``s.staging``, reached only through :func:`legal_actions`) the moves are the whole
    go-downs that begin with the melds chosen so far: a player that lists moves can finish it.
    """
    phase = s.phase
    if phase == PLAY_PHASE:
        if s[-1]:
            return _finishing_moves(s)
        return play_actions(s)
    if phase == DRAW_PHASE:
        return draw_actions(s)
    if phase == CLAIM_PHASE:
        return [CLAIM, PASS]
    return []


def _finishing_moves(s: ContractState) -> list[ContractAction]:
    """The whole go-downs that begin with the melds of the go-down under way (``s.staging``).

    A function of its own: the comprehension's closure over the stage would otherwise make
    ``legal_moves`` build cells on every call (about 600 instructions an action, callgrind).
    """
    staging = s.staging
    k = len(staging)
    return [a for a in play_actions(s) if isinstance(a, GoDown) and a.melds[:k] == staging]


def legal_actions(s: ContractState) -> list[ContractAction]:
    """The legal actions of the seat to move, in ``sort_key`` order: :func:`legal_moves` with
    each go-down chosen one meld at a time (:class:`GoDownMeld`, ``staging.next_melds``).

    While a go-down is under way (``s.staging``) its next melds are the only actions: no
    discard, nothing else, until the last meld puts the whole contract down (rule 22).
    """
    phase = s.phase
    if phase == DRAW_PHASE:  # (the commonest cases first, without legal_moves' dispatch)
        return draw_actions(s)
    if phase == PLAY_PHASE:
        if s.down >> s.current & 1:  # (a player who is down has no go-down under way)
            return play_actions(s)
        staging = s[-1]
        if staging:
            return [GoDownMeld(m) for m in next_melds(s, staging)]
        firsts = next_melds(s, ())
        rest = play_actions(s, go_downs=False)  # the discards: go-downs come a meld at a time
        if firsts:
            return [*(GoDownMeld(m) for m in firsts), *rest]
        return rest
    return legal_moves(s)


def apply(s: ContractState, a: ContractAction, seat: int | None = None) -> ContractState:
    """Apply ``a`` for the seat to move (or for ``seat``, which must be the seat to move).

    Raises:
        IllegalActionError: the first rule the action breaks (rule 32's order).
    """
    if s.phase is Phase.OVER:
        raise IllegalActionError(19 if s.out >= 0 else 28, "the deal is over")
    mover = s.to_move()
    if seat is not None and seat != mover:
        raise IllegalActionError(6, f"it is seat {mover}'s turn to act, not seat {seat}'s")
    _check_order(s, a)
    if s[-1] or isinstance(a, GoDownMeld):
        return _apply_staged(s, a)
    _check(s, a)
    after = apply_unchecked(s, a)
    if s.phase is not Phase.CLAIM and not isinstance(a, Discard | Draw) and not is_finishable(after):
        if isinstance(a, PickUp) and a.depth > 0:
            raise IllegalActionError(12, "the deep card could not be put on the table this turn")
        raise IllegalActionError(30, "after this move the turn could not end legally")
    return after


def _check_order(s: ContractState, a: ContractAction) -> None:
    match a:
        case Draw() | PickUp():
            if s.phase is Phase.CLAIM:
                raise IllegalActionError(12, "the top discard is being offered: claim (C) or pass (-)")
            if s.phase is Phase.PLAY:
                raise IllegalActionError(12, "one draw per turn, and it comes first")
        case Claim() | Pass():
            if s.phase is not Phase.CLAIM:
                raise IllegalActionError(12, "no discard is being offered for buying")
        case GoDown() | GoDownMeld() | Meld() | LayOff() | Exchange() | Discard():
            if s.phase is Phase.DRAW:
                raise IllegalActionError(12, "draw first, from the stock or the discard pile")
            if s.phase is Phase.CLAIM:
                raise IllegalActionError(12, "the top discard is being offered: claim (C) or pass (-)")
        case _:
            raise IllegalActionError(32, f"not a Contract Rummy action: {a!r}")


def _check(s: ContractState, a: ContractAction) -> None:
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    down = bool(s.down >> p & 1)
    match a:
        case PickUp(depth=k):
            if not s.pile:
                raise IllegalActionError(12, "the discard pile is empty")
            if not 0 <= k < len(s.pile):
                raise IllegalActionError(12, f"the discard pile holds {len(s.pile)} cards; depth {k} is not one")
            if k > 0 and cfg.pickup == "top":
                raise IllegalActionError(12, "only the top discard may be taken (pickup=top)")
        case GoDown(melds=specs):
            _check_go_down(s, specs)
        case Meld(meld=spec):
            if not cfg.melds_after_down:
                raise IllegalActionError(14, "after going down, only lay-offs (melds_after_down is off)")
            if not down:
                raise IllegalActionError(13, "the first cards put down must be the whole contract (G ...)")
            sh = _check_spec(spec, cfg.any_suit_sets)
            if sh[0] == RUN and sh[3] - sh[2] + 1 < cfg.min_run:
                raise IllegalActionError(9, f"a run has at least {cfg.min_run} cards")
            _check_in_hand(s, (spec,), 14)
        case LayOff(face=f, target=t, joker=joker):
            if not down:
                raise IllegalActionError(14, "go down with the contract before laying off")
            if s.deal == LAST_DEAL:
                raise IllegalActionError(17, "nobody lays off in deal 7")
            if not 0 <= t < len(s.melds):
                raise IllegalActionError(14, f"there is no table meld >{t}")
            if not 0 <= f < JOKER:
                raise IllegalActionError(14, "a lay-off names the card it places, e.g. L 8h>2 or L *8h>2")
            if not hand & (pack.jokers_mask if joker else pack.face_masks[f]):
                raise IllegalActionError(14, f"{'no joker' if joker else card_str(f)} in hand")
            m = s.melds[t]
            if not ext_faces(m) >> f & 1:
                what = "a joker as " + card_str(f) if joker else card_str(f)
                if m.kind == SET:
                    raise IllegalActionError(8, f"{what} does not fit set >{t}: a set has 4 different suits at most")
                raise IllegalActionError(9, f"{what} does not extend run >{t} at either end")
            if joker and m.any_suits and f != m.joker_layoff_face():
                want = card_str(m.joker_layoff_face())
                raise IllegalActionError(
                    26, f"in a set of any suits a joker's suit means nothing; it is written as {want}: L *{want}>{t}"
                )
        case Exchange(face=f, target=t):
            if not down:
                raise IllegalActionError(16, "only a player who has gone down may exchange a joker")
            if s.went_down:
                raise IllegalActionError(26, "a joker exchange needs going down on an earlier turn")
            if not 0 <= t < len(s.melds):
                raise IllegalActionError(16, f"there is no table meld >{t}")
            m = s.melds[t]
            if m.kind == SET:
                raise IllegalActionError(16, "a joker in a set is dead: it can never be taken")
            if not 0 <= f < JOKER or not any(jf == f for _, jf in m.jokers):
                raise IllegalActionError(16, f"no joker in run >{t} stands for {face_str(f) if 0 <= f <= JOKER else f}")
            if not hand & pack.face_masks[f]:
                raise IllegalActionError(16, f"{card_str(f)} is not in hand")
        case Discard(face=f):
            if not 0 <= f <= JOKER or not hand & pack.face_masks[f]:
                raise IllegalActionError(15, f"{face_str(f) if 0 <= f <= JOKER else f} is not in hand")
            if s.deep >= 0 and hand >> s.deep & 1:
                raise IllegalActionError(24, f"the deep card {face_str(pack.faces[s.deep])} must go on the table first")
            if s.pending & hand:
                raise IllegalActionError(26, "the joker taken by exchange must go back on the table, not away")
            if f == s.forbid:
                raise IllegalActionError(25, f"a {face_str(f)} was just taken as the top discard; discard another card")
        case _:
            pass


def _check_spec(spec: Spec, any_suits: bool) -> tuple[int, int, int, int]:
    """Rules 3, 8, 9, 26: the meld is a set or a run and has a natural card (no meld of jokers
    alone, rule 26); under ``set_suits = any`` a set may repeat faces, and its jokers are
    declared as :func:`melds.any_set_joker_faces` fixes."""
    if (spec.nat | spec.jok) >> 52:
        raise IllegalActionError(11, f"{spec.text()} names a face that does not exist")
    if not spec.nat:
        raise IllegalActionError(26, f"{spec.text()}: no meld of jokers alone; a meld needs at least one natural card")
    sh = spec_shape(spec, any_suits)
    if sh is not None and sh[2] == ANY_SUITS and sh[0] == SET:
        if spec.jok != any_set_joker_faces(sh[1], spec.nat, spec.jok.bit_count()) or spec.jok.bit_count() > 4:
            want = Spec(spec.nat, any_set_joker_faces(sh[1], spec.nat, spec.jok.bit_count()), spec.more)
            raise IllegalActionError(
                26, f"{spec.text()}: in a set of any suits a joker's suit means nothing; it is written {want.text()}"
            )
        return sh
    if spec.more or spec.nat & spec.jok:  # a face twice: only a set of any suits may do that
        one_rank = spec.faces & ~RANK_MASKS[lowest(spec.faces) % 13] == 0
        if spec.nat & spec.jok and not any_suits:
            raise IllegalActionError(11, f"{spec.text()} names a face twice")
        if one_rank and any_suits:
            raise IllegalActionError(8, f"{spec.text()}: a set has 3 or more cards of one rank")
        if one_rank:
            raise IllegalActionError(8, f"{spec.text()}: no two cards of a set share a suit (set_suits=different)")
        raise IllegalActionError(9, f"{spec.text()} is neither a set nor a run (a run holds each card once)")
    sh = shape(spec.faces)
    if sh is None:
        faces = spec.faces
        low = (faces & -faces).bit_length() - 1
        if faces & ~RANK_MASKS[low % 13] == 0:
            if any_suits:
                raise IllegalActionError(8, f"{spec.text()}: a set has 3 or more cards of one rank")
            raise IllegalActionError(8, f"{spec.text()}: a set has 3 or 4 cards of one rank in different suits")
        suit_pattern = faces >> (13 * (low // 13)) & 0x1FFF
        if faces & ~SUIT_MASKS[low // 13] == 0 and suit_pattern >> ACE & 1 and suit_pattern & 1:
            raise IllegalActionError(3, f"{spec.text()}: the ace is high or low, and runs do not wrap")
        raise IllegalActionError(9, f"{spec.text()} is neither a set nor a run of consecutive cards of one suit")
    return sh


def _check_in_hand(s: ContractState, specs: tuple[Spec, ...], rule: int) -> None:
    pack = s.config.pack
    layers, jokers = pack.face_layers(s.hands[s.current])
    need_jokers = 0
    counts: dict[int, int] = {}
    for spec in specs:
        need_jokers += spec.jok.bit_count()
        for m in (spec.nat, *spec.more):
            while m:
                low = m & -m
                f = low.bit_length() - 1
                counts[f] = counts.get(f, 0) + 1
                m ^= low
    for f, c in sorted(counts.items()):
        if c > len(layers) or not layers[c - 1] >> f & 1:
            raise IllegalActionError(rule, f"not enough {card_str(f)} in hand")
    if need_jokers > jokers:
        raise IllegalActionError(rule, f"{need_jokers} jokers needed, {jokers} in hand")


def _check_go_down(s: ContractState, specs: tuple[Spec, ...]) -> None:
    _check_melds(s, specs, complete=True)


def _check_melds(s: ContractState, specs: tuple[Spec, ...], complete: bool) -> None:
    """Rules 8-14, 17, 22, 26, 27 for the melds ``specs`` of a go-down: the whole go-down when
    ``complete``, else the melds chosen so far of one put down a meld at a time (no more sets
    or runs than the contract asks; rule 17's every-card test waits for the last meld)."""
    cfg = s.config
    p = s.current
    if s.down >> p & 1:
        raise IllegalActionError(14, "this player has gone down already: lay off instead")
    shapes = [_check_spec(spec, cfg.any_suit_sets) for spec in specs]
    sets, runs = contract(s.deal)
    n_sets = sum(1 for sh in shapes if sh[0] == SET)
    if complete and (n_sets != sets or len(shapes) - n_sets != runs):
        raise IllegalActionError(13, f"deal {s.deal}'s contract is exactly {contract_text(s.deal)}")
    if not complete and (n_sets > sets or len(shapes) - n_sets > runs):
        kind = "set" if n_sets > sets else "run"
        raise IllegalActionError(
            13, f"deal {s.deal}'s contract is exactly {contract_text(s.deal)}: {specs[-1].text()} is a {kind} too many"
        )
    last = s.deal == LAST_DEAL
    if cfg.contract_exact and not last:
        for spec, sh in zip(specs, shapes, strict=True):
            want = 3 if sh[0] == SET else cfg.min_run
            if spec.size != want:
                raise IllegalActionError(
                    22, f"{spec.text()}: contract melds have exactly {want} cards (contract_exact)"
                )
    for sh in shapes:
        if sh[0] == RUN and sh[3] - sh[2] + 1 < cfg.min_run:
            raise IllegalActionError(9, f"a run has at least {cfg.min_run} cards")
    run_shapes = [sh for sh in shapes if sh[0] == RUN]
    for i, a in enumerate(run_shapes):
        for b in run_shapes[i + 1 :]:
            if a[1] == b[1] and cfg.same_suit_runs == "different":
                raise IllegalActionError(10, "the runs of a contract must be of different suits")
            if a[1] == b[1] and cfg.same_suit_runs == "not_adjacent" and (a[3] + 1 == b[2] or b[3] + 1 == a[2]):
                raise IllegalActionError(27, "two runs of one suit may not join into one (same_suit_runs=not_adjacent)")
    _check_in_hand(s, specs, 13)
    if last and complete:
        left = s.hands[p].bit_count() - sum(spec.size for spec in specs)
        if left > (1 if cfg.deal7_discard else 0):
            raise IllegalActionError(17, "in deal 7 going down means going out: every card must be melded")


#: The message for anything but the next meld while a go-down is under way (rule 22).
UNDER_WAY = "a go-down is being put down a meld at a time: choose its next meld (G+ ...)"


def _apply_staged(s: ContractState, a: ContractAction) -> ContractState:
    """Checked apply of a :class:`GoDownMeld`, or of anything while a go-down is under way.

    A meld among ``staging.next_melds`` is applied (the last one is the whole go-down, legal as
    such); any other is refused with the first rule it breaks: the meld itself (rules 3, 8, 9,
    11, 26), the contract's kinds and sizes (13, 22), runs of one suit (10, 27), the cards in hand
    (13), the order of the melds (22), then for the last meld the whole go-down's own checks (17,
    30, ...), and otherwise rule 22: no legal go-down begins with these melds.
    """
    staging: tuple[Spec, ...] = s[-1]
    if isinstance(a, GoDown):  # the whole go-down, finishing the one under way
        if a.melds[: len(staging)] != staging:
            chosen = " ".join(m.text() for m in staging)
            raise IllegalActionError(22, f"the go-down under way begins {chosen}: a whole go-down must begin so too")
        return apply(s._replace(staging=()), a)
    if not isinstance(a, GoDownMeld):
        raise IllegalActionError(22, UNDER_WAY)
    spec = a.meld
    if spec in next_melds(s, staging):
        return apply_unchecked(s, a)
    staged = (*staging, spec)
    _check_melds(s, staged, complete=False)
    sets, runs = contract(s.deal)
    if not spec.is_set and sum(1 for m in staging if m.is_set) < sets:
        raise IllegalActionError(
            22, f"a go-down's melds are chosen in the order G lists them: its sets before {spec.text()} (a run)"
        )
    if staging and spec.order_key() < staging[-1].order_key():
        raise IllegalActionError(
            22,
            f"a go-down's melds are chosen in the order G lists them (sets first, then runs): "
            f"{spec.text()} comes before {staging[-1].text()}, so it is chosen first",
        )
    if len(staged) == sets + runs:
        apply(s._replace(staging=()), GoDown(staged))  # raises the whole go-down's broken rule
    chosen = " ".join(m.text() for m in staged)
    raise IllegalActionError(
        22,
        f"no legal go-down of deal {s.deal}'s contract ({contract_text(s.deal)}) begins {chosen}: "
        "these cards leave no way to complete the contract this turn and end the turn legally",
    )
