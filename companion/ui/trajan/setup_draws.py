"""Entering what the table drew at set-up (Trajan with "Table draws"): per player the two action
markers in each of the six trays, the three starting Trajan tiles (slots II, IV, VI: kind and
two colours) and the bonus tile; then, for the whole table, the two bonus tiles beside the senate.
The rules take these as the setup's `start_trays`, `start_tiles`, `start_bonus` and
`senate_bonus`; without them the app would deal a set-up the table does not have in front of it.

One cursor walks every blank of the chosen player, in the order the table reads them off (tray I
to VI, then the tiles, then the bonus tile): a tap on the picker fills the blank under the cursor
and moves on, to the next player when one is done, so entering a whole player is 22 taps; after
the last player, the senate's two tiles (shown on every player's page: they are the table's). Any
blank can be tapped to enter it again. Only what is physically impossible is not offered (a third
marker of a colour, a bonus tile another player holds or that lies beside the senate); what the
rules decide (two colours per tray, three different stacks) they decide, and their refusal shows
on the screen.

Pure: no window needed. The ids below are the game's own (the UI may not import the rules); a test
holds them equal to companion.games.trajan.rules_data.
"""

from __future__ import annotations

from typing import Any, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import names

#: Trajan 1.2: the action markers' colours, two markers of each per player, two per tray at start.
MARKER_COLOURS = names.MARKER_COLOURS
MARKERS_PER_COLOUR = 2
TRAYS = 6
MARKERS = TRAYS * 2
#: Trajan 1.2: the starting Trajan tiles lie on slots II, IV and VI.
START_SLOTS = ("II", "IV", "VI")
#: Every Trajan tile kind, stack by stack (Trajan 1.3).
TILE_KINDS = tuple(kind for kinds in names.STACK_KINDS.values() for kind in kinds)
#: Trajan 1.11: the twelve bonus tiles, one of each.
BONUS_TILES = (
    "demand_bread", "demand_games", "demand_religion",
    "commodity_columns_furs", "commodity_scrolls_oils", "commodity_fruit_ceramics",
    "commodity_wine_fish", "commodity_jewelry_gems", "commodity_cattle_wheat",
    "workers", "legionnaires", "bonus",
)

#: The blanks of one player: 12 markers, then per start tile its kind and two colours, then the bonus tile.
TILE_PARTS = 3
BONUS = MARKERS + len(START_SLOTS) * TILE_PARTS
BLANKS = BONUS + 1
#: Trajan 1.11: the two bonus tiles beside the senate, after every player's blanks (the table's, not a player's).
SENATE = BLANKS
SENATE_TILES = 2
ALL_BLANKS = SENATE + SENATE_TILES
DARK_TEXT = (0.05, 0.07, 0.09, 1)
LIGHT_COLOURS = ("yellow", "white", "green", "orange", "pink")


def blank_kind(blank: int) -> str:
    """"marker", "tile" (a start tile's kind), "tile_colour", "bonus" or "senate"."""
    if blank < MARKERS:
        return "marker"
    if blank < BONUS:
        return "tile" if (blank - MARKERS) % TILE_PARTS == 0 else "tile_colour"
    return "bonus" if blank < SENATE else "senate"


def text_rgba(colour: str) -> tuple[float, ...]:
    """Dark text on the light marker colours, white on the others: legible on every fill."""
    return DARK_TEXT if colour in LIGHT_COLOURS else (1, 1, 1, 1)


