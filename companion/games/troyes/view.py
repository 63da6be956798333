"""What each audience may see of Troyes. The public view (seat None: the shared screen, the history,
logs, `companion replay`, exports) is built field by field from what lies open on the table; it
never holds a VP total or a character card before the final reveal (digest 2.1: VP are hidden).
Seat k's view adds `me`: seat k's own VP and character cards, for its pad only.

The view carries the question the table must answer next (`ask`, a `core.asks.Ask` as a view):
the dice a district throws, the card turned up, the event drawn, the black dice, a rerolled die.
A scanner read or a hand entry answers it alike (rules.command_for_dice, the `answer` intent).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Mapping

from companion.core.asks import Ask, AskView, ask_view
from companion.core.events import Event
from companion.core.views import FrozenMap, GameView, PlayerView, Seq, View, freeze, optional, to_data
from companion.games.troyes import events as e
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import (activity, buildings, catalog, cathedral, eventqueue, influence, lasting,
                                         military, reads, setup)
from companion.games.troyes.state import TroyesState


def character_asks(state: TroyesState) -> tuple[Ask, ...]:
    """Each seat still to enter its character card(s) is asked on its own pad (digest 2.1: each
    sees only its own): a secret ask whose options are every set of cards a seat may hold, the
    same for every seat whatever the others hold (the options tell nothing of anyone's cards; the
    rules check names and count only), with the cards' names for the pad."""
    each = R.CHARACTERS_PER_PLAYER[state.player_count]
    ids = sorted(state.catalog.characters)
    options = tuple(itertools.combinations(ids, each))
    names = {cid: {"en": state.catalog.characters[cid].name, **state.catalog.characters[cid].names} for cid in ids}
    return tuple(Ask("troyes.characters", setup.CHARACTER_RULE, {"name": "enter_characters", "args": {"seat": p.seat}},
                     "characters", p.seat, options, {"count": each, "names": names}, secret=True)
                 for p in state.players if not p.characters)


def ask_of(state: TroyesState) -> Ask | None:
    """The question the table answers next, or None while it waits for a player's move."""
    if state.reroll is not None:
        seat, colour = state.reroll
        return Ask(influence.REROLL_ASK, influence.RULE, {"name": "rerolled", "args": {}}, "face", seat,
                   (1, 2, 3, 4, 5, 6), {"colour": colour, "count": 1})
    if state.phase == "characters":
        return character_asks(state)[0]
    if state.phase == "reveal":
        colours = activity.to_reveal(state)
        return Ask(activity.REVEAL_ASK, activity.REVEAL_RULE, {"name": "reveal_activity", "args": {}}, "card", None,
                   tuple(cid for colour in colours for cid in activity.options(state, colour)),
                   {"round": state.round, "colours": colours})
    if state.phase == "dice":
        waiting = reads.pending(state)
        district, due = waiting[0]
        return Ask(reads.THROW_ASK, reads.RULE, {"name": "throw", "args": {"district": district}}, "dice", None, (),
                   {"district": district, "due": due,
                    "pending": tuple({"district": d, "due": dd} for d, dd in waiting)})
    if state.phase == "event_draw":
        return Ask(eventqueue.DRAW_ASK, eventqueue.RULE, {"name": "draw_event", "args": {}}, "event", None,
                   eventqueue.options(state), {"deck": eventqueue.deck_of_next(state)[0], "drawn": state.drawn})
    if state.phase == "black_throw":
        return Ask(reads.BLACK_ASK, military.RULE, {"name": "throw_black", "args": {}}, "dice", state.start_player, (),
                   {"count": military.black_count(state)})
    return None


class TroyesPlayer(PlayerView):
    """A player as the table sees them (no VP: digest 2.1, hidden until the end): deniers,
    influence, workers in supply, citizens, their district, whether they passed, events won,
    cathedral cubes, wages, dice due, and whether they may counter a black die now."""

    colour: str
    deniers: int
    influence: int
    supply: int
    citizens: int
    district: int
    passed: bool
    events_won: Seq[str]
    cathedral_cubes: int
    wages: int
    dice_due: FrozenMap
    can_counter: bool


class CardSpace(View):
    """A space on an activity card: the VP it scores and whose worker stands there (None: free)."""

    vp: int
    owner: int | None


class CardView(View):
    """A revealed activity card: its catalogue entry and what lies on it."""

    id: str
    name: str
    colour: str
    level: int
    cost: int
    divisor: int
    hourglass: bool
    effect: FrozenMap | None
    mark: str
    names: FrozenMap  # the name per language (data `names`); `name` is the English
    spaces: Seq[CardSpace]
    extra: Seq[int]
    stored: Seq[int]


