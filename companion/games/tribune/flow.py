"""The whole game's round (mode "full"): the six phases (digest 3.2) as steps on `state.Board`.

`run(state, seat, move, detail)` is both the check and the fold of a player's or the table's step:
it raises `IllegalCommand` naming the rule for a step the rules refuse (`rules.decide` runs it
before journaling anything) and returns the state after it, with the steps the rules take by
themselves folded in (`advance`: the coin bowl's money, opening region V's and VIII's sealed
rounds and the chariot auction, the faction benefits, the round's end and its victory check). A
journaled step is a fact: replay folds the same function over the same events.

Phases (3.2 [S003]): 1 the cards are laid out on the board (the table's; the app learns a card
when it is paid for, discarded or played face up), 2 followers placed (`place`), 3 regions I→VIII
resolved, 4 take-overs left to right, 5 faction benefits left to right, 6 the chariot auction.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.core import sealed
from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.tribune import benefits as B
from companion.games.tribune import board as bd
from companion.games.tribune import victory as vic
from companion.games.tribune.board import FACTIONS, Card
from companion.games.tribune.state import (
    AUTOMATIC, CHARIOT, REGION_V, REGION_VIII, Board, Control, Duty, Holding, RoundCheck, TribuneState,
)

PLACE_RULE = "Tribune 3.2 placing followers"
REGION_RULE = "Tribune 3.3 regions"
REGIONS_I_II_RULE = "Tribune 3.3 regions I and II"
REGION_III_RULE = "Tribune 3.3 region III"
REGION_IV_RULE = "Tribune 3.3 region IV"
REGION_V_RULE = "Tribune 3.3 region V"
REGION_VI_RULE = "Tribune 3.3 region VI"
REGION_VII_RULE = "Tribune 3.3 region VII"
NOT_TWICE_RULES = {"V": REGION_V_RULE, "VII": REGION_VII_RULE}
POOR = "{name} has only {money} denarii and cannot pay {amount}."
WHOLE = "'{field}' must be a whole number from 0 to {high}."
TAKEOVER_RULE = "Tribune 3.4 take-overs"
CHARIOT_RULE = "Tribune 3.4 chariot"
VICTORY_RULE = "Tribune 3.5 victory"
HAND_RULE = "Tribune corrections"
REGION_V_SINGLE_PRICE = 1  # digest 3.3 [S003]: one occupant pays 1 for two cards
REGION_VIII_HIGHEST, REGION_VIII_OTHERS = 2, 1  # digest 3.3 [S003]


def _put(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


def _with_holding(state: TribuneState, seat: int, **changes: Any) -> TribuneState:
    board = state.board
    assert board is not None
    return evolve(state, board=evolve(board, holdings=_put(board.holdings, seat, evolve(board.holding(seat), **changes))))


def _with_board(state: TribuneState, **changes: Any) -> TribuneState:
    assert state.board is not None
    return evolve(state, board=evolve(state.board, **changes))


def _money(state: TribuneState, seat: int, delta: int) -> TribuneState:
    return evolve(state, money=_put(state.money, seat, state.money[seat] + delta))


def _name(state: TribuneState, seat: int) -> str:
    return state.players[seat]


def _poor(state: TribuneState, seat: int, amount: int) -> dict[str, Any] | None:
    """The refusal's words when `seat` cannot pay `amount` (None: it can)."""
    if state.money[seat] >= amount:
        return None
    return {"name": _name(state, seat), "money": state.money[seat], "amount": amount}


# -- the set-up ----------------------------------------------------------------------------------


def new_board(players: int, start_player: int, settings: Any, card: vic.VictoryCard,
              rows: tuple[B.Row, ...]) -> Board:
    """The set-up (digest 3.1): followers by player count, one laurel on every faction field, six
    cards dealt and four kept (the other two face down on the discard pile, or shuffled back:
    `unkept_cards`); the chariot on no faction yet."""
    followers = bd.FOLLOWERS[players]
    holdings = tuple(Holding(followers=followers, left=followers) for _ in range(players))
    return Board(stage="placement", holdings=holdings,
                 factions=tuple(Control(f, markers_left=bd.MARKERS_PER_FACTION) for f in FACTIONS),
                 victory=card, benefits=rows, placer=start_player,
                 hidden_discards=2 * players if settings.unkept_cards == "discard" else 0)


