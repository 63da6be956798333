"""Every Troyes move as one pure function of the state: `run` validates (raising IllegalCommand
that names the rule) and returns the state after it. `decide` runs it to check a command, `apply`
runs it again to fold the `Played` event, so a refusal and a replay never disagree."""

from __future__ import annotations

from typing import Callable

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import commands as c
from companion.games.troyes import flow
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import (activity, buildings, cathedral, citizens, eventqueue, influence, military,
                                         reads, setup)
from companion.games.troyes.parts.square import group, pay_for
from companion.games.troyes.state import TroyesState, gain

TURN = "Troyes 2.2 actions"
AGRICULTURE_RULE = "Troyes 2.3 agriculture"


def acting_seat(state: TroyesState, command: c.Move) -> int | None:
    """Who makes `command`: the player whose turn it is (or who faces the black die) for a player's
    move; for a starting citizen the seat whose citizen it is (NEUTRAL for a grey one), so the
    history can say whose; None for anything else the table enters."""
    if isinstance(command, c.PlaceStart) and state.placements:
        return state.placements[0]
    return None if command.by_table else state.current


def _turn(state: TroyesState, command: c.Move) -> int:
    """The seat whose action this is, refusing one out of the action phase or out of turn."""
    if state.phase != "actions":
        raise IllegalCommand(TURN, "Actions come after the round's events and black dice.")
    seat = state.current
    if getattr(command, "seat", None) not in (None, seat):
        raise IllegalCommand(TURN, "It is {name}'s turn.", name=state.player(seat).name)
    if state.reroll is not None:
        raise IllegalCommand(TURN, "First enter the face of the die picked up to reroll.")
    return seat


def _influence_seat(state: TroyesState, command: c.Move) -> int:
    seat = state.current
    if getattr(command, "seat", None) not in (None, seat):
        raise IllegalCommand(influence.RULE, "It is {name}'s turn.", name=state.player(seat).name)
    return seat


def end_turn(state: TroyesState) -> TroyesState:
    """S004 五, 六: the next player clockwise who has not passed acts; a passed player whose turn
    comes round gets 1 more denier in their district. The phase ends when everyone has passed or the
    city square has no dice left."""
    if not state.square or all(p.passed for p in state.players):
        return evolve(state, phase="round_end")
    players = list(state.players)
    seat = state.current
    for _ in range(state.player_count):
        seat = (seat + 1) % state.player_count
        if not players[seat].passed:
            break
        players[seat] = evolve(players[seat], district=players[seat].district + R.PASS_LATER)
    return evolve(state, players=tuple(players), current=seat)


def _activate(state: TroyesState, cmd: c.Activate) -> TroyesState:
    seat = _turn(state, cmd)
    g = group(state, seat, cmd.dice, cmd.cube)
    state = pay_for(state, seat, g)
    return end_turn(activity.activate(state, seat, cmd.card, g, cmd.citizen, cmd.space, cmd.choices))


def _cathedral(state: TroyesState, cmd: c.Cathedral) -> TroyesState:
    seat = _turn(state, cmd)
    g = group(state, seat, cmd.dice, cmd.cube)
    if not g.acts_as("white"):
        raise IllegalCommand(cathedral.RULE, "The cathedral is built with white dice.")
    return end_turn(cathedral.build(pay_for(state, seat, g), seat, g.values))


def _fight(state: TroyesState, cmd: c.Fight) -> TroyesState:
    seat = _turn(state, cmd)
    eventqueue.find(state, cmd.event)
    card = state.catalog.event(cmd.event)
    g = group(state, seat, cmd.dice, cmd.cube)
    if not g.acts_as(card.colour):
        raise IllegalCommand(eventqueue.COMBAT_RULE, "{event} is fought with {colour} dice.",
                             event=card.name, event_id=card.id, colour=card.colour)
    cubes = g.total // card.divisor
    if cubes < 1:
        raise IllegalCommand(eventqueue.COMBAT_RULE, "Those dice count {total}: {event} needs {divisor} for one cube.",
                             total=g.total, event=card.name, event_id=card.id, divisor=card.divisor)
    return end_turn(eventqueue.place_cubes(pay_for(state, seat, g), seat, cmd.event, cubes))


def _place(state: TroyesState, cmd: c.Place) -> TroyesState:
    """S004 行动四: exactly one die; its colour names the building, its face the row; no stored
    cube changes it (the card texts say so for the Blacksmith and the Priest)."""
    seat = _turn(state, cmd)
    district, colour, face = cmd.die
    g = group(state, seat, (cmd.die,))
    state = pay_for(state, seat, g)
    state = citizens.take(state, seat, cmd.citizen)
    return end_turn(buildings.place(state, R.COLOUR_BUILDING[colour], face, seat))


