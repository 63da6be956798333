"""What each seat may enter now, as commands in the pads' menu order: the one list the pads walk
(`AugustusRules.pad_choices`) and the view carries as intents (`players[i].choices`), so the
touchscreen's seat panels and the pads' OLEDs offer exactly what the rules accept."""

from __future__ import annotations

from companion.games.augustus import commands as c
from companion.games.augustus.parts import placing
from companion.games.augustus.state import AugustusState


def placements(state: AugustusState, seat: int, wanted: str) -> tuple[c.Command, ...]:
    return tuple(c.Place(seat, *placement) for placement in placing.legal(state, seat, wanted))


def seat_choices(state: AugustusState, seat: int) -> tuple[c.Command, ...]:
    """The crier's draw (app's bag), this call's legal placements then a skip, a mobilisation's
    placements then a skip, the number reward (claim, skip), a victim's objectives, the tied
    players to give gold or wheat to (augustus.md §4.2–4.3, §4.6.3)."""
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
