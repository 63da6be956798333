"""Tribune rules as a money-and-bids keeper: decide (validate, never change) and apply (fold, never
refuse). The app does not model the Tribune board: see the package docstring for what it keeps.

The sealed bids are the core's (`companion.core.sealed`): this module opens region V's bid and the
chariot auction with each bidder's money as his limit, hands the bid commands to the core, and when
a step reveals the bids, adds the Tribune event that settles them (`bids.py`) to that same step. So
the money moved is journaled with the reveal, and undo never crosses it (the engine refuses to
undo a step that revealed secrets: what the table saw stays seen).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core import sealed, sealed_view
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.seating import check_names
from companion.core.values import evolve
from companion.games.tribune import benefits as B
from companion.games.tribune import bids
from companion.games.tribune import commands as c
from companion.games.tribune import flow
from companion.games.tribune import victory as vic
from companion.games.tribune import events as e
from companion.games.tribune import money as m
from companion.games.tribune import view as v
from companion.games.tribune.settings import settings_from
from companion.games.tribune.state import CHARIOT, REGION_V, REGION_VIII, Payment, Settled, TribuneState
from companion.core.asks import Ask
from companion.core.intent_args import frozen

#: The kinds of the whole game's asks (`asks`): "tribune.<duty kind>", and the placing ask.
PLACE_ASK = "tribune.place"
ASK_RULES = {
    "region_i": flow.REGIONS_I_II_RULE, "region_ii": flow.REGIONS_I_II_RULE, "region_iii": flow.REGION_III_RULE,
    "region_iv": flow.REGION_IV_RULE, "region_v_single": flow.REGION_V_RULE, "region_vi": flow.REGION_VI_RULE,
    "region_vii": flow.REGION_VII_RULE, "takeover": flow.TAKEOVER_RULE, "chariot_move": flow.CHARIOT_RULE,
    "winner": flow.VICTORY_RULE,
}
FULL_ONLY = (c.Place, c.Resolve, c.Declare, c.Adjust)
KEEPER_ONLY = (c.OpenRegionV, c.OpenChariot, c.PlaceChariot, c.NextRound)
from companion.core.results import FinalResult
from companion.games.tribune import result
from companion.games.bgg import entry as bgg_entry


def _put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """`values` with the one at `i` replaced (states are immutable)."""
    return values[:i] + (value,) + values[i + 1:]


class TribuneRules(sealed_view.SealedPads):
    """Tribune (money and the two sealed bids) as a `companion.core.Game`."""

    id = "tribune"
    bgg = bgg_entry("tribune")

    def final_result(self, state: TribuneState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (tribune/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES

    def initial_state(self) -> TribuneState:
        return TribuneState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return c.parse_command(name, args)

    # -- pads -----------------------------------------------------------------------------------

    def bid_round(self, state: TribuneState) -> sealed.SealedRound | None:
        """The open (or last revealed) bid the pads bid in; nothing before the seating or after the
        finish. A seat's limit in it is its money as the bid opened (digest 3.3/3.4: nobody bids
        more than he has)."""
        return None if not state.is_set_up or state.finished else state.bid

    # -- decide ---------------------------------------------------------------------------------

    def decide(self, state: TribuneState, command: Command) -> Sequence[Event]:
        if isinstance(command, c.StartTribune):
            return self._start(state, command)
        if not state.is_set_up:
            raise IllegalCommand("Tribune 3.1 setup", "Seat the players first.")
        if state.finished:
            raise IllegalCommand("game over", "The game is finished.")
        if sealed.is_command(command):
            events = sealed.decide(state.bid, command)
            return [*events, *self._settle(state, events)]
        if state.board is not None and isinstance(command, KEEPER_ONLY):
            raise IllegalCommand("Tribune 3.2 phases", "In the whole game the rules open the bids and begin the rounds.")
        if state.board is None and isinstance(command, FULL_ONLY):
            raise IllegalCommand("Tribune input", "This step is the whole game's (set up with mode \"full\").")
        if isinstance(command, FULL_ONLY):
            return self._full(state, command)
        if isinstance(command, c.AdjustMoney):
            return self._adjust(state, command)
        if isinstance(command, c.OpenRegionV):
            return self._region_v(state, command)
        if isinstance(command, c.OpenChariot):
            self._no_open_bid(state)
            if state.chariot_round == state.round:
                raise IllegalCommand("Tribune 3.4 chariot", "The chariot was already auctioned this round.")
            return [e.ChariotOpened(), bids.open_chariot(state.money, state.settings)]
        if isinstance(command, c.PlaceChariot):
            if command.on_board == state.chariot_on_board:
                if command.on_board:
                    raise IllegalCommand("Tribune 3.4 chariot", "The chariot is already on the board.")
                raise IllegalCommand("Tribune 3.4 chariot", "The chariot is already off the board.")
            return [e.ChariotPlaced(command.on_board)]
        if isinstance(command, c.NextRound):
            self._no_open_bid(state)
            return [e.RoundAdvanced(state.round + 1)]
        if isinstance(command, c.FinishTribune):
            self._no_open_bid(state)
            if any(not 0 <= seat < len(state.players) for seat in command.winners):
                raise IllegalCommand("Tribune victory", "A winner must be one of the {n} seats.", n=len(state.players))
            return [e.TribuneFinished(command.winners)]
        raise IllegalCommand("Tribune input", "Tribune does not know {name}.", name=type(command).__name__)

    def _start(self, state: TribuneState, command: c.StartTribune) -> list[Event]:
        if state.is_set_up:
            raise IllegalCommand("Tribune 3.1 setup", "The players are already seated.")
        settings = settings_from(command.settings)
        names = tuple(name.strip() for name in command.players)
        if not m.MIN_PLAYERS <= len(names) <= m.MAX_PLAYERS:
            raise IllegalCommand("Tribune 3.1 setup", "Tribune takes {min} to {max} players, not {count}.",
                                 min=m.MIN_PLAYERS, max=m.MAX_PLAYERS, count=len(names))
        check_names(names, "Tribune 3.1 setup", settings.max_name_length)
        if not 0 <= command.start_player < len(names):
            raise IllegalCommand("Tribune 3.1 setup", "The start player must be one of the {count} players.",
                                 count=len(names))
        started = e.TribuneStarted(names, command.start_player, m.start_money(len(names), command.start_player),
                                   dict(command.settings))
        if command.mode != "full":
            return [started]
        if command.victory is not None:
            card = vic.parse_card(command.victory)
        elif command.victory_card:
            card = vic.pick(vic.parse_card_file(command.victory_cards), command.victory_card, len(names))
        else:
            raise IllegalCommand(vic.RULE, "Enter the victory card: its six thresholds and how many are needed "
                                 "('victory'), or its id in the table's card file ('victory_card').")
        rows = B.parse_table(command.benefits)
        return [started, e.WholeGameSetUp(frozen(card.data()), frozen(B.table_data(rows)))]

    def _full(self, state: TribuneState, command: Command) -> list[Event]:
        """A step of the whole game: checked by folding it (flow.run refuses what the rules do)."""
        if isinstance(command, c.Place):
            self._seat(state, command.seat)
            event = e.Played(command.seat, "place", {"space": command.space})
        elif isinstance(command, c.Resolve):
            # what the answer was to (public), for the history and exports; the fold reads only the answer
            duty = state.board.duty if state.board is not None else None
            about = {} if duty is None else {"duty": duty.kind, "space": duty.space, "faction": duty.faction}
            event = e.Played(None if duty is None else duty.seat, "resolve", {"answer": frozen(command.answer), **about})
        elif isinstance(command, c.Declare):
            self._seat(state, command.seat)
            event = e.Played(command.seat, "declare", {})
        else:
            assert isinstance(command, c.Adjust)
            self._seat(state, command.seat)
            if len(command.reason) > state.settings.max_reason_length:
                raise IllegalCommand("Tribune input", "A reason is at most {max} characters.",
                                     max=state.settings.max_reason_length)
            event = e.Played(command.seat, "adjust", {"what": command.what, "delta": command.delta,
                                                      "reason": command.reason})
        self.apply(state, event)  # the rules refuse here, before anything is journaled
        return [event]

    def _seat(self, state: TribuneState, seat: int) -> None:
        if not 0 <= seat < len(state.players):
            raise IllegalCommand("Tribune input", "There is no seat {n}.", n=seat + 1)

    def _no_open_bid(self, state: TribuneState) -> None:
        if state.is_bidding:
            raise IllegalCommand("Tribune bids", "A sealed bid is open: reveal it first.")

    def _adjust(self, state: TribuneState, command: c.AdjustMoney) -> list[Event]:
        self._seat(state, command.seat)
        name = state.players[command.seat]
        if state.is_bidder(command.seat):
            # His bid's limit is his money as the bid opened: changing it now could make the bid
            # cost more than he has, or leave him richer than the table let him bid.
            raise IllegalCommand("Tribune money", "{name} is bidding: change their money after the reveal.", name=name)
        if len(command.reason) > state.settings.max_reason_length:
            raise IllegalCommand("Tribune input", "A reason is at most {max} characters.",
                                 max=state.settings.max_reason_length)
        m.check_adjustment(name, state.money[command.seat], command.delta, state.settings.max_adjustment)
        return [e.MoneyAdjusted(command.seat, command.delta, command.reason)]

    def _region_v(self, state: TribuneState, command: c.OpenRegionV) -> list[Event]:
        self._no_open_bid(state)
        self._seat(state, command.space1)
        self._seat(state, command.space2)
        if command.space1 == command.space2:
            raise IllegalCommand("Tribune 3.3 region V", "A player may not occupy both spaces of region V.")
        if state.region_v_round == state.round:
            raise IllegalCommand("Tribune 3.3 region V", "Region V was already resolved this round.")
        if state.chariot_round == state.round:
            raise IllegalCommand("Tribune 3.2 phases",
                                 "Region V comes before the chariot auction (phases 3 and 6): begin the next round first.")
        return [e.RegionVOpened(command.space1, command.space2),
                bids.open_region_v(command.space1, command.space2, state.money, state.settings)]

    def _settle(self, state: TribuneState, events: Sequence[Event]) -> list[Event]:
        """The Tribune event settling a reveal among `events` (none when nothing was revealed)."""
        revealed = next((event for event in events if isinstance(event, sealed.BidsRevealed)), None)
        if revealed is None:
            return []
        result = sealed.Reveal(revealed.bids, revealed.places, revealed.forced)
        if state.bid_kind == REGION_V:
            space1, space2 = state.bid_seats
            return [bids.settle_region_v(result, space1, space2, state.settings)]
        if state.bid_kind == REGION_VIII:
            laurels, highest = flow.settle_pairs(state, result)
            return [e.PairsSettled(laurels, highest)]
        return [bids.settle_chariot(result, state.chariot_on_board or state.board is not None, state.settings)]

    # -- apply ----------------------------------------------------------------------------------

    def apply(self, state: TribuneState, event: Event) -> TribuneState:
        if isinstance(event, sealed.EVENT_TYPES):
            return evolve(state, bid=sealed.apply(state.bid, event))
        if isinstance(event, e.MoneyAdjusted):
            return evolve(state, money=_put(state.money, event.seat, state.money[event.seat] + event.delta))
        if isinstance(event, e.RegionVSettled):
            money = _put(state.money, event.winner, state.money[event.winner] - event.amount)
            money = _put(money, event.loser, money[event.loser] + event.amount)
            after = self._record(evolve(state, money=money), REGION_V, event.winner, event.tie,
                                 (Payment(event.winner, event.loser, event.amount),))
            return flow.after_region_v(after, event.winner) if after.board is not None else after
        if isinstance(event, e.ChariotSettled):
            if event.winner is None:
                after = evolve(state, chariot_on_board=False if state.board is not None else event.on_board,
                               chariot_holder=None)
                after = self._record(after, CHARIOT, None, True, (), chariot_off=True)
            else:
                money = _put(state.money, event.winner, state.money[event.winner] - event.amount)
                after = evolve(state, money=money, chariot_on_board=event.on_board, chariot_holder=event.winner)
                after = self._record(after, CHARIOT, event.winner, False, (Payment(event.winner, None, event.amount),))
            return flow.after_chariot(after, event.winner) if after.board is not None else after
        if isinstance(event, e.PairsSettled):
            winner = event.highest[0] if len(event.highest) == 1 else None
            after = self._record(state, REGION_VIII, winner, len(event.highest) > 1, ())
            return flow.after_pairs(after, event.laurels)
        if isinstance(event, e.Played):
            return self._played(state, event)
        if isinstance(event, e.WholeGameSetUp):
            card = vic.parse_card(dict(event.victory), card_id=str(event.victory.get("id", "")))
            rows = B.from_data(event.benefits)
            board = flow.new_board(len(state.players), state.start_player, state.settings, card, rows)
            return evolve(state, board=board, chariot_on_board=state.settings.chariot_starts_on_board)
        if isinstance(event, e.RegionVOpened):
            return evolve(state, bid_kind=REGION_V, bid_seats=(event.space1, event.space2), region_v_round=state.round)
        if isinstance(event, e.ChariotOpened):
            return evolve(state, bid_kind=CHARIOT, bid_seats=tuple(range(len(state.players))),
                          chariot_round=state.round)
        if isinstance(event, e.ChariotPlaced):
            return evolve(state, chariot_on_board=event.on_board)
        if isinstance(event, e.RoundAdvanced):
            return evolve(state, round=event.round)
        if isinstance(event, e.TribuneStarted):
            settings = settings_from(event.settings)
            return TribuneState(players=event.players, start_player=event.start_player, money=event.money,
                                settings=settings, round=1, chariot_on_board=settings.chariot_starts_on_board)
        if isinstance(event, e.TribuneFinished):
            return evolve(state, finished=True, winners=tuple(event.winners))
        raise TypeError(f"not a Tribune event: {event.kind}")

    def _played(self, state: TribuneState, event: e.Played) -> TribuneState:
        detail = event.detail
        if event.move == "place":
            assert event.seat is not None
            return flow.place(state, event.seat, str(detail["space"]))
        if event.move == "resolve":
            return flow.resolve(state, detail["answer"])
        if event.move == "declare":
            assert event.seat is not None
            return flow.declare(state, event.seat)
        if event.move == "adjust":
            assert event.seat is not None
            return flow.adjust(state, event.seat, str(detail["what"]), int(detail["delta"]))
        raise TypeError(f"not a Tribune move: {event.move}")

    def _record(self, state: TribuneState, kind: str, winner: int | None, tie: bool,
                payments: tuple[Payment, ...], chariot_off: bool = False) -> TribuneState:
        assert state.bid is not None and state.bid.result is not None  # settled right after the reveal
        settled = Settled(kind, state.round, state.bid_seats, state.bid.result, winner, tie, payments, chariot_off)
        return evolve(state, settled=state.settled + (settled,))

    # -- reading --------------------------------------------------------------------------------

    def view(self, state: TribuneState, seat: int | None = None) -> v.TribuneView:
        return v.view(state, seat)

    def bid_rule_of(self, state: TribuneState) -> str:
        """Region V's bid (digest 3.3), region VIII's pairs (3.3) or the chariot auction (3.4)."""
        if state.bid_kind == REGION_VIII:
            return "Tribune 3.3 region VIII"
        return "Tribune 3.4 chariot" if state.bid_kind == CHARIOT else "Tribune 3.3 region V"

    def asks(self, state: TribuneState) -> tuple[Ask, ...]:
        """Every seat's sealed bid or pair value still to choose (secret, on its pad); in the whole
        game otherwise the one question the round waits for (`table_ask`)."""
        bid_asks = self.bid_asks(state)
        if bid_asks or state.board is None or state.finished:
            return bid_asks
        ask = table_ask(state)
        return (ask,) if ask is not None else ()

    def public_event(self, event: Event) -> dict[str, Any]:
        return v.public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return v.summary_text(public)

    def command_of(self, events: Sequence[Event]) -> Command | None:
        """The command behind a step, to enter it again after a correction. An opening comes back
        as the opening (its limits are the money then); a bid step as the core says."""
        first = events[0]
        if isinstance(first, e.TribuneStarted):
            return None
        if isinstance(first, e.MoneyAdjusted):
            return c.AdjustMoney(first.seat, first.delta, first.reason)
        if isinstance(first, e.RegionVOpened):
            return c.OpenRegionV(first.space1, first.space2)
        if isinstance(first, e.ChariotOpened):
            return c.OpenChariot()
        if isinstance(first, e.ChariotPlaced):
            return c.PlaceChariot(first.on_board)
        if isinstance(first, e.RoundAdvanced):
            return c.NextRound()
        if isinstance(first, e.TribuneFinished):
            return c.FinishTribune(tuple(first.winners))
        if isinstance(first, e.Played):
            d = first.detail
            if first.move == "place":
                return c.Place(int(first.seat or 0), str(d["space"]))
            if first.move == "resolve":
                return c.Resolve(d["answer"])
            if first.move == "declare":
                return c.Declare(int(first.seat or 0))
            return c.Adjust(int(first.seat or 0), str(d["what"]), int(d["delta"]), str(d.get("reason", "")))
        if isinstance(first, sealed.EVENT_TYPES):
            return sealed_view.command_of(first)
        return None

    def is_finished(self, state: TribuneState) -> bool:
        return state.finished

    has_calculator = True

    def score_snapshot(self, data: Any) -> Mapping[str, Any]:
        """docs/tribune-snapshot.md: the victory grid of a round's end from what each player holds."""
        from companion.games.tribune.snapshot import score_snapshot

        return score_snapshot(data)

    def format_scores(self, result: Mapping[str, Any]) -> str:
        from companion.games.tribune.snapshot import format_scores

        return format_scores(result)


