"""The action wheel on each player's mat (Trajan 1.2): sowing markers, the target tray, completing tiles.

Six trays, I–VI clockwise, are `rules_data.ACTIONS` in order (index 0 = I Seaport … 5 = VI
Construction). A wheel is a tuple of 6 trays; a tray is the marker colours in it as a sorted tuple
(`state.bag`), so equal wheels compare equal whatever order the markers arrived in.

A turn begins by picking up *every* marker of one non-empty tray and putting them one by one in
the following trays clockwise, in an order of colours the player chooses; with more than 6 markers
the sowing laps the wheel (one marker per tray, never skipping one). The tray that receives the last
marker is the target: its action may be taken and the Trajan tile beside it may be completed
(Trajan 1.2 turn steps 1–2, 1.14 #1). Picking up n markers from tray t always ends in tray
(t + n) mod 6; only the colours that land where depend on the order.

Everything here is pure: functions take values and return new ones. Removing a completed tile and
applying its effect is `tiles.complete_tile`'s job, so the light mode (no wheel mirrored) shares it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Iterable, Sequence

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import PlayerState, TrajanTile, bag

Wheel = tuple[tuple[str, ...], ...]

TRAYS = len(R.ACTIONS)
# The mat prints the trays as Roman numerals; refusals name trays that way (no translation needed).
TRAY_NUMERALS = ("I", "II", "III", "IV", "V", "VI")


def tray_numeral(tray: int) -> str:
    """The tray's number as printed on the mat: 0 → "I" … 5 → "VI"."""
    return TRAY_NUMERALS[tray]


def _check_tray(tray: object) -> int:
    if isinstance(tray, bool) or not isinstance(tray, int) or not 0 <= tray < TRAYS:
        raise IllegalCommand("Trajan 1.2 action wheel", "There is no tray {tray} on the action wheel.", tray=tray)
    return tray


def _check_wheel(wheel: Sequence[Sequence[str]]) -> None:
    if len(wheel) != TRAYS:
        raise IllegalCommand("Trajan 1.2 action wheel", "The action wheel has 6 trays, not {count}.", count=len(wheel))


def sow(wheel: Sequence[Sequence[str]], tray: int, order: Sequence[str]) -> tuple[Wheel, int]:
    """Pick up every marker in `tray` and sow them clockwise in `order` (Trajan 1.2 step 1).

    `order` must name exactly the markers in the tray (the same colours, each as often); the first
    goes into tray + 1, the next into tray + 2 and so on, wrapping past VI to I, so 7 or more markers
    lap the wheel and can drop into the tray they came from. Returns the new wheel and the target tray
    (where the last marker landed, always (tray + len(order)) mod 6).

    Refused (IllegalCommand, "Trajan 1.2 action wheel"): a tray outside 0–5, an empty tray (a turn
    must move at least one marker), an order that is not the tray's markers.
    """
    _check_wheel(wheel)
    tray = _check_tray(tray)
    held = tuple(wheel[tray])
    if not held:
        raise IllegalCommand("Trajan 1.2 action wheel",
                             "Tray {tray} is empty: pick up the markers of a tray that has some.",
                             tray=tray_numeral(tray))
    order = tuple(order)
    # The same colours as often as each other: compared sorted (colours are strings), which is
    # Counter equality without building two Counters at every sowing of every replay.
    if len(order) != len(held) or sorted(order) != sorted(held):
        raise IllegalCommand("Trajan 1.2 action wheel",
                             "Tray {tray} holds {count} markers: the sowing order must name each of them once.",
                             tray=tray_numeral(tray), count=len(held))
    trays = [list(t) for t in wheel]
    trays[tray] = []
    for i, colour in enumerate(order):
        trays[(tray + 1 + i) % TRAYS].append(colour)
    return tuple(bag(t) for t in trays), (tray + len(order)) % TRAYS


def target_of(tray: int, markers: int) -> int:
    """The tray where the last of `markers` markers picked up from `tray` lands (Trajan 1.2)."""
    return (tray + markers) % TRAYS


def completes(tile: TrajanTile | None, tray_markers: Iterable[str]) -> bool:
    """Does the target tray, after sowing, hold the colours the Trajan tile beside it shows?

    Trajan 1.2 step 2 / 1.14 #1: markers that were already in the tray count as much as the ones just
    sown, and colours the tile does not show never block it. The two colours are read as two
    markers: a tile that showed the same colour twice would need two markers of that colour (S000
    and S001 speak of the tile's two pictured markers; the physical tiles show two different
    colours, so this only matters for a tile entered by hand). No tile → nothing to complete.
    """
    if tile is None:
        return False
    colours = tile.colours
    if len(colours) == 2 and colours[0] != colours[1]:  # the printed tiles: one marker of each colour
        markers = tray_markers if isinstance(tray_markers, (tuple, list)) else tuple(tray_markers)
        return colours[0] in markers and colours[1] in markers
    have = Counter(tray_markers)
    return all(have[c] >= n for c, n in Counter(tile.colours).items())


@dataclasses.dataclass(frozen=True)
class Landing:
    """Where a pick-up lands, before it is committed: what the touchscreen shows for confirmation.

    `target` is the target tray (0–5), `markers` how many markers move (= spaces on the time track,
    Trajan 1.1), `completes` the Trajan tile beside the target that this sowing completes (None if
    none), `order` the sowing order this describes, `wheel` the wheel after sowing in that order.
    """

    target: int
    markers: int
    completes: TrajanTile | None
    order: tuple[str, ...]
    wheel: Wheel

    @property
    def tray_after(self) -> tuple[str, ...]:
        """The markers in the target tray after sowing."""
        return self.wheel[self.target]


