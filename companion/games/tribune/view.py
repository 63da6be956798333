"""What each audience may see of Tribune: the shared screen, history, logs and `companion replay`
(seat None) never an unrevealed amount; seat k's pad adds only seat k's own bid (`mine`).

Money is public in Tribune (digest 3.4), so every player's denarii are in the public view. Bids are
built from the core's public pieces (`companion.core.sealed_view`), field by field, never by copying
the state and deleting the secrets.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core import sealed, sealed_view
from companion.core.asks import AskView, ask_view
from companion.core.events import Event
from companion.core.views import FrozenMap, GameView, PlayerView, Seq, View, keyed, optional, to_data
from companion.games.tribune import board as bd
from companion.games.tribune import board_view as bv
from companion.games.tribune import events as e
from companion.games.tribune.state import CHARIOT, REGION_V, Board, Settled, TribuneState


class PaymentView(View):
    """Money a bid moved: `from` (attribute `payer`) gave `amount` to `to` (None: the bank)."""

    payer: int = keyed("from")
    to: int | None
    amount: int


class SettledView(sealed_view.RevealView):
    """A settled bid, public for good: region V's (its two `spaces`, space 1 first) or the
    chariot's (every seat), its reveal, the winner (None after a chariot tie), the money it moved."""

    kind: str
    round: int
    seats: Seq[int]
    spaces: Seq[int] | None
    winner: int | None
    tie: bool
    payments: Seq[PaymentView]
    chariot_off: bool


class TribuneBidView(sealed_view.SealedRoundView):
    """The bid open or just revealed: which (`kind`), the round it belongs to, region V's spaces."""

    kind: str | None
    round: int
    spaces: Seq[int] | None


class TribunePlayer(PlayerView):
    """A player as the table sees them: their denarii (public, digest 3.4), whether they start
    the round, and in an open bid whether they bid and have locked (never how much)."""

    money: int
    start: bool
    bidding: bool
    locked: bool


class ChariotView(View):
    """The chariot: on the board or off, who won it last (None before any, and after a tie), and
    whether its auction was held this round."""

    on_board: bool
    holder: int | None
    auctioned_this_round: bool


class TribuneView(GameView):
    """The shared screen's Tribune: the round, everybody's money, the chariot, the bid open now
    (`bid`, amounts never before the reveal) and every settled bid (`results`)."""

    phase: str
    finished: bool
    round: int
    start_player: int
    players: Seq[TribunePlayer]
    chariot: ChariotView
    region_v_this_round: bool
    bid: TribuneBidView | None
    results: Seq[SettledView]
    #: The whole game's (mode "full"; absent in the keeper): its mode, its table, the question now.
    mode: str | None = optional()
    board: bv.BoardView | None = optional()
    ask: AskView | None = optional()


class TribuneSeatView(TribuneView):
    """Seat k's view: the shared one plus `mine`, its own bid (None when it does not bid)."""

    mine: sealed_view.MyBid | None


def _settled_view(settled: Settled) -> SettledView:
    return SettledView(
        kind=settled.kind,
        round=settled.round,
        seats=Seq(settled.seats),
        spaces=Seq(settled.seats) if settled.kind == REGION_V else None,
        **sealed_view.reveal_fields(settled.result),
        winner=settled.winner,
        tie=settled.tie,
        payments=Seq([PaymentView(payer=p.payer, to=p.payee, amount=p.amount) for p in settled.payments]),
        chariot_off=settled.chariot_off,
    )


def _bid_view(state: TribuneState) -> TribuneBidView | None:
    round_ = state.bid
    if round_ is None:
        return None
    kind = state.bid_kind
    return TribuneBidView(
        kind=kind,
        round=(state.region_v_round if kind == REGION_V else state.chariot_round if kind == CHARIOT
               else state.round),
        spaces=Seq(state.bid_seats) if kind == REGION_V else None,
        **sealed_view.round_fields(round_),
    )


def _card(card: bd.Card) -> bv.CardView:
    return bv.CardView(faction=card.faction, value=card.value, leader=card.is_leader)