# -- phase 2: placing ----------------------------------------------------------------------------


def legal_spaces(state: TribuneState, seat: int) -> tuple[str, ...]:
    """The spaces `seat` may put a follower on now (what the placing ask offers)."""
    found = []
    for space in bd.SPACES:
        try:
            check_place(state, seat, space)
        except IllegalCommand:
            continue
        found.append(space)
    return tuple(found)


def check_place(state: TribuneState, seat: int, space: str) -> None:
    board = state.board
    assert board is not None
    if board.stage != "placement":
        raise IllegalCommand(PLACE_RULE, "Followers are placed in phase 2 only.")
    if board.placer != seat:
        raise IllegalCommand(PLACE_RULE, "It is {name}'s turn to place a follower.",
                             name=_name(state, board.placer) if board.placer is not None else "-")
    if board.holding(seat).left <= 0:
        raise IllegalCommand(PLACE_RULE, "{name} has no follower left to place.", name=_name(state, seat))
    if space == bd.BOWL:
        return
    if space in bd.CLAIMS:
        faction = space.split(":", 1)[1]
        control = board.control(faction)
        claimants = board.claimants(faction)
        if control.seat == seat:
            raise IllegalCommand(TAKEOVER_RULE, "{name} controls the {faction} already: a set is never reinforced.",
                                 name=_name(state, seat), faction=faction)
        if seat in claimants:
            raise IllegalCommand(TAKEOVER_RULE, "{name} claims the {faction} already: not two followers on one faction.",
                                 name=_name(state, seat), faction=faction)
        if len(claimants) >= 2:
            raise IllegalCommand(TAKEOVER_RULE, "Both spaces of the {faction} are taken.", faction=faction)
        if board.protected == faction:
            raise IllegalCommand(CHARIOT_RULE, "The chariot protects the {faction} this round.", faction=faction)
        return
    if space not in bd.REGION_SPACES:
        raise IllegalCommand(PLACE_RULE, "There is no space '{space}' on the board.", space=space[:20])
    if board.seat_on(space) is not None:
        raise IllegalCommand(PLACE_RULE, "Space {space} is taken: one follower per space.", space=space)
    region, _ = bd.split_space(space)
    if region in bd.NOT_TWICE and any(s.startswith(region + ".") and who == seat for s, who in board.occupants):
        raise IllegalCommand(REGION_V_RULE if region == "V" else REGION_VII_RULE,
                             "{name} may not occupy both spaces of region {region}.",
                             name=_name(state, seat), region=region)
    if region == "VII" and board.holding(seat).marker(bd.VESTALS) <= 0:
        raise IllegalCommand(REGION_VII_RULE,
                             "Region VII needs a Vestals faction marker (control is not needed): {name} has none.",
                             name=_name(state, seat))


def place(state: TribuneState, seat: int, space: str) -> TribuneState:
    """A follower on `space`; the coin bowl pays at once, 7 to the first follower there this round
    and 5 to every later one (digest 3.3, 3.6 item 9)."""
    check_place(state, seat, space)
    board = state.board
    assert board is not None
    if space == bd.BOWL:
        first = not any(s == bd.BOWL for s, _ in board.occupants)
        state = _money(state, seat, bd.BOWL_FIRST if first else bd.BOWL_LATER)
    holding = board.holding(seat)
    state = _with_holding(state, seat, left=holding.left - 1)
    state = _with_board(state, occupants=state.board.occupants + ((space, seat),))
    return _next_placer(state, seat)


def _next_placer(state: TribuneState, after: int) -> TribuneState:
    board = state.board
    assert board is not None
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if board.holding(seat).left > 0:
            return _with_board(state, placer=seat)
    return advance(_with_board(state, placer=None, stage="resolve", duties=_round_duties(state)))