def table_ask(state: TribuneState) -> Ask | None:
    """The whole game's question now (public; no secret in it): whose follower goes where
    (`tribune.place`, the legal spaces as options, a pad may answer), or the duty's
    (`tribune.<duty kind>`, answered with `resolve {answer}`; `about` says what it is about)."""
    board = state.board
    if board is None or state.finished or state.is_bidding:
        return None
    if board.stage == "placement" and board.placer is not None:
        seat = board.placer
        return Ask(PLACE_ASK, "Tribune 3.2 placing followers", {"name": "place", "args": {"seat": seat}}, "space",
                   seat, options=flow.legal_spaces(state, seat),
                   about={"seat": seat, "left": board.holding(seat).left})
    duty = board.duty
    if duty is None or duty.kind not in ASK_RULES:
        return None
    about: dict[str, Any] = {"seat": duty.seat, "space": duty.space, "faction": duty.faction, "step": duty.step}
    options: tuple[Any, ...] = ()
    if duty.kind == "region_vi":
        options = flow.region_vi_options(state)
        about["price"] = flow.bd.REGION_VI_PRICES[flow.bd.split_space(duty.space)[1] - 1]
    elif duty.kind == "region_v_single":
        options = (True, False)
        about["price"] = flow.REGION_V_SINGLE_PRICE
    elif duty.kind == "chariot_move":
        options = (*flow.FACTIONS, "stay")
    elif duty.kind == "winner":
        options = (*board.checks[-1].qualifiers, "shared")
    elif duty.kind == "takeover":
        control = board.control(duty.faction)
        about.update(controller=control.seat, size=len(control.cards), total=flow.bd.set_total(control.cards))
        if board.challenger is not None:
            about.update(challenger=board.challenger[0], challenger_size=len(board.challenger[1]),
                         challenger_total=flow.bd.set_total(board.challenger[1]))
    return Ask(f"tribune.{duty.kind}", ASK_RULES[duty.kind], {"name": "resolve", "args": {}}, "answer",
               duty.seat if duty.kind != "winner" else None, options=options, about=about)


TRIBUNE = TribuneRules()