def _standing(row: Any) -> bv.StandingView:
    return bv.StandingView(seat=row.seat, met=row.met, qualifies=row.qualifies, short=row.short, margin=row.margin,
                           conditions=Seq([bv.ConditionView(name=c.name, value=c.value, threshold=c.threshold,
                                                            met=c.met, margin=c.margin) for c in row.conditions]))


def _spaces(board: Board, resolved: frozenset[str]) -> Seq[bv.SpaceView]:
    spaces = []
    for space in bd.REGION_SPACES:
        region, index = bd.split_space(space)
        spaces.append(bv.SpaceView(id=space, region=region, index=index, seat=board.seat_on(space),
                                   price=bd.REGION_VI_PRICES[index - 1] if region == "VI" else None,
                                   done=region in resolved))
    return Seq(spaces)


def board_view(state: TribuneState) -> bv.BoardView:
    """The whole game's table, public (board_view.py)."""
    from companion.games.tribune import flow
    from companion.games.tribune.rules import table_ask

    board = state.board
    assert board is not None
    waiting = {d.space.split(".")[0] for d in board.duties if d.space and "." in d.space}
    if any(d.kind == "region_v_bid" for d in board.duties) or state.bid_kind == REGION_V and state.is_bidding:
        waiting.add("V")
    if any(d.kind == "region_viii" for d in board.duties) or state.bid_kind == "region_viii" and state.is_bidding:
        waiting.add("VIII")
    resolved = frozenset(bd.REGION_NAMES) - waiting if board.stage != "placement" else frozenset()
    duty = board.duty
    return bv.BoardView(
        stage=board.stage,
        placer=board.placer,
        region_v_cards=("none", "two", "all")[sum(1 for space, _ in board.occupants if space.startswith("V."))],
        factions=Seq([bv.FactionView(
            faction=c.faction, controller=c.seat, cards=Seq([_card(x) for x in c.cards]), size=len(c.cards),
            total=bd.set_total(c.cards), laurel=c.laurel, markers_left=c.markers_left,
            space1=(board.claimants(c.faction) + (None, None))[0], space2=(board.claimants(c.faction) + (None, None))[1],
            protected=board.protected == c.faction, chariot=state.chariot_on_board and board.chariot_at == c.faction)
            for c in board.factions]),
        spaces=_spaces(board, resolved),
        bowl=Seq([seat for space, seat in board.occupants if space == bd.BOWL]),
        holdings=Seq([bv.HoldingView(
            seat=i, laurels=h.laurels, legions=h.legions, favour=h.favour + h.temporary, eternal=h.favour,
            temporary=h.temporary, scrolls=h.scrolls, tribune=h.tribunes,
            markers=FrozenMap({f: n for f, n in zip(bd.FACTIONS, h.markers)}),
            factions=Seq([c.faction for c in board.factions if c.seat == i]), followers=h.followers, left=h.left,
            proconsul=h.proconsul, declared=h.declared) for i, h in enumerate(board.holdings)]),
        colosseum=board.colosseum,
        chariot_at=board.chariot_at if state.chariot_on_board else None,
        protected=board.protected,
        victory=bv.VictoryView(id=board.victory.id, needed=board.victory.needed,
                               thresholds=FrozenMap(zip(flow.vic.CONDITIONS, board.victory.thresholds))),
        grid=Seq([_standing(r) for r in flow.grid(state)]),
        checks=Seq([bv.CheckView(round=k.round, standings=Seq([_standing(r) for r in k.standings]),
                                 qualifiers=Seq(k.qualifiers), declared=Seq(k.declared),
                                 winners=None if k.winners is None else Seq(k.winners)) for k in board.checks]),
        duty=None if duty is None else bv.DutyView(kind=duty.kind, seat=duty.seat, space=duty.space,
                                                   faction=duty.faction, step=duty.step),
        ask=ask_view(table_ask(state)),
        challenger=None if board.challenger is None else FrozenMap(
            seat=board.challenger[0], size=len(board.challenger[1]), total=bd.set_total(board.challenger[1]),
            cards=Seq([_card(x) for x in board.challenger[1]])),
        discards=Seq([_card(x) for x in board.discards]),
        hidden_discards=board.hidden_discards,
        winners=Seq(board.winners),
        benefits=Seq([bv.BenefitView(faction=r.faction, takeover=Seq([Seq(g) for g in r.takeover]),
                                     benefit=Seq([Seq(g) for g in r.benefit]), leader=Seq([Seq(g) for g in r.leader]),
                                     source=r.source, mark=r.mark) for r in board.benefits]),
    )