class EventView(View):
    """An event in the queue (or the raid): its card and the cubes on it."""

    id: str
    name: str
    deck: str | None
    colour: str
    divisor: int
    flags: int
    cubes: Seq[int]
    prizes: Seq[int]
    military: int
    effect: FrozenMap | None
    mark: str
    names: FrozenMap
    lasting: FrozenMap | None  # what it changes while in force (parts/lasting.py)
    in_force: bool  # its lasting effect applies this round
    since: int  # the round it entered the queue


class PlacementView(View):
    """The set-up's placement: whose turn, how many placements are left, the free spaces."""

    seat: int
    left: int
    free: Seq[Seq[Any]]


class ThrowDue(View):
    """A district's throw still to enter, and the dice it is due (how many of each colour)."""

    district: int
    due: FrozenMap


class RerollView(View):
    """A die picked up to reroll: whose, and its colour (the face is asked)."""

    seat: int
    colour: str


class CharacterView(View):
    """One of a seat's character cards (its own view only): what it counts, per how many, its VP."""

    id: str
    name: str
    measure: str
    every: int
    vp: int
    names: FrozenMap


class MeView(View):
    """What only seat k's pad may show: its VP and its character cards."""

    seat: int
    vp: int
    characters: Seq[CharacterView]


class TroyesView(GameView):
    """The shared screen's Troyes, built from what lies open on the table (see the module
    docstring); `me` only in seat k's own view, `final` once the game is over."""

    phase: str
    round: int
    rounds: int
    start_player: int
    current: int
    players: Seq[TroyesPlayer]
    buildings: FrozenMap
    rows: FrozenMap
    expelled: FrozenMap
    protected: FrozenMap
    placement: PlacementView | None
    cards: Seq[CardView]
    square: Seq[Seq[Any]]
    pending_throws: Seq[ThrowDue]
    black: Seq[int]
    black_due: int
    raid: EventView
    queue: Seq[EventView]
    drawn: Seq[str]
    seen: int
    cathedral: Seq[Seq[int]]
    reroll: RerollView | None
    ask: AskView | None
    characters_in_game: Seq[str]
    final: FrozenMap | None
    names: FrozenMap  # every activity card's and event's name per language, by id (Catalog.names)
    me: MeView | None = optional()


def _player(state: TroyesState, seat: int) -> TroyesPlayer:
    p = state.players[seat]
    return TroyesPlayer(
        seat=seat, name=p.name, colour=p.colour, deniers=p.deniers, influence=p.influence,
        supply=p.supply, citizens=buildings.citizens(state, seat), district=p.district, passed=p.passed,
        events_won=Seq(p.events_won), cathedral_cubes=cathedral.cubes(state, seat),
        wages=buildings.wages(state, seat), dice_due=FrozenMap(buildings.dice_due(state, seat)),
        can_counter=state.phase == "counter" and seat == state.current and military.can_counter(state, seat),
    )


def _card(state: TroyesState, card: Any) -> CardView:
    spec = state.catalog.cards[card.id]
    return CardView(id=card.id, name=spec.name, colour=spec.colour, level=spec.level, cost=spec.cost,
                    divisor=spec.divisor, hourglass=spec.hourglass, effect=freeze(spec.effect), mark=spec.mark,
                    names=FrozenMap(spec.names),
                    spaces=Seq([CardSpace(vp=vp, owner=owner) for vp, owner in zip(spec.spaces, card.spaces)]),
                    extra=Seq(card.extra), stored=Seq(card.stored))


def _event(state: TroyesState, event: Any) -> EventView:
    card = state.catalog.event(event.id)
    return EventView(id=event.id, name=card.name, deck=card.deck, colour=card.colour, divisor=card.divisor,
                     flags=card.flags, cubes=Seq(event.cubes), prizes=Seq(card.prizes), military=card.military,
                     effect=freeze(card.effect), mark=card.mark, names=FrozenMap(card.names),
                     lasting=freeze(card.lasting), in_force=lasting.is_active(state, event), since=event.since)


def _me(state: TroyesState, seat: int) -> MeView:
    p = state.players[seat]
    characters = state.catalog.characters
    return MeView(seat=seat, vp=p.vp, characters=Seq([
        CharacterView(id=cid, name=characters[cid].name, measure=characters[cid].measure,
                      every=characters[cid].every, vp=characters[cid].vp, names=FrozenMap(characters[cid].names))
        for cid in p.characters if cid in characters]))