def _round_duties(state: TribuneState) -> tuple[Duty, ...]:
    """Phases 3 to 6 as the duties the round waits for, in order (regions from the lowest number,
    spaces in order; take-overs left to right, space 2 first; benefits; the chariot; the end)."""
    board = state.board
    assert board is not None
    duties: list[Duty] = []
    for region in bd.REGIONS:
        seats = [(space, board.seat_on(space)) for space in bd.REGION_SPACES if space.startswith(region.name + ".")]
        taken = [(space, seat) for space, seat in seats if seat is not None]
        if not taken:
            continue
        kind = f"region_{region.name.lower()}"
        if region.name == "V":
            if len(taken) == 2:
                duties.append(Duty("region_v_bid"))
            else:
                duties.append(Duty("region_v_single", taken[0][1], taken[0][0]))
        elif region.name == "VIII":
            duties.append(Duty("region_viii"))
        else:
            duties += [Duty(kind, seat, space) for space, seat in taken]
    for faction in FACTIONS:
        claimants = board.claimants(faction)
        if len(claimants) == 2:
            duties.append(Duty("takeover", claimants[1], bd.claim_id(faction), faction, 2))
        if claimants:
            duties.append(Duty("takeover", claimants[0], bd.claim_id(faction), faction, 1))
    duties += [Duty("benefits"), Duty("chariot"), Duty("round_end")]
    return tuple(duties)


# -- the steps the rules take by themselves ----------------------------------------------------


def _pop(state: TribuneState) -> TribuneState:
    board = state.board
    assert board is not None
    return _with_board(state, duties=board.duties[1:])


def advance(state: TribuneState) -> TribuneState:
    """Take every step the rules take by themselves until the round waits on the table (a duty
    with an ask, an open sealed round) or the game is over."""
    while state.board is not None and not state.finished and not state.is_bidding:
        duty = state.board.duty
        if duty is None or duty.kind not in AUTOMATIC:
            break
        state = _pop(state)
        state = AUTOMATIC_STEPS[duty.kind](state)
    if state.board is not None:
        duty = state.board.duty
        stage = state.board.stage
        if duty is not None:
            stage = ("takeover" if duty.kind == "takeover" else "chariot" if duty.kind == "chariot_move"
                     else "winner" if duty.kind == "winner" else "resolve")
        if stage != state.board.stage and state.board.stage not in ("placement", "over"):
            state = _with_board(state, stage=stage)
    return state


def _open(state: TribuneState, kind: str, seats: tuple[int, ...], opened: sealed.RoundOpened) -> TribuneState:
    return evolve(state, bid=sealed.apply(None, opened), bid_kind=kind, bid_seats=seats,
                  region_v_round=state.round if kind == REGION_V else state.region_v_round,
                  chariot_round=state.round if kind == CHARIOT else state.chariot_round)


def _open_region_v(state: TribuneState) -> TribuneState:
    """Region V with two occupants (digest 3.3): their sealed bid, space 1 first for a tie."""
    from companion.games.tribune.bids import open_region_v

    board = state.board
    assert board is not None
    space1, space2 = board.seat_on("V.1"), board.seat_on("V.2")
    assert space1 is not None and space2 is not None
    return _open(state, REGION_V, (space1, space2), open_region_v(space1, space2, state.money, state.settings))


def pair_limit(settings: Any) -> int:
    """The highest pair value: two cards of the highest value (`max_card_value`)."""
    return 2 * settings.max_card_value


def _open_region_viii(state: TribuneState) -> TribuneState:
    """Region VIII (digest 3.3, 3.8 item 3): every occupant locks the value of their pair in secret
    on their pad (0: no pair); the values are revealed together. A seat with several followers there
    locks its highest pair and plays one pair per follower."""
    board = state.board
    assert board is not None
    seats = tuple(sorted({seat for space, seat in board.occupants if space.startswith("VIII.")}))
    opened = sealed.open_round(seats, [pair_limit(state.settings)] * len(seats), min_bid=0,
                               unlocked=state.settings.unlocked_bids)
    return _open(state, REGION_VIII, seats, opened)