def view(state: TribuneState, seat: int | None = None) -> TribuneView:
    """The public view (seat None), or seat's: `TribuneSeatView`, with `mine`, its own bid for its pad."""
    round_ = state.bid
    open_round = round_ if state.is_bidding else None
    fields: dict[str, Any] = dict(
        game="tribune",
        phase=state.phase,
        finished=state.finished,
        round=state.round,
        start_player=state.start_player,
        players=Seq([TribunePlayer(seat=i, name=name, money=state.money[i], start=i == state.start_player,
                                   bidding=open_round is not None and open_round.is_eligible(i),
                                   locked=open_round is not None and open_round.is_locked(i))
                     for i, name in enumerate(state.players)]),
        chariot=ChariotView(on_board=state.chariot_on_board, holder=state.chariot_holder,
                            auctioned_this_round=state.is_set_up and state.chariot_round == state.round),
        region_v_this_round=state.is_set_up and state.region_v_round == state.round,
        bid=_bid_view(state),
        results=Seq([_settled_view(s) for s in state.settled]),
    )
    if state.board is not None:
        board = board_view(state)
        fields.update(mode="full", board=board, ask=board.ask)
    if seat is None:
        return TribuneView(**fields)
    return TribuneSeatView(**fields, mine=sealed_view.my_bid(round_, seat) if round_ is not None else None)


def public_event(event: Event) -> dict[str, Any]:
    """An event as the history, logs and exports may show it: a bid change or lock says only whose;
    everything else in Tribune is public (money included)."""
    if isinstance(event, sealed.EVENT_TYPES):
        return sealed_view.public_event(event)
    if isinstance(event, e.TribuneStarted):
        return {"players": list(event.players), "start_player": event.start_player, "money": list(event.money),
                "settings": dict(event.settings)}
    if isinstance(event, e.MoneyAdjusted):
        return {"seat": event.seat, "delta": event.delta, "reason": event.reason}
    if isinstance(event, e.RegionVOpened):
        return {"space1": event.space1, "space2": event.space2}
    if isinstance(event, e.RegionVSettled):
        return {"winner": event.winner, "loser": event.loser, "amount": event.amount, "tie": event.tie}
    if isinstance(event, e.ChariotSettled):
        return {"winner": event.winner, "amount": event.amount, "tied": list(event.tied), "on_board": event.on_board}
    if isinstance(event, e.ChariotPlaced):
        return {"on_board": event.on_board}
    if isinstance(event, e.RoundAdvanced):
        return {"round": event.round}
    if isinstance(event, e.TribuneFinished):
        return {"winners": list(event.winners)}
    if isinstance(event, e.ChariotOpened):
        return {}
    if isinstance(event, e.WholeGameSetUp):
        return {"victory": to_data(event.victory), "benefits": to_data(event.benefits)}
    if isinstance(event, e.Played):
        return {"seat": event.seat, "move": event.move, "detail": to_data(event.detail)}
    if isinstance(event, e.PairsSettled):
        return {"laurels": to_data(event.laurels), "highest": list(event.highest)}
    raise TypeError(f"not a Tribune event: {event.kind}")


# -- text for `companion replay` -----------------------------------------------------------------

_PHASES = {"round": "", "region_v": ", region V bidding", "chariot": ", chariot auction bidding",
           "region_viii": ", region VIII pairs", "finished": ", finished"}


def _names(players: Sequence[Mapping[str, Any]], seats: Sequence[int]) -> str:
    return ", ".join(players[s]["name"] for s in seats)


