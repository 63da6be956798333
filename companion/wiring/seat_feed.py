"""After each session update, every pad's private screen to its display; holds ended at a phase change.

`SeatScreens.update(table)` is a session listener (the session calls it on the main thread after
every fact, with the public `TableView`). For each configured pad it asks the session whose pad it
is in the open game (`seat_of_pad`) and that seat's own view (`seat_view`), maps it with the pure
`pad_screen` (by the open game's presenter), and submits the result to that pad's display: the
display that shows seat k's secrets is the one of the pad that plays seat k (`pad_of_seat`), never
another. A pad that belongs to nobody is cleared. The writer draws only what changed, and a pad
whose seat view, cursor and words are what they were keeps its screen without asking the presenter
again (a ± press changes one seat's draft: the other pads' views are equal, and a view of the same
state shares its public part, so most of that comparison is by identity).

When the table's phase changes (a reveal, a new round, another player's turn, another game), the
pads' holds are interrupted first, so a + held through a reveal does not walk into the next bid.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Hashable, Mapping, Protocol

from companion.presenters.game import NO_PRESENTERS, Presenters, pad_screen
from companion.presenters.pad_screens import ENGLISH, PadWords
from hardware.handheld.screen import PadScreen

log = logging.getLogger("companion.pads")


class SeatSource(Protocol):
    """What the feed needs of the session (`companion.session.Session` has it)."""

    def seat_of_pad(self, pad: int) -> int | None: ...

    def seat_view(self, seat: int) -> Mapping[str, Any] | None: ...


class PadSink(Protocol):
    """What the feed needs of the devices (`companion.wiring.pads.PadDevices` has it)."""

    @property
    def pads(self) -> range: ...

    def show(self, pad: int, screen: PadScreen) -> None: ...

    def interrupt(self) -> None: ...


def phase_marker(table: Any) -> Hashable:
    """What must stay the same for a held key to go on meaning the same thing: the game and its
    journal, the phase and round, a sealed round's phase, whose turn it is. Public fields only: the
    shared ones by attribute (`core.views.GameView`), a game's own (a sealed `bid`, Trajan's
    `consul`) by key."""
    view = table.view  # a `core.views.GameView` (the session's `TableView.view`), or None
    if view is None:
        return (table.game, table.journal, table.finished)
    bid = view.get("bid")
    return (table.game, table.journal, table.finished, view.phase, view.round,
            bid.get("phase") if isinstance(bid, Mapping) else None, view.current, view.get("consul"))


class SeatScreens:
    """Keeps every pad's display in step with its seat. `words()` gives the texts in the current
    language (called at each update, so a language switch shows at the next one); `presenters`
    says what each game's pads show (default: every game by its view's shape)."""

    def __init__(self, session: SeatSource, devices: PadSink, *,
                 words: Callable[[], PadWords] = lambda: ENGLISH, presenters: Presenters = NO_PRESENTERS) -> None:
        self.session = session
        self.devices = devices
        self.words = words
        self.presenters = presenters
        self._marker: Hashable | None = None
        self.screens: dict[int, PadScreen] = {}
        """The screen last submitted per pad (what its display shows, or will in a moment)."""
        self._made_from: dict[int, tuple[Any, ...]] = {}  # per pad: what its screen was made from

    def update(self, table: Any) -> None:
        marker = phase_marker(table)
        if self._marker is not None and marker != self._marker:
            self.devices.interrupt()
        self._marker = marker
        words = self.words()
        cursors: Mapping[int, int] = getattr(table, "pad_cursor", {}) or {}
        for pad in self.devices.pads:
            seat = self.session.seat_of_pad(pad) if table.game is not None else None
            try:
                if seat is None:
                    made_from: tuple[Any, ...] | None = None
                    screen = PadScreen()
                else:
                    made_from = (seat, self.session.seat_view(seat), cursors.get(seat), words)
                    kept = self.screens.get(pad)
                    if kept is None or self._made_from.get(pad) != made_from:
                        kept = pad_screen(made_from[1], seat, cursor=made_from[2], words=words,
                                          presenters=self.presenters)
                    screen = kept
            except Exception as exc:  # a view this layer does not understand must not stop the game
                # Only the kind: the message could quote the view, and a log line is not private.
                log.error("pad %d: no screen for seat %d (%s)", pad + 1, seat + 1 if seat is not None else 0,
                          type(exc).__name__)
                made_from, screen = None, PadScreen()
            if made_from is None:
                self._made_from.pop(pad, None)
            else:
                self._made_from[pad] = made_from
            self.screens[pad] = screen
            self.devices.show(pad, screen)  # even when kept: a twin that took over since needs it