def _open_chariot(state: TribuneState) -> TribuneState:
    from companion.games.tribune.bids import open_chariot

    return _with_board(_open(state, CHARIOT, tuple(range(len(state.players))), open_chariot(state.money, state.settings)),
                       stage="chariot")


def give(state: TribuneState, seat: int, gift: B.Gift) -> TribuneState:
    """A benefit's gifts to `seat` (benefits.KINDS)."""
    for kind, amount in gift:
        board = state.board
        assert board is not None
        h = board.holding(seat)
        if kind == "money":
            state = _money(state, seat, amount)
        elif kind == "legion":
            state = _with_holding(state, seat, legions=h.legions + amount)
        elif kind == "laurel":
            state = _with_holding(state, seat, laurels=h.laurels + amount)
        elif kind == "favour":
            state = _with_holding(state, seat, favour=h.favour + amount)
        elif kind == "temporary_favour":
            state = _with_holding(state, seat, temporary=h.temporary + amount)
        elif kind == "scroll":
            scrolls, tribunes = h.scrolls + amount, h.tribunes
            per = state.settings.scrolls_per_tribune
            while scrolls >= per:
                scrolls, tribunes = scrolls - per, tribunes + 1
            state = _with_holding(state, seat, scrolls=scrolls, tribunes=tribunes)
        elif kind == "proconsul":
            holdings = tuple(evolve(x, proconsul=i == seat) for i, x in enumerate(board.holdings))
            state = _with_board(state, holdings=holdings)
        elif kind == "colosseum":
            pot = board.colosseum
            state = _with_board(_money(state, seat, pot), colosseum=0)
    return state


def _benefits(state: TribuneState) -> TribuneState:
    """Phase 5 (digest 3.4): left to right, every controlled faction's benefit to its controller.
    Temporary favour tiles come back first and go out again with the benefits."""
    board = state.board
    assert board is not None
    state = _with_board(state, stage="benefits", holdings=tuple(evolve(h, temporary=0) for h in board.holdings))
    for control in board.factions:
        if control.seat is not None:
            state = give(state, control.seat, B.row_of(board.benefits, control.faction).benefit)
    return state


def victory_values(state: TribuneState, seat: int) -> dict[str, int]:
    """What a player holds for each victory condition (digest 3.5): factions controlled, laurels,
    legions, denarii, tiles on their tribune side (3.8 item 6), favour (eternal and temporary)."""
    board = state.board
    assert board is not None
    h = board.holding(seat)
    return {"factions": sum(c.seat == seat for c in board.factions), "laurels": h.laurels, "legions": h.legions,
            "denarii": state.money[seat], "tribune": h.tribunes, "favour": h.favour + h.temporary}


def grid(state: TribuneState) -> tuple[vic.Standing, ...]:
    board = state.board
    assert board is not None
    return tuple(vic.standing(seat, victory_values(state, seat), board.victory) for seat in range(len(state.players)))


def _round_end(state: TribuneState) -> TribuneState:
    """The round's end (digest 3.5): every player checked against the card. One or more qualify:
    the game ends (several: `several_winners`; "table" asks the table). None: the next round."""
    board = state.board
    assert board is not None
    rows = grid(state)
    declared = tuple(i for i, h in enumerate(board.holdings) if h.declared)
    if state.settings.must_declare:  # only a declared win counts (3.8 item 7's other reading)
        rows = tuple(r if r.seat in declared else evolve(r, qualifies=False) for r in rows)
    qualifiers = tuple(r.seat for r in rows if r.qualifies)
    winners = vic.winners(rows, state.settings.several_winners) if qualifiers else ()
    check = RoundCheck(state.round, rows, qualifiers, declared, winners)
    state = _with_board(state, checks=board.checks + (check,))
    if winners is None:
        return _with_board(state, stage="winner", duties=(Duty("winner"),) + state.board.duties)
    if winners:
        return _finish(state, winners)
    return _next_round(state)