def _agriculture(state: TroyesState, cmd: c.Agriculture) -> TroyesState:
    seat = _turn(state, cmd)
    g = group(state, seat, cmd.dice, cmd.cube)
    if not g.acts_as("yellow"):
        raise IllegalCommand(AGRICULTURE_RULE, "Agriculture uses yellow dice.")
    deniers = g.total // R.AGRICULTURE_DIVISOR
    if deniers == 0 and not state.settings.agriculture_zero:
        raise IllegalCommand(AGRICULTURE_RULE, "Those dice give no deniers.")
    state = pay_for(state, seat, g)
    return end_turn(state.with_player(gain(state.player(seat), deniers=deniers)))


def _pass(state: TroyesState, cmd: c.Pass) -> TroyesState:
    """S004 行动六: 2 deniers into your district now, no more actions this round."""
    seat = _turn(state, cmd)
    player = state.player(seat)
    state = state.with_player(evolve(player, passed=True, district=player.district + R.PASS_FIRST))
    return end_turn(state)


def _facing_seat(state: TroyesState, command: c.Counter | c.NoCounter) -> int:
    """The seat facing the highest black die (S004 四), refusing a command named for another."""
    seat = state.current
    if command.seat not in (None, seat) and state.phase == "counter":
        raise IllegalCommand(military.RULE, "It is {name} who faces the highest black die.", name=state.player(seat).name)
    return seat


def _counter(state: TroyesState, cmd: c.Counter) -> TroyesState:
    return military.counter(state, _facing_seat(state, cmd), cmd.dice, cmd.black)


def _no_counter(state: TroyesState, cmd: c.NoCounter) -> TroyesState:
    return military.fail(state, _facing_seat(state, cmd))


def _throw(state: TroyesState, cmd: c.Throw) -> TroyesState:
    """A district's throw (S004 三); a read that is not one, while the table throws the black dice or
    rerolls a die, is refused saying what is awaited."""
    if state.reroll is not None:
        raise IllegalCommand(influence.RULE, "Only the {colour} die picked up is thrown again now, not {read}.",
                             colour=state.reroll[1], **reads.counted("read", reads.counts(cmd.dice or ())))
    if state.phase == "black_throw":
        raise IllegalCommand(military.RULE, "The black dice are thrown now, not {read}.",
                             **reads.counted("read", reads.counts(cmd.dice or ())))
    if cmd.dice is None or cmd.district is None:
        raise reads.unmatched(state, cmd.dice or ())
    return reads.throw(state, cmd.district, cmd.dice)


def _need(value: object, rule: str, template: str) -> None:
    if value is None:
        raise IllegalCommand(rule, template)


def _reveal(state: TroyesState, cmd: c.RevealActivity) -> TroyesState:
    _need(cmd.card, activity.REVEAL_RULE, "Enter the activity card turned up.")
    return activity.reveal(state, str(cmd.card))


def _draw(state: TroyesState, cmd: c.DrawEvent) -> TroyesState:
    _need(cmd.event, eventqueue.RULE, "Enter the event card drawn.")
    return eventqueue.draw(state, str(cmd.event))


def _throw_black(state: TroyesState, cmd: c.ThrowBlack) -> TroyesState:
    _need(cmd.dice, military.RULE, "Enter the black dice thrown.")
    return military.throw(state, tuple(cmd.dice or ()))


def _rerolled(state: TroyesState, cmd: c.Rerolled) -> TroyesState:
    _need(cmd.face, influence.RULE, "Enter the face of the rerolled die.")
    return influence.rerolled(state, int(cmd.face or 0))


HANDLERS: dict[str, Callable[[TroyesState, c.Move], TroyesState]] = {
    "enter_characters": lambda s, m: setup.enter_characters(s, m.seat, m.characters),  # type: ignore[attr-defined]
    "place_start": lambda s, m: setup.place_start(s, m.building, m.space),  # type: ignore[attr-defined]
    "reveal_activity": _reveal,  # type: ignore[dict-item]
    "throw": _throw,  # type: ignore[dict-item]
    "draw_event": _draw,  # type: ignore[dict-item]
    "throw_black": _throw_black,  # type: ignore[dict-item]
    "counter": _counter,  # type: ignore[dict-item]
    "no_counter": _no_counter,  # type: ignore[dict-item]
    "reroll": lambda s, m: influence.reroll(s, _influence_seat(s, m), m.die),  # type: ignore[attr-defined]
    "rerolled": _rerolled,  # type: ignore[dict-item]
    "flip": lambda s, m: influence.flip(s, _influence_seat(s, m), m.dice),  # type: ignore[attr-defined]
    "recruit": lambda s, m: influence.recruit(s, _influence_seat(s, m)),
    "activate": _activate,  # type: ignore[dict-item]
    "cathedral": _cathedral,  # type: ignore[dict-item]
    "fight": _fight,  # type: ignore[dict-item]
    "place": _place,  # type: ignore[dict-item]
    "agriculture": _agriculture,  # type: ignore[dict-item]
    "pass": _pass,  # type: ignore[dict-item]
}


def run(state: TroyesState, command: c.Move) -> TroyesState:
    """`state` after `command`, settled (flow.settle); raises IllegalCommand naming the rule."""
    return flow.settle(HANDLERS[command.move](state, command))

