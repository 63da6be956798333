"""The dice tray panel's view-models: what it shows (live dice, totals, the scanner's status line,
whether the throw counted) and the entry by hand. Fed `TableView`s only (public by construction);
no window needed to test them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.session import Ask, Intent, TableView, dice_ask
from companion.ui.text import formatting as fmt
from companion.ui.dice import words
from companion.ui.text.i18n import _

GAME = "dicetray"
MAX_DRAFT = 32
"""The most dice one read holds (a scanner frame's limit, PROTOCOL.md); the rules say so too."""


class DiceTrayViewModel(EventDispatcher):
    """The panel's live side. `dice`: [{index, colour, face, state, mark}] — the live frame, or the
    newest read's dice when the tray's tally speaks for the tray (after a restart, or dice entered
    by hand since the frame); `totals`: per colour count and sum of those dice."""

    active = BooleanProperty(False)  # the dice tray is the open game
    title = StringProperty("")
    dice = ListProperty([])
    totals = ListProperty([])
    status_text = StringProperty("")
    status_kind = StringProperty(words.WAIT)
    verdict_text = StringProperty("")
    verdict_kind = StringProperty(words.IDLE)
    notice_text = StringProperty("")
    notice_level = StringProperty("")
    hint = StringProperty("")
    count = NumericProperty(0)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    finished = BooleanProperty(False)
    simulated = BooleanProperty(False)  # the scanner is the in-app twin: the screen offers a roll
    has_problem = BooleanProperty(False)  # a die to re-roll lies in the tray
    roll_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table: TableView | None = None
        self._last_number: int | None = None
        self._hand_over: tuple[str, int] | None = None  # the frame dice entered by hand superseded
        self._counted: set[tuple[str, int]] = set()
        self.live: Any = None  # the DiceLive shown, for `tap` (None: the newest read is shown)
        self.ask: Ask | None = None  # the table's ask for dice, which dice entered by hand answer
        self.relabel()

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self._table = table
        self.ask = dice_ask([table.ask, *table.asks])
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == GAME
        last = view.get("last") if self.active else None
        for read in (view.get("recent", ()) if self.active else ()):
            if read.get("source") == "scanner" and read.get("boot"):
                self._counted.add((str(read["boot"]), int(read["seq"])))
        number = int(last["number"]) if last else 0
        live = table.dice_live
        live_key = (live.boot, live.seq) if live is not None else ("", -1)
        if self._last_number is None:
            self._last_number = number  # first sight (start-up, a resumed tray): the frame is current
        elif number != self._last_number:
            # Dice entered by hand speak for the tray until the scanner sees something new.
            self._hand_over = live_key if last is not None and last.get("source") == "manual" else None
            self._last_number = number
        current = live is not None and live_key != self._hand_over
        self.count = int(view.get("count", 0)) if self.active else 0
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.finished = bool(table.finished)
        if current:
            shown = [(c, f, s) for c, f, s in live.dice]
            self.live = live
        else:
            shown = [(str(c), int(f), "settled") for c, f in (last or {}).get("dice", ())]
            self.live = None
        self.dice = [{"index": i, "colour": c, "face": f, "state": s, "mark": words.MARKS.get(s, "")}
                     for i, (c, f, s) in enumerate(shown)]
        self.has_problem = current and bool(live.problems)
        self._words(table, last, current)

    def _words(self, table: TableView, last: Mapping[str, Any] | None, current: bool) -> None:
        self.title = fmt.game_title(GAME)
        self.status_text, self.status_kind = words.scanner_line(table.scanner, bool(self.simulated))
        self.verdict_text, self.verdict_kind = words.verdict(
            table.dice_live, last, live_is_current=current, counted_keys=self._counted)
        self.totals = words.colour_totals((d["colour"], d["face"], d["state"]) for d in self.dice)
        text, rule = fmt.format_notice(table.notice)
        self.notice_text = text + (f"  ({rule})" if rule else "")
        self.notice_level = table.notice.level if table.notice else ""
        self.hint = (_("Game finished.") if self.finished else
                     _("Reads counted: {count}").format(count=int(self.count)))
        self.roll_text = _("Re-roll (simulated)") if self.has_problem else _("Roll (simulated)")

    def relabel(self) -> None:
        if self._table is not None:
            self.update(self._table)
        else:
            self.title = fmt.game_title(GAME)
            self.status_text, self.status_kind = words.scanner_line(None)
            self.verdict_text, self.verdict_kind = words.verdict(None, None)
            self.roll_text = _("Roll (simulated)")

    def set_simulated(self, simulated: bool) -> None:
        self.simulated = simulated
        self.relabel()

    def clear_notice(self) -> None:
        self.notice_text, self.notice_level = "", ""


class ManualEntryModel(EventDispatcher):
    """Entry by hand: tap a colour, then a face for each die of it (the colour stays chosen, so
    "red 3, red 5" is Red, 3, 5); ← takes the last die back; Count records them as one read.
    Tapping a die in the tray copies the tray's readable dice here and chooses that die's colour,
    so a cocked die is fixed with one more tap (its face)."""

    colour = StringProperty("red")
    draft = ListProperty([])  # [{colour, face}]
    colours = ListProperty([])  # [{colour, label}] for the colour buttons
    prompt = StringProperty("")
    can_count = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.relabel()

    def relabel(self) -> None:
        self.colours = [{"colour": c, "label": words.colour_label(c)} for c in words.ENTRY_COLOURS]
        self._show()

    def choose(self, colour: str) -> None:
        if colour in words.ENTRY_COLOURS:
            self.colour = colour
            self._show()

    def face(self, face: int) -> None:
        if 1 <= int(face) <= 6 and len(self.draft) < MAX_DRAFT:
            self.draft = [*self.draft, {"colour": self.colour, "face": int(face)}]
            self._show()

    def back(self) -> None:
        if self.draft:
            self.draft = self.draft[:-1]
            self._show()

    def clear(self) -> None:
        self.draft = []
        self._show()

    def take_tray(self, dice: Sequence[Mapping[str, Any]], index: int) -> None:
        """The tray's dice as a draft to correct: every readable die but the tapped one, whose
        colour is chosen so the next face tap puts it back with the right face."""
        keep = [{"colour": d["colour"], "face": int(d["face"])} for d in dice
                if d["index"] != index and d["state"] == "settled" and d["colour"] in words.ENTRY_COLOURS
                and int(d["face"]) > 0]
        self.draft = keep[:MAX_DRAFT]
        tapped = next((d for d in dice if d["index"] == index), None)
        if tapped is not None and tapped["colour"] in words.ENTRY_COLOURS:
            self.colour = tapped["colour"]
        self._show()

    def intent(self, ask: Ask | None) -> Intent | None:
        """The dice entered as the answer to `ask`, the table's ask for dice (its intent posted with
        them); without one, an `answer` the session refuses, saying nothing is asked."""
        if not self.draft:
            return None
        dice = [[d["colour"], int(d["face"])] for d in self.draft]
        if ask is None:
            return Intent("answer", {"value": dice})
        return Intent(*ask.answered(dice))

    def _show(self) -> None:
        self.can_count = bool(self.draft)
        if self.draft:
            self.prompt = words.dice_text((d["colour"], d["face"]) for d in self.draft)
        else:
            self.prompt = _("Tap a colour, then each die's face. Tap a die in the tray to correct it.")