def _finish(state: TribuneState, winners: tuple[int, ...]) -> TribuneState:
    return evolve(_with_board(state, stage="over", winners=winners, duties=()), finished=True)


def _next_round(state: TribuneState) -> TribuneState:
    """The next round: followers back (one more with the Proconsul), the start player passes
    clockwise (`start_player_rotates`), the chariot's faction protected, declarations cleared."""
    board = state.board
    assert board is not None
    n = len(state.players)
    start = (state.start_player + 1) % n if state.settings.start_player_rotates else state.start_player
    base = bd.FOLLOWERS[n]
    # the Proconsul is one more follower for one round; the Patricians' benefit gives it again
    holdings = tuple(evolve(h, followers=base + h.proconsul, left=base + h.proconsul, declared=False, proconsul=False)
                     for h in board.holdings)
    protected = board.chariot_at if state.chariot_on_board else None
    state = evolve(state, round=state.round + 1, start_player=start)
    return _with_board(state, stage="placement", holdings=holdings, occupants=(), placer=start, duties=(),
                       challenger=None, protected=protected)


AUTOMATIC_STEPS: dict[str, Callable[[TribuneState], TribuneState]] = {
    "region_v_bid": _open_region_v,
    "region_viii": _open_region_viii,
    "benefits": _benefits,
    "chariot": _open_chariot,
    "round_end": _round_end,
}


# -- after a reveal ------------------------------------------------------------------------------


def after_region_v(state: TribuneState, winner: int) -> TribuneState:
    """Region V's bid settled (bids.settle_region_v moved the money): the winner took the cards."""
    return advance(state)


def settle_pairs(state: TribuneState, result: sealed.Reveal) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Region VIII's laurels (digest 3.3 [S003], 3.8 item 3): one pair per follower there; each
    pair 1 laurel, the highest pair 2 (every pair tied for highest: 2). A seat locks its best pair;
    0 is no pair (no laurels for that seat)."""
    board = state.board
    assert board is not None
    seats = [seat for group in result.places for seat in group]
    followers = {seat: sum(1 for s, who in board.occupants if who == seat and s.startswith("VIII.")) for seat in seats}
    values = {seat: result.amount(seat) or 0 for seat in followers}
    best = max(values.values(), default=0)
    highest = tuple(sorted(seat for seat, v in values.items() if v == best and v > 0))
    laurels = tuple((seat, (followers[seat] * REGION_VIII_OTHERS + (REGION_VIII_HIGHEST - REGION_VIII_OTHERS)
                            * (seat in highest)) if values[seat] > 0 else 0) for seat in sorted(followers))
    return laurels, highest


def after_pairs(state: TribuneState, laurels: tuple[tuple[int, int], ...]) -> TribuneState:
    for seat, n in laurels:
        state = _with_holding(state, seat, laurels=state.board.holding(seat).laurels + n)  # type: ignore[union-attr]
    return advance(state)


def after_chariot(state: TribuneState, winner: int | None) -> TribuneState:
    """The chariot's auction settled: its winner may move it (a duty), a tie took it off the board."""
    if winner is None:
        return advance(_with_board(state, chariot_at=None))
    board = state.board
    assert board is not None
    return advance(_with_board(state, duties=(Duty("chariot_move", winner),) + board.duties))


# -- the table's answers ---------------------------------------------------------------------------


def resolve(state: TribuneState, answer: Any) -> TribuneState:
    """The answer to the duty the round waits for; refused naming the rule when it is not one."""
    board = state.board
    assert board is not None
    if state.is_bidding:
        raise IllegalCommand("Tribune bids", "A sealed bid is open: it is answered on the pads.")
    duty = board.duty
    if duty is None or duty.kind in AUTOMATIC:
        raise IllegalCommand(REGION_RULE, "Nothing waits for an answer now.")
    handler = ANSWERS[duty.kind]
    return advance(handler(_pop(state), duty, answer))