def _per_building(rows: Any) -> FrozenMap:
    return FrozenMap({b: Seq(rows[i]) for i, b in enumerate(R.BUILDINGS)})


def view(state: TroyesState, seat: int | None = None) -> GameView:
    """The public view (seat None), or seat k's with `me`: a `TroyesView` once set up (before, a
    bare `GameView`: the game and its phase)."""
    if state.phase == "setup":
        return GameView(game="troyes", phase="setup", players=Seq())
    rows = state.settings.building_rows
    return TroyesView(
        game="troyes", phase=state.phase, round=state.round, rounds=state.rounds,
        start_player=state.start_player, current=state.current,
        players=Seq([_player(state, i) for i in range(state.player_count)]),
        buildings=_per_building(state.buildings),
        rows=FrozenMap({b: Seq([Seq(r) for r in rows[b]]) for b in R.BUILDINGS}),
        expelled=_per_building(state.expelled),
        protected=_per_building(state.protected),
        placement=PlacementView(seat=state.placements[0], left=len(state.placements),
                                free=Seq([Seq(s) for s in setup.free_spaces(state)]))
        if state.phase == "placement" else None,
        cards=Seq([_card(state, c) for c in state.cards]),
        square=Seq([Seq(d) for d in state.square]),
        pending_throws=Seq([ThrowDue(district=d, due=FrozenMap(due)) for d, due in reads.pending(state)])
        if state.phase == "dice" else Seq(),
        black=Seq(state.black), black_due=state.black_due,
        raid=_event(state, state.raid), queue=Seq([_event(state, ev) for ev in state.queue]),
        drawn=Seq(state.drawn), seen=len(state.seen),
        cathedral=Seq([Seq(col) for col in state.cathedral]),
        reroll=RerollView(seat=state.reroll[0], colour=state.reroll[1]) if state.reroll else None,
        ask=ask_view(ask_of(state)),
        # the box's character cards (not who holds them): what a seat may enter as its own
        characters_in_game=Seq(sorted(state.catalog.characters)),
        final=freeze(state.final) if state.phase == "over" else None,
        names=state.catalog.names,
        me=_me(state, seat) if seat is not None and 0 <= seat < state.player_count else None,
    )


def _scanner(detail: Mapping[str, Any], dice: Any) -> dict[str, Any]:
    """`scanner_read` {boot, seq, dice} for a read that came from the scanner (devices/scanner.py
    finds the newest, to tell the reader after a restart which read the table has already seen)."""
    if detail.get("source") != "scanner":
        return {}
    return {"scanner_read": {"boot": detail.get("boot", ""), "seq": detail.get("seq", 0), "dice": dice}}


def public_event(event: Event) -> dict[str, Any]:
    """An event as the history, logs and exports may show it: no character card, no VP total."""
    if isinstance(event, e.TroyesSetUp):
        return {"players": list(event.players), "colours": list(event.colours), "start_player": event.start_player,
                "settings": to_data(event.settings), "characters_dealt": bool(event.characters),
                # the cards' and events' names the game was played with, for the history's lines
                "names": to_data(catalog.from_text(event.data).names) if event.data else {}}
    if isinstance(event, e.CharactersEntered):
        return {"seat": event.seat}
    if isinstance(event, e.Played):
        detail = to_data(event.detail)
        out: dict[str, Any] = {"seat": event.seat, "move": event.move, "detail": detail}
        if event.move == "throw":
            out.update(_scanner(detail, detail.get("dice")))
        elif event.move == "throw_black":
            out.update(_scanner(detail, [["black", f] for f in detail.get("dice") or ()]))
        return out
    if isinstance(event, e.GameEnded):
        return {"final": to_data(event.final)}
    return to_data({f.name: getattr(event, f.name) for f in dataclasses.fields(event)})


def summary_text(public: Mapping[str, Any]) -> str:
    """The public view as terminal text for `companion replay`: the final breakdown once the game
    is over, else where the game stands (no VP: they are hidden until the end)."""
    if public.get("final"):
        from companion.games.troyes.snapshot import format_scores

        return format_scores(public["final"])
    if public.get("phase") == "setup":
        return "Troyes: not set up\n"
    lines = [f"Troyes: round {public['round']} of {public['rounds']}, {public['phase']}"]
    for p in public["players"]:
        lines.append(f"  {p['name']:<16} {p['deniers']:>3} deniers  influence {p['influence']:>2}  "
                     f"citizens {p['citizens']:>2}")
    return "\n".join(lines) + "\n"
