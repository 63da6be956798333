"""Seat colours at a set-up: one per seat, none twice, a tap gives a seat the next free one. Troyes'
and Augustus' set-ups both offer a fixed list of colours (the box's, or the ones the set-up names)
and cycle them the same way, so the rule lives here once. Pure lists in, lists out: the set-ups'
view-models keep the Kivy properties."""

from __future__ import annotations

from typing import Sequence


def fit_colours(colours: Sequence[str], count: int, order: Sequence[str]) -> list[str]:
    """`count` colours, one per seat, none twice: the seats' own (those `order` offers) kept, then
    the first free ones of `order`."""
    kept: list[str] = []
    for colour in colours:
        if colour in order and colour not in kept and len(kept) < count:
            kept.append(colour)
    return kept + [c for c in order if c not in kept][:max(0, count - len(kept))]


def next_colour(colours: Sequence[str], seat: int, order: Sequence[str]) -> list[str]:
    """The seats' colours with `seat`'s changed to the next one in `order` no other seat has
    (unchanged when every other is taken or `seat` is not a seat)."""
    if not 0 <= seat < len(colours):
        return list(colours)
    taken = {c for i, c in enumerate(colours) if i != seat}
    start = order.index(colours[seat]) if colours[seat] in order else -1
    free = (order[(start + step) % len(order)] for step in range(1, len(order) + 1))
    out = list(colours)
    out[seat] = next((c for c in free if c not in taken), colours[seat])
    return out