def _is_value(answer: Any, high: int) -> bool:
    return isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer <= high


def _discard(state: TribuneState, cards: tuple[Card, ...]) -> TribuneState:
    return _with_board(state, discards=state.board.discards + cards)  # type: ignore[union-attr]


def _hidden_discard(state: TribuneState, n: int = 1) -> TribuneState:
    return _with_board(state, hidden_discards=state.board.hidden_discards + n)  # type: ignore[union-attr]


def _region_i(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Regions I, II (digest 3.3 [S003]): pay the card's value to take it (answer: the value), or
    not (null): the card is discarded and the follower goes back."""
    assert duty.seat is not None
    if answer is None:
        return _hidden_discard(state)
    top = state.settings.max_card_value
    if not _is_value(answer, top):
        raise IllegalCommand(REGIONS_I_II_RULE, WHOLE, field="answer", high=top)
    poor = _poor(state, duty.seat, answer)
    if poor:
        raise IllegalCommand(REGIONS_I_II_RULE, POOR, **poor)
    return _money(state, duty.seat, -answer)


def _region_iii(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Region III (digest 3.3 [S003]): the card turned up; take its value in denarii, or buy it for
    that value. Answer {value, take: "money" | "card"}."""
    assert duty.seat is not None
    if not isinstance(answer, Mapping) or answer.get("take") not in ("money", "card"):
        raise IllegalCommand(REGION_III_RULE, "'{field}' must be {{value, take: money or card}}.", field="answer")
    value, top = answer.get("value"), state.settings.max_card_value
    if not _is_value(value, top):
        raise IllegalCommand(REGION_III_RULE, WHOLE, field="answer.value", high=top)
    if answer["take"] == "money":
        return _hidden_discard(_money(state, duty.seat, value))
    poor = _poor(state, duty.seat, value)
    if poor:
        raise IllegalCommand(REGION_III_RULE, POOR, **poor)
    return _money(state, duty.seat, -value)


def _region_iv(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Region IV (digest 3.3 [S003], 3.7 item 5): discard a card of a matching colour to take every
    card there. With more than two cards there one match is enough; with one or two, one discard
    per card, each matching its colour. Answer {cards: [the cards there], discard: [...]}, or null
    (not taken: the cards stay for the next round... the table's; the follower goes back)."""
    rule = REGION_IV_RULE
    if answer is None:
        return state
    if not isinstance(answer, Mapping):
        raise IllegalCommand(REGION_IV_RULE, "'{field}' must be {{cards, discard}} or null.", field="answer")
    top = state.settings.max_card_value
    there = bd.parse_cards(answer.get("cards"), "answer.cards", top, rule)
    discard = bd.parse_cards(answer.get("discard"), "answer.discard", top, rule)
    if not there:
        raise IllegalCommand(REGION_IV_RULE, "'{field}': region IV holds at least one card.", field="answer.cards")
    if len(there) > 2:
        if len(discard) != 1 or discard[0].faction not in {c.faction for c in there}:
            raise IllegalCommand(REGION_IV_RULE, "With more than two cards there, discard one card matching one of their colours.")
    else:
        wanted = sorted(c.faction for c in there)
        if sorted(c.faction for c in discard) != wanted:
            raise IllegalCommand(REGION_IV_RULE, "With {count} card(s) there, discard one card matching each card's colour.",
                                 count=len(there))
    return _discard(state, discard)


def _region_v_single(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Region V with one occupant (digest 3.3 [S003], 3.8 item 1): pay 1 and take two cards (the
    rest are discarded), or decline (all discarded)."""
    assert duty.seat is not None
    if not isinstance(answer, bool):
        raise IllegalCommand(REGION_V_RULE, "'{field}' must be true (pay 1, take two cards) or false.", field="answer")
    if answer:
        poor = _poor(state, duty.seat, REGION_V_SINGLE_PRICE)
        if poor:
            raise IllegalCommand(REGION_V_RULE, POOR, **poor)
        state = _money(state, duty.seat, -REGION_V_SINGLE_PRICE)
    return _hidden_discard(state)


def _region_vi(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Region VI (digest 3.3 [S003], 3.8 item 2): spaces in order pay 4 / 3 / 2 to the Colosseum
    for a face-down card bought ("buy"); looking is free ("pass"), unless `region_vi_pay_to_look`
    ("look": paid, not bought). The card bought stays the buyer's secret."""
    assert duty.seat is not None
    options = region_vi_options(state)
    if answer not in options:
        raise IllegalCommand(REGION_VI_RULE, "'{field}' must be one of {choices}.", field="answer",
                             choices=", ".join(options))
    if answer == "pass":
        return state
    price = bd.REGION_VI_PRICES[bd.split_space(duty.space)[1] - 1]
    poor = _poor(state, duty.seat, price)
    if poor:
        raise IllegalCommand(REGION_VI_RULE, POOR, **poor)
    return _with_board(_money(state, duty.seat, -price), colosseum=state.board.colosseum + price)  # type: ignore[union-attr]


def region_vi_options(state: TribuneState) -> tuple[str, ...]:
    return ("buy", "look", "pass") if state.settings.region_vi_pay_to_look else ("buy", "pass")


def _region_vii(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Region VII (digest 3.3, 3.7 item 1): the card turned up; discarding a card of its colour
    gives the eternal favour of the gods. Answer {revealed: faction, discard: card}, or null."""
    assert duty.seat is not None
    rule = REGION_VII_RULE
    if answer is None:
        return state
    if not isinstance(answer, Mapping) or answer.get("revealed") not in FACTIONS:
        raise IllegalCommand(REGION_VII_RULE, "'{field}' must be {{revealed: faction, discard: card}} or null.", field="answer")
    card = bd.parse_card(answer.get("discard"), "answer.discard", state.settings.max_card_value, rule)
    if card.faction != answer["revealed"]:
        raise IllegalCommand(REGION_VII_RULE, "The card discarded must be of the revealed card's colour ({faction}).",
                             faction=answer["revealed"])
    h = state.board.holding(duty.seat)  # type: ignore[union-attr]
    return _discard(_with_holding(state, duty.seat, favour=h.favour + 1), (card,))


def _takeover(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """A take-over (digest 3.4, 3.6 items 5–7, 3.8 item 5): the claimant plays a set of at least 2
    cards of the faction (null or []: passes, the follower goes back) that beats the set it
    challenges (more cards or a higher total). Space 2 plays first and holds the faction for a
    moment; space 1 must then beat space 2's set ("german") or both it and the set controlling
    before ("ffg"). The winner takes the set's place, a faction marker, the take-over benefit,
    the leader's when the leader is in the set, and the set-up's laurel if it still lies there."""
    assert duty.seat is not None
    board = state.board
    assert board is not None
    faction = duty.faction
    control = board.control(faction)
    challenger = board.challenger
    if answer is None or answer == [] or answer == ():
        if duty.step == 1 and challenger is not None:
            return _take(state, faction, *challenger)
        return state
    cards = bd.parse_cards(answer, "answer", state.settings.max_card_value, TAKEOVER_RULE)
    if any(c.faction != faction for c in cards):
        raise IllegalCommand(TAKEOVER_RULE, "A take-over set is of the {faction}' cards only.", faction=faction)
    if len(set(cards)) != len(cards) and any(c.is_leader for c in cards if cards.count(c) > 1):
        raise IllegalCommand(TAKEOVER_RULE, "A faction has one leader.")
    if len(cards) < 2:
        raise IllegalCommand(TAKEOVER_RULE, "A take-over needs at least 2 cards.")
    if state.settings.first_takeover_max_two and not control.taken and len(cards) > 2:
        raise IllegalCommand(TAKEOVER_RULE, "The first take-over of a faction plays at most 2 cards (the designer's advice).")
    if duty.step == 2 or challenger is None:
        to_beat = [control.cards]
    elif state.settings.takeover_rule == "ffg":
        to_beat = [challenger[1], control.cards]
    else:
        to_beat = [challenger[1]]
    if not all(bd.beats(cards, old) for old in to_beat):
        raise IllegalCommand(TAKEOVER_RULE, "The set must have more cards or a higher total than the set it challenges.")
    if duty.step == 2:
        nxt = state.board.duty  # type: ignore[union-attr]
        if nxt is not None and nxt.kind == "takeover" and nxt.faction == faction and nxt.step == 1:
            return _with_board(state, challenger=(duty.seat, cards))
        return _take(state, faction, duty.seat, cards)
    if challenger is not None:
        state = _discard(state, challenger[1])
    return _take(state, faction, duty.seat, cards)


def _take(state: TribuneState, faction: str, seat: int, cards: tuple[Card, ...]) -> TribuneState:
    board = state.board
    assert board is not None
    control = board.control(faction)
    i = FACTIONS.index(faction)
    markers = control.markers_left
    h = board.holding(seat)
    if markers > 0:
        state = _with_holding(state, seat, markers=_put(h.markers, i, h.markers[i] + 1))
    row = B.row_of(board.benefits, faction)
    laurel = control.laurel
    state = _discard(state, control.cards)
    state = _with_board(state, challenger=None,
                        factions=_put(state.board.factions, i, evolve(control, seat=seat, cards=cards, laurel=False,  # type: ignore[union-attr]
                                                                     taken=True, markers_left=max(markers - 1, 0))))
    state = give(state, seat, row.takeover)
    if any(c.is_leader for c in cards):
        state = give(state, seat, row.leader)
    if laurel:
        state = give(state, seat, (("laurel", 1),))
    return state


def _chariot_move(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """The chariot's winner moves it onto a faction (protected next round) or leaves it ("stay")."""
    if answer == "stay":
        return state
    if answer not in FACTIONS:
        raise IllegalCommand(CHARIOT_RULE, "'{field}' must be a faction or \"stay\".", field="answer")
    return evolve(_with_board(state, chariot_at=answer), chariot_on_board=True)


def _winner(state: TribuneState, duty: Duty, answer: Any) -> TribuneState:
    """Several qualified and the table picks (`several_winners` "table"): a seat, or "shared"."""
    board = state.board
    assert board is not None
    qualifiers = board.checks[-1].qualifiers
    if answer == "shared":
        winners = qualifiers
    elif answer in qualifiers and not isinstance(answer, bool):
        winners = (answer,)
    else:
        raise IllegalCommand(VICTORY_RULE, "The winner is one of those who qualified, or \"shared\".")
    check = evolve(board.checks[-1], winners=winners)
    return _finish(_with_board(state, checks=board.checks[:-1] + (check,)), winners)


ANSWERS: dict[str, Callable[[TribuneState, Duty, Any], TribuneState]] = {
    "region_i": _region_i, "region_ii": _region_i, "region_iii": _region_iii, "region_iv": _region_iv,
    "region_v_single": _region_v_single, "region_vi": _region_vi, "region_vii": _region_vii,
    "takeover": _takeover, "chariot_move": _chariot_move, "winner": _winner,
}


# -- by hand ------------------------------------------------------------------------------------


def declare(state: TribuneState, seat: int) -> TribuneState:
    """A win declared during the round (digest 3.5): it must still hold at the round's end."""
    board = state.board
    assert board is not None
    if board.holding(seat).declared:
        raise IllegalCommand(VICTORY_RULE, "{name} has declared already this round.", name=_name(state, seat))
    return _with_holding(state, seat, declared=True)


def adjust(state: TribuneState, seat: int, what: str, delta: int) -> TribuneState:
    """A correction by hand (what the app got wrong or does not model): never below zero."""
    board = state.board
    assert board is not None
    h = board.holding(seat)
    value = getattr(h, what) + delta
    if delta == 0 or value < 0 or abs(delta) > 99:
        raise IllegalCommand(HAND_RULE, "Change {what} by 1 to 99 and never below zero.", what=what)
    return _with_holding(state, seat, **{what: value})