def _result_line(players: Sequence[Mapping[str, Any]], result: Mapping[str, Any]) -> str:
    name = lambda seat: players[seat]["name"]  # noqa: E731
    bids = " · ".join(f"{name(b['seat'])} {b['amount']}" + ("" if b["locked"] else " (not locked)")
                      for b in sorted(result["bids"], key=lambda b: -b["amount"]))
    forced = ", forced" if result["forced"] else ""
    if result["kind"] == REGION_V:
        space1, space2 = result["spaces"]
        head = f"Round {result['round']}, region V (space 1 {name(space1)}, space 2 {name(space2)}){forced}"
        pay = result["payments"][0]
        tie = "tie, space 1 wins: " if result["tie"] else ""
        verdict = f"{tie}{name(result['winner'])} pays {pay['amount']} to {name(pay['to'])}"
    elif result["kind"] == "region_viii":
        head = f"Round {result['round']}, region VIII pairs{forced}"
        best = result["winners"]
        verdict = f"highest: {_names(players, best) or '-'}"
    else:
        head = f"Round {result['round']}, chariot{forced}"
        if result["winner"] is None:
            verdict = f"tie: {_names(players, result['winners'])}; every bid back, the chariot off the board"
        else:
            verdict = f"{name(result['winner'])} pays {result['payments'][0]['amount']} to the bank"
    return f"{head}: {bids or '-'} — {verdict}"


def summary_text(public: Mapping[str, Any]) -> str:
    """A public view as terminal text for `companion replay`: the round, everybody's money, the
    chariot, who has locked in an open bid (never what), and every settled bid with the money it moved."""
    if public.get("phase") == "setup":
        return "Tribune: not set up\n"
    players = list(public["players"])
    chariot = public["chariot"]
    where = "on the board" if chariot["on_board"] else "off the board"
    holder = "" if chariot["holder"] is None else f", last won by {players[chariot['holder']]['name']}"
    lines = [f"Tribune: round {public['round']}{_PHASES.get(public['phase'], '')}",
             "  money:   " + " · ".join(f"{p['name']} {p['money']}" for p in players),
             f"  chariot: {where}{holder}"]
    bid = public.get("bid") or {}
    if bid.get("phase") == "bidding":
        locked = [s["seat"] for s in bid["seats"] if s["locked"]]
        lines += [f"  locked:  {_names(players, locked) or '-'}",
                  f"  waiting: {_names(players, bid['waiting']) or '-'}"]
    lines += [_result_line(players, result) for result in public.get("results", ())]
    board = public.get("board")
    if board:
        lines += _board_lines(players, board)
    return "\n".join(lines) + "\n"


def _board_lines(players: Sequence[Mapping[str, Any]], board: Mapping[str, Any]) -> list[str]:
    """The whole game's part of `summary_text`: the faction row, each player's holdings, the
    victory grid now (each condition's value and margin) and the winners once over."""
    name = lambda seat: "-" if seat is None else players[seat]["name"]  # noqa: E731
    lines = [f"  stage:   {board['stage']}" + (f", {name(board['placer'])} places" if board["placer"] is not None else ""),
             "  factions: " + " · ".join(f"{f['faction']} {name(f['controller'])} {f['size']}/{f['total']}"
                                        + (" (chariot)" if f["protected"] else "") for f in board["factions"]),
             f"  colosseum: {board['colosseum']}"]
    for h in board["holdings"]:
        lines.append(f"  {name(h['seat'])}: laurels {h['laurels']}, legions {h['legions']}, favour {h['favour']}, "
                     f"tribune {h['tribune']}, factions {len(h['factions'])}")
    card = board["victory"]
    lines.append(f"  victory card {card['id'] or '(entered)'}: need {card['needed']} of "
                 + ", ".join(f"{k} {v}" for k, v in card["thresholds"].items() if v is not None))
    for row in board["grid"]:
        cells = ", ".join(f"{c['name']} {'met' if c['met'] else c['margin']}" for c in row["conditions"]
                          if c["threshold"] is not None)
        lines.append(f"  {name(row['seat'])}: {row['met']} met ({cells})")
    if board["winners"]:
        lines.append("  winner: " + ", ".join(name(s) for s in board["winners"]))
    return lines