class TrajanDrawsViewModel(EventDispatcher):
    """What the table drew, per player; `seat` is the player shown and `cursor` the blank a pick fills.

    Rows for the screen, all for the shown player: `tabs` (every player: {wid, markup, done,
    selected}), `markers` (12: {wid, text, colour, focused}), `tiles` (3: {wid, markup, focused}),
    `bonus` ({wid, text, focused}), `senate` (2: {wid, text, focused}, the same on every player's
    page) and `options` (what may fill the blank under the cursor:
    {wid, text, value, colour, enabled, selected}). `prompt` says what to enter now.
    """

    seat = NumericProperty(0)
    cursor = NumericProperty(0)  # -1: everything is entered
    tabs = ListProperty([])
    markers = ListProperty([])
    tiles = ListProperty([])
    bonus = ListProperty([])  # one row, a list so the screen binds it like the others
    senate = ListProperty([])  # two rows: the bonus tiles beside the senate
    options = ListProperty([])
    prompt = StringProperty("")
    complete = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._names: list[str] = []
        self._colours: list[str] = []
        self._values: list[list[str]] = []
        self._senate: list[str] = [""] * SENATE_TILES

    # -- players -----------------------------------------------------------------------------------

    def configure(self, players: Sequence[str], colours: Sequence[str]) -> None:
        """The players of the set-up. What was entered stays while the number of players does
        (going back to fix a name loses nothing); another number of players starts afresh."""
        if len(players) != len(self._values):
            self._values = [[""] * BLANKS for _ in players]
            self._senate = [""] * SENATE_TILES
            self.seat = 0
        self._names, self._colours = list(players), list(colours)
        self._goto_first_blank(int(self.seat))

    def clear(self) -> None:
        """Forget everything entered (a game was started with it)."""
        self._values = [[""] * BLANKS for _ in self._names]
        self._senate = [""] * SENATE_TILES
        self.seat = 0
        self._goto_first_blank(0)

    def select_seat(self, seat: int) -> None:
        if 0 <= seat < len(self._values):
            self.seat = seat
            self._goto_first_blank(seat)

    # -- the cursor --------------------------------------------------------------------------------

    def focus(self, blank: int) -> None:
        """Tapping a blank (filled or not) puts the cursor there."""
        if 0 <= blank < ALL_BLANKS:
            self.cursor = blank
            self.relabel()

    def focus_marker(self, index: int) -> None:
        self.focus(index)

    def focus_tile(self, slot: int) -> None:
        """A start tile is entered kind first, then its two colours."""
        self.focus(MARKERS + slot * TILE_PARTS)

    def focus_bonus(self) -> None:
        self.focus(BONUS)

    def focus_senate(self, index: int) -> None:
        """One of the two bonus tiles beside the senate."""
        if 0 <= index < SENATE_TILES:
            self.focus(SENATE + index)

    def pick(self, value: str) -> None:
        """Fills the blank under the cursor (if `value` is offered there) and moves to the next blank:
        the next part of the same tile, else the next empty blank of this player, else of the next."""
        if not self._values or self.cursor < 0:
            return
        if not any(o["value"] == value and o["enabled"] for o in self._options()):
            return
        seat, blank = int(self.seat), int(self.cursor)
        if blank >= SENATE:
            self._senate[blank - SENATE] = value
            self._goto_next_blank(seat, blank)
            return
        row = self._values[seat]
        if blank_kind(blank) == "tile" and row[blank] != value:
            row[blank + 1] = row[blank + 2] = ""  # another kind of tile: its colours are asked again
        row[blank] = value
        if blank_kind(blank) in ("tile", "tile_colour") and (blank - MARKERS) % TILE_PARTS < TILE_PARTS - 1:
            self.cursor = blank + 1
            self.relabel()
        else:
            self._goto_next_blank(seat, blank)

    def focus_first_missing(self) -> None:
        """The cursor to the first blank of all (Start asked for while something is missing)."""
        self._goto_next_blank(0, -1)

    def _goto_first_blank(self, seat: int) -> None:
        self._goto_next_blank(seat, -1)

    def _goto_next_blank(self, seat: int, after: int) -> None:
        """The first empty blank after `after` in this player's order (wrapping), else the first
        empty blank of the following players, else the senate's; -1 when everything is entered.
        From a senate blank: the other senate blank, then the players from the one shown."""
        empty = next(((s, b) for s, b in self._order(seat, after) if not self._value(s, b)), None)
        if empty is None:
            self.cursor = -1
        else:
            self.seat, self.cursor = empty
        self.relabel()

    def _order(self, seat: int, after: int) -> list[tuple[int, int]]:
        """Every blank as (seat, blank) in the order the cursor visits them after (`seat`, `after`);
        the senate's blanks keep the player shown."""
        count = len(self._values)
        if not count:
            return []
        mine = [(seat, b) for b in range(BLANKS)]
        others = [((seat + k) % count, b) for k in range(1, count) for b in range(BLANKS)]
        senate = [(seat, b) for b in range(SENATE, ALL_BLANKS)]
        if after < SENATE:
            return mine[after + 1:] + mine[:after + 1] + others + senate
        i = after - SENATE + 1
        return senate[i:] + senate[:i] + mine + others

    def _value(self, seat: int, blank: int) -> str:
        return self._senate[blank - SENATE] if blank >= SENATE else self._values[seat][blank]

    # -- what goes into the setup -----------------------------------------------------------------

    def is_seat_done(self, seat: int) -> bool:
        return 0 <= seat < len(self._values) and all(self._values[seat])

    def setup_fields(self) -> dict[str, Any]:
        """`start_trays`, `start_tiles`, `start_bonus` and `senate_bonus` for the setup; {} while
        anything is blank (the rules take all of a kind or none)."""
        if not self._values or self.first_missing() is not None:
            return {}
        trays, tiles, bonus = [], [], []
        for row in self._values:
            trays.append([[row[2 * t], row[2 * t + 1]] for t in range(TRAYS)])
            tiles.append([row[MARKERS + s * TILE_PARTS:MARKERS + (s + 1) * TILE_PARTS] for s in range(len(START_SLOTS))])
            bonus.append(row[BONUS])
        return {"start_trays": trays, "start_tiles": tiles, "start_bonus": bonus, "senate_bonus": list(self._senate)}

    def first_missing(self) -> tuple[int, int] | None:
        """(seat, blank) of the first empty blank, or None when everything is entered (a senate
        blank comes with seat 0: it is on every player's page)."""
        if not self._values:
            return None
        return next(((s, b) for s, b in self._order(0, -1) if not self._value(s, b)), None)

    # -- words and rows ---------------------------------------------------------------------------

    def relabel(self) -> None:
        seat = int(self.seat)
        self.complete = bool(self._values) and self.first_missing() is None
        if not self._values:
            self.tabs, self.markers, self.tiles, self.bonus, self.options, self.prompt = [], [], [], [], [], ""
            self.senate = []
            return
        row = self._values[seat]
        self.tabs = [self._tab(s) for s in range(len(self._values))]
        self.markers = [self._marker(row, i) for i in range(MARKERS)]
        self.tiles = [self._tile(row, s) for s in range(len(START_SLOTS))]
        self.bonus = [{"wid": "trajan.setup.draws.bonus", "focused": self.cursor == BONUS,
                       "text": _("Bonus tile: {tile}").format(tile=names.bonus_tile(row[BONUS]) if row[BONUS] else "—")}]
        self.senate = [{"wid": f"trajan.setup.draws.senate.{i}", "focused": self.cursor == SENATE + i,
                        "text": _("Beside the senate: {tile}").format(
                            tile=names.bonus_tile(tile) if tile else "—")}
                       for i, tile in enumerate(self._senate)]
        self.options = self._options()
        self.prompt = self._prompt(row)

    def _name(self, seat: int) -> str:
        return self._names[seat] if 0 <= seat < len(self._names) else ""

    def _tab(self, seat: int) -> dict[str, Any]:
        colour = self._colours[seat] if seat < len(self._colours) else "grey"
        done = self.is_seat_done(seat)
        mark = "  ✓" if done else ""
        return {"wid": f"trajan.setup.draws.seat.{seat}", "done": done, "selected": seat == self.seat,
                "markup": f"[color={names.COLOUR_HEX.get(colour, '8B95A3')}]●[/color] {_escape(self._name(seat))}{mark}"}

    def _marker(self, row: Sequence[str], index: int) -> dict[str, Any]:
        colour = row[index]
        return {"wid": f"trajan.setup.draws.marker.{index // 2}.{index % 2}", "colour": colour,
                "text": names.colour(colour) if colour else "—", "focused": self.cursor == index}

    def _tile(self, row: Sequence[str], slot: int) -> dict[str, Any]:
        start = MARKERS + slot * TILE_PARTS
        kind, c1, c2 = row[start:start + TILE_PARTS]
        dots = " ".join(_dot(c) for c in (c1, c2))
        text = f"[b]{START_SLOTS[slot]}[/b]  {_escape(names.trajan_tile(kind)) if kind else '—'}  {dots}"
        return {"wid": f"trajan.setup.draws.slot.{slot}", "markup": text,
                "focused": start <= self.cursor < start + TILE_PARTS}

    def _options(self) -> list[dict[str, Any]]:
        if not self._values or self.cursor < 0:
            return []
        seat, blank = int(self.seat), int(self.cursor)
        row = self._values[seat]
        kind = blank_kind(blank)
        if kind in ("bonus", "senate"):
            return self._bonus_options(seat, blank)
        if kind == "marker":
            placed = [c for i, c in enumerate(row[:MARKERS]) if i != blank]
            return [{"wid": f"trajan.setup.draws.colour.{c}", "text": names.colour(c), "value": c, "colour": c,
                     "enabled": placed.count(c) < MARKERS_PER_COLOUR, "selected": row[blank] == c}
                    for c in MARKER_COLOURS]
        if kind == "tile_colour":
            return [{"wid": f"trajan.setup.draws.colour.{c}", "text": names.colour(c), "value": c, "colour": c,
                     "enabled": True, "selected": row[blank] == c} for c in MARKER_COLOURS]
        if kind == "tile":
            return [{"wid": f"trajan.setup.draws.tile.{k}", "text": names.trajan_tile(k), "value": k, "colour": "",
                     "enabled": True, "selected": row[blank] == k} for k in TILE_KINDS]
        return []

    def _bonus_options(self, seat: int, blank: int) -> list[dict[str, Any]]:
        """Trajan 1.11: one tile of each, so a tile another blank holds (a player's or the
        senate's) is not offered."""
        current = self._value(seat, blank)
        taken = {r[BONUS] for s, r in enumerate(self._values) if (s, BONUS) != (seat, blank)}
        taken |= {t for i, t in enumerate(self._senate) if SENATE + i != blank}
        return [{"wid": f"trajan.setup.draws.bonus.{b}", "text": names.bonus_tile(b), "value": b, "colour": "",
                 "enabled": b not in taken, "selected": current == b} for b in BONUS_TILES]

    def _prompt(self, row: Sequence[str]) -> str:
        name, blank = self._name(int(self.seat)), int(self.cursor)
        if blank < 0:
            return _("Everything the table drew is entered: Start.")
        kind = blank_kind(blank)
        if kind == "marker":
            return _("{name}: tray {tray}, marker {n} of 2").format(
                name=name, tray=names.TRAY_NUMERALS[blank // 2], n=blank % 2 + 1)
        if kind in ("tile", "tile_colour"):
            slot, part = divmod(blank - MARKERS, TILE_PARTS)
            if kind == "tile":
                return _("{name}: the Trajan tile on slot {slot}").format(name=name, slot=START_SLOTS[slot])
            return _("{name}: slot {slot} tile, colour {n} of 2").format(name=name, slot=START_SLOTS[slot], n=part)
        if kind == "bonus":
            return _("{name}: the bonus tile drawn").format(name=name)
        return _("Beside the senate: bonus tile {n} of 2").format(n=blank - SENATE + 1)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def _dot(colour: str) -> str:
    if not colour:
        return "[color=5A6472]○[/color]"
    return f"[color={names.COLOUR_HEX.get(colour, '8B95A3')}]●[/color]"
