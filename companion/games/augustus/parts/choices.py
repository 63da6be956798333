"""What each seat may enter now, as commands in the pads' menu order: the one list the pads walk
(`AugustusRules.pad_choices`) and the view carries as intents (`players[i].choices`), so the
touchscreen's seat panels and the pads' OLEDs offer exactly what the rules accept."""

from __future__ import annotations

from companion.core.asks import Ask
from companion.games.augustus import commands as c
from companion.games.augustus.parse import intent_of
from companion.games.augustus.parts import placing
from companion.games.augustus.state import AugustusState

PLACE_RULE = "Augustus 4.2 play"
#: A seat's step after a call (`augustus.place`) or in a resolution (`augustus.<duty kind>`).
SEAT_ASK = "augustus.{kind}"
#: The intent a seat's ask answers: its `choice`, one of the ask's options (each an intent itself).
CHOOSE = "choose"


def placements(state: AugustusState, seat: int, wanted: str) -> tuple[c.Command, ...]:
    return tuple(c.Place(seat, *placement) for placement in placing.legal(state, seat, wanted))


#: The state last asked about and its seats' choices: the view and the seats' asks both list
#: them for the same state after every step (a state is immutable, so they stay its choices).
_kept: tuple[AugustusState, dict[int, tuple[c.Command, ...]]] | None = None


def seat_choices(state: AugustusState, seat: int) -> tuple[c.Command, ...]:
    """The crier's draw (app's bag), this call's legal placements then a skip, a mobilisation's
    placements then a skip, the number reward (claim, skip), a victim's objectives, the tied
    players to give gold or wheat to (augustus.md §4.2–4.3, §4.6.3)."""
    global _kept
    kept = _kept
    if kept is None or kept[0] is not state:
        kept = _kept = (state, {})
    choices = kept[1].get(seat)
    if choices is None:
        choices = kept[1][seat] = _seat_choices(state, seat)
    return choices


def _seat_choices(state: AugustusState, seat: int) -> tuple[c.Command, ...]:
    if not 0 <= seat < state.player_count:
        return ()
    if state.phase == "draw":
        return (c.Draw(),) if seat == state.crier and state.settings.bag == "app" else ()
    if state.phase == "place":
        if state.acted[seat]:
            return ()
        return (*placements(state, seat, placing.wanted(state)), c.Skip(seat))
    duty = state.duty
    if state.phase != "resolve" or duty is None or duty.seat != seat:
        return ()
    if duty.kind == "mobilise":
        return (*placements(state, seat, duty.of), c.Skip(seat))
    if duty.kind == "number":
        return (c.Claim(seat), c.Skip(seat))
    if duty.kind == "lose":
        return tuple(c.Lose(seat, card.number) for card in state.player(seat).controlled)
    if duty.kind == "clear":
        from companion.games.augustus.parts.resolution import clearable

        return tuple(c.Clear(seat, number) for number in clearable(state, seat))
    if duty.kind == "give":
        return tuple(c.Give(seat, to) for to in duty.options)
    return ()


def seat_asks(state: AugustusState) -> tuple[Ask, ...]:
    """Each seat's standing ask (`Game.asks`): after a call, every seat still to place is asked
    at once (S002: every player may place one legion), its options the legal placements then a
    skip; in a resolution, the chooser's step (a mobilisation, the number reward, a victim's
    objective, the tied player to give gold or wheat to). A seat's pad answers its own (− / +
    walk, OK posts), its panel on the touchscreen the same; the crier's draw from the app's bag
    stays on the pad menu (`seat_choices`)."""
    if state.phase == "place":
        seats: tuple[int, ...] = tuple(s for s in range(state.player_count) if not state.acted[s])
        kind = "place"
    elif state.phase == "resolve" and state.duty is not None and state.duty.seat is not None \
            and state.duty.kind in ("mobilise", "number", "lose", "clear", "give"):
        seats, kind = (state.duty.seat,), state.duty.kind
    else:
        return ()
    asks = []
    for seat in seats:
        options = tuple(intent_of(command) for command in seat_choices(state, seat))
        if options:
            asks.append(Ask(SEAT_ASK.format(kind=kind), PLACE_RULE, {"name": CHOOSE, "args": {"seat": seat}}, "choice",
                            seat, options, {"token": state.token, "call": state.call, "of": state.duty.of
                                            if state.duty is not None and kind != "place" else ""}))
    return tuple(asks)