def _completing_order(wheel: Sequence[Sequence[str]], tray: int, tile: TrajanTile | None) -> tuple[str, ...] | None:
    """An order of the tray's markers whose sowing completes `tile` beside the target, or None.

    The target receives the markers at positions i ≡ n − 1 (mod 6) of the order, i.e. the last one
    and every sixth before it. The tile is completable iff the colours it still lacks in the target
    (after the pick-up, which empties the target when it is the tray itself) are among the picked-up
    markers and fit in those positions.
    """
    if tile is None:
        return None
    held = list(wheel[tray])
    n = len(held)
    target = target_of(tray, n)
    already = Counter(() if target == tray else wheel[target])
    lacking = Counter(tile.colours) - already
    into_target = [i for i in range(n) if i % TRAYS == (n - 1) % TRAYS]
    if sum(lacking.values()) > len(into_target) or lacking - Counter(held):
        return None
    rest = Counter(held) - lacking
    first = list(lacking.elements())
    others = list(rest.elements())
    # Fill the target's positions with the lacking colours first, then everything else in order.
    order: list[str | None] = [None] * n
    for i in into_target:
        order[i] = first.pop() if first else others.pop()
    for i in range(n):
        if order[i] is None:
            order[i] = others.pop()
    return tuple(order)  # type: ignore[arg-type]


def predict(player: PlayerState, tray: int, order: Sequence[str] | None = None) -> Landing:
    """Where picking up `tray` lands and which Trajan tile it completes, without committing anything.

    With an `order`, that sowing is described exactly. With `order=None` the player has not chosen
    yet: if ANY order completes the tile beside the target, the Landing names the tile and one such
    order (the touchscreen can offer it); otherwise `completes` is None and `order` is the tray's
    markers as they lie (every order gives the same target and time, only colours differ).
    Refuses what `sow` refuses (empty tray, tray out of range, wrong order).
    """
    _check_wheel(player.wheel)
    tray = _check_tray(tray)
    if order is None:
        found = None
        if player.wheel[tray]:
            target = target_of(tray, len(player.wheel[tray]))
            found = _completing_order(player.wheel, tray, player.trajan_slots[target])
        order = found if found is not None else tuple(player.wheel[tray])
    wheel, target = sow(player.wheel, tray, order)
    tile = player.trajan_slots[target]
    return Landing(target=target, markers=len(tuple(order)), completes=tile if completes(tile, wheel[target]) else None,
                   order=tuple(order), wheel=wheel)


def sow_player(player: PlayerState, tray: int, order: Sequence[str]) -> tuple[PlayerState, Landing]:
    """Sow on the player's own wheel: the player with the new wheel, and the Landing.

    The Trajan tile is NOT removed here: when `landing.completes` is set, the rules call
    `tiles.complete_tile` (which removes it, scores it and applies its effect). A tile that is not
    completed stays on its slot, even when another tray happens to hold its colours (Trajan 1.14 #1).
    """
    landing = predict(player, tray, tuple(order))
    return evolve(player, wheel=landing.wheel), landing


def validate_start_trays(trays: Sequence[Sequence[str]], two_colours: bool) -> Wheel:
    """Check a starting layout (Trajan 1.2 setup) and return it as a wheel.

    6 trays of 2 markers each, 2 markers of each of the 6 colours overall: any two in a tray (S000
    p3: 任意分配两个, 1.14 point 12). Only with the setting `start_trays_two_colours` (KNOB's and
    MONO's reading, off by default) must the two markers in a tray differ. Refused with
    IllegalCommand("Trajan 1.2 setup", …).
    """
    if len(trays) != TRAYS:
        raise IllegalCommand("Trajan 1.2 setup", "The action wheel has 6 trays, not {count}.", count=len(trays))
    for i, t in enumerate(trays):
        if len(t) != R.MARKERS_PER_TRAY_AT_START:
            raise IllegalCommand("Trajan 1.2 setup", "Tray {tray} starts with {count} markers, not 2.",
                                 tray=tray_numeral(i), count=len(t))
        for colour in t:
            if colour not in R.COLOURS:
                raise IllegalCommand("Trajan 1.2 setup", "{colour} is not an action marker colour.", colour=colour)
    counts = Counter(c for t in trays for c in t)
    for colour in R.COLOURS:
        if counts[colour] != R.MARKERS_PER_COLOUR:
            raise IllegalCommand("Trajan 1.2 setup", "Each colour starts on the wheel twice; {colour} is there {count} times.",
                                 colour=colour, count=counts[colour])
    if two_colours:
        for i, t in enumerate(trays):
            if len(set(t)) != len(t):
                raise IllegalCommand("Trajan 1.2 setup", "The two markers in tray {tray} must be different colours.",
                                     tray=tray_numeral(i))
    return tuple(bag(t) for t in trays)


def deal_start_trays(rng: SeededRandom, two_colours: bool = False) -> tuple[Wheel, SeededRandom]:
    """A random valid starting layout from the seeded generator, and the generator after it.

    Shuffles the 12 markers and pairs them off tray by tray: any two in a tray (S000 p3, the
    default). With `two_colours` (the setting `start_trays_two_colours`) a deal that puts two
    markers of one colour in a tray is redrawn, which keeps every valid layout equally likely.
    About 6 deals in 10 are valid, so this ends quickly.
    """
    markers = tuple(c for c in R.COLOURS for _ in range(R.MARKERS_PER_COLOUR))
    while True:
        shuffled, rng = rng.shuffled(markers)
        trays = tuple(bag(shuffled[i:i + R.MARKERS_PER_TRAY_AT_START])
                      for i in range(0, len(shuffled), R.MARKERS_PER_TRAY_AT_START))
        if not two_colours or all(len(set(t)) == len(t) for t in trays):
            return trays, rng
