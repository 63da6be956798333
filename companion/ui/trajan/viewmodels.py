"""Trajan table view-model: what the table screen shows, as Kivy properties, and what a tap
posts. Pure: fed `TableView`s (public views) only, no window needed.

It composes one small view-model per panel (`companion.ui.trajan.panels`), refreshes them in one
order after every fact, and keeps what is the table's own: the phase, which input the screen
offers now and its prompt, the notice line, undo and redo, and the taps that post the view's
`choices`. The table is generic over the rules: its buttons are the view's `choices` (every legal
intent now), labelled by `format.choice_label`; the trays show the view's `previews`.

Every tap, Undo and Redo is posted with `automatic=True`: the session then takes the steps the
rules leave no choice about, as it does for a handheld pad (one policy, the game's `flow`): the
turn ends by itself once nothing is left to choose, a tray tap whose target tray offers one action
besides Pass takes it (a Senate turn is one tap), and Undo and Redo step over the states those
steps pass through. This view-model only words what happened ("Senate taken, the only action
there. Undo to pass instead.", whichever device played) and opens the tile entry when a Trajan
action waits for the tile the table drew (by the view's `ask`, never by a refusal's words).
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.text.i18n import ASIDE, _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names
from companion.ui.trajan.panels.board import BoardViewModel
from companion.ui.trajan.panels.cards import CardsViewModel
from companion.ui.trajan.panels.choices import ChoicesViewModel
from companion.ui.trajan.panels.demands import DemandsViewModel
from companion.ui.trajan.panels.drawn_tile import DrawnTileViewModel
from companion.ui.trajan.panels.final import FinalTableViewModel
from companion.ui.trajan.panels.found_tile import FoundTileViewModel
from companion.ui.trajan.panels.host import Post
from companion.ui.trajan.panels.light import LightModeViewModel
from companion.ui.trajan.markup import seat_name
from companion.ui.trajan.panels.notice import SoleAction, notice_words, sole_action_taken
from companion.ui.trajan.panels.players import PlayersViewModel
from companion.ui.trajan.panels.summary import SummaryViewModel
from companion.ui.trajan.panels.time_track import TimeTrackViewModel
from companion.ui.trajan.panels.trays import TraysViewModel


class TrajanTableViewModel(EventDispatcher):
    """Everything the Trajan table screen shows, refreshed from each `TableView`.

    `entry` says which input the screen offers now: "trays" (full mode, before a pick-up), "light"
    (light mode, before the markers move), "choices" (the action, bonus and extra actions, end of
    turn), "reveal" (the table turns up a demand, or draws the senate's bonus tiles at a season's
    refill: the same grid of big buttons, one per thing it may have drawn), "consul" (the season
    summary and the bonus tiles), "over" (the final breakdown), or "" (no Trajan game).
    """

    active = BooleanProperty(False)
    phase = StringProperty("")
    mode = StringProperty("full")
    entry = StringProperty("")
    step = NumericProperty(0)
    prompt = StringProperty("")  # above the input: whose move, and what it asks
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")

    def __init__(self, post: Post | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post: Post = post or (lambda intent: None)
        self._table: TableView | None = None
        self._view: Mapping[str, Any] = {}
        self._choices: list[Mapping[str, Any]] = []
        self._sole_action: SoleAction | None = None  # the tray's only action a pick-up took by itself
        self.time_track = TimeTrackViewModel()
        self.demands = DemandsViewModel()
        self.players = PlayersViewModel()
        self.trays = TraysViewModel()
        self.light = LightModeViewModel(self)
        self.choices = ChoicesViewModel()
        self.found_tile = FoundTileViewModel(self)
        self.drawn_tile = DrawnTileViewModel(self)
        self.cards = CardsViewModel(self)
        self.summary = SummaryViewModel(self)
        self.final = FinalTableViewModel()
        self.board = BoardViewModel()

    # -- refreshing ---------------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self._table = table
        view: Mapping[str, Any] = table.view or {}
        self.active = table.game == "trajan" and view.get("phase") not in (None, "setup")
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.step = table.step
        self._sole_action = sole_action_taken(table) or self._sole_action
        self.notice_text, self.notice_rule, self.notice_level = notice_words(table, self._sole_action)
        if not self.active:
            self._view, self._choices = {}, []
            self.entry = ""
            return
        self._view = view
        self._choices = list(view.get("choices", ()))
        self.trays.remember(view)
        self.phase = str(view["phase"])
        self.mode = str(view.get("mode", "full"))
        self.time_track.update(view)
        self.demands.update(view)
        self.players.update(view)
        self.found_tile.sync(table)
        self._entry(view)
        self.summary.update(view)
        self.final.know_categories(view)
        if self.phase == "over":
            self.final.update(view)
            self.board.is_open = False
        if self.board.is_open:
            self.board.update(view)
        if self.entry != "choices":
            self.drawn_tile.close()
            self.cards.close()
        else:
            self.drawn_tile.open_if_asked(table)

    def relabel(self) -> None:
        if self._table is not None:
            self.update(self._table)
        self.cards.relabel()

    @property
    def view(self) -> Mapping[str, Any]:
        return self._view

    # -- the input area -------------------------------------------------------------------------------

    def _entry(self, view: Mapping[str, Any]) -> None:
        """Which input the screen offers now, its prompt, and the panels' buttons for it."""
        entry = self._entry_kind(view)
        cursor = self._pad_cursor(view)
        self.prompt = self._prompt(entry, view)
        self.trays.update(view, self._choices, cursor, shown=entry == "trays")
        found = self.found_tile.rows(view) if entry == "choices" and self.found_tile.entry else None
        self.choices.update(view, self._choices, entry, cursor, found)
        self.light.update(view, shown=entry == "light")
        self.entry = entry

    def _entry_kind(self, view: Mapping[str, Any]) -> str:
        phase = view["phase"]
        if phase in ("over", "consul", "reveal"):
            return str(phase)
        if phase == "bonus_draw":
            return "reveal"
        if view.get("turn", {}).get("tray") is None:
            return "trays" if self.mode == "full" else "light"
        return "choices"

    def _prompt(self, entry: str, view: Mapping[str, Any]) -> str:
        name = seat_name(view, view.get("current"))
        turn = view.get("turn", {})
        if entry == "reveal" and view["phase"] == "reveal":
            return _("Turn up the next demand tile and tap what it shows.")
        if entry == "reveal":
            return (_("Draw 2 bonus tiles for the senate and tap them.") if not view.get("senate_bonus")
                    else _("Draw one more bonus tile for the senate and tap it."))
        if entry == "trays":
            return _("{name}: pick up a tray").format(name=name)
        if entry == "light":
            return _("{name}: how many markers, and which action?").format(name=name)
        if entry != "choices":
            return ""
        if self.found_tile.entry:
            return self.found_tile.prompt(name)
        if "place_plus2" in turn.get("pending", ()):
            return _("{name}: put the +2 marker beside an action").format(name=name)
        if not turn.get("acted"):
            target = names.action(tfmt._action_of_tray(turn.get("tray")))
            prompt, note = _("{name}: {action}").format(name=name, action=target), self.trays.landing_note()
            return _(ASIDE).format(text=prompt, aside=note) if note else prompt
        return _("{name}: bonus or extra actions, or end the turn").format(name=name)

    def _pad_cursor(self, view: Mapping[str, Any]) -> int:
        """The choice the mover's handheld pad highlights (its menu is the view's `choices`), or -1.
        Pads have a menu only on a turn and for the consul (`pad_choices`): while the table enters a
        demand or the senate's tiles no pad points at anything."""
        cursors = getattr(self._table, "pad_cursor", None) or {}
        if view.get("phase") not in ("turn", "consul"):
            return -1
        seat = view.get("consul") if view.get("phase") == "consul" else view.get("current")
        if seat in cursors and self._choices:
            return int(cursors[seat]) % len(self._choices)
        return -1

    def bonus_choices(self) -> list[dict[str, Any]]:
        """The consul's choice of the senate's bonus tiles, as buttons."""
        cursor = self._pad_cursor(self._view) if self._view else -1
        return [{"index": i, "wid": tfmt.choice_wid(c), "text": tfmt.choice_label(c), "selected": cursor >= 0 and i == cursor}
                for i, c in enumerate(self._choices) if c["name"] == "choose_bonus"]

    # -- taps ------------------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """Posts `view["choices"][index]`; the session takes what follows by itself."""
        if not 0 <= index < len(self._choices):
            return
        intent = self._choices[index]
        if intent["name"] == "sow":
            self.trays.picked_up(int(intent["args"]["tray"]))
        self.play(intent)

    def play(self, intent: Mapping[str, Any]) -> None:
        """Posts a player's step with the automatic steps after it (see the module docstring). A
        Trajan action waiting for the tile the table drew opens the tile entry in `update`."""
        self.post(Intent(str(intent["name"]), dict(intent["args"]), automatic=True))

    def press(self, row: Mapping[str, Any]) -> None:
        """A choice button was tapped: post its intent, or open the card composer it stands for."""
        if row.get("compose"):
            self.cards.open(str(row["compose"]))
        elif row.get("found"):
            self.found_tile.name(row["found"])
        elif row.get("found_cancel"):
            self.cancel_found_tile()
        else:
            self.choose(int(row["index"]))

    def cancel_found_tile(self) -> None:
        """The table would rather not name the tile it found: the turn's own choices again."""
        self.found_tile.close()
        self.drop_refusal()
        if self._view:
            self._entry(self._view)

    def drop_refusal(self) -> None:
        """A refusal shown for an entry the player just cancelled (a shipment the ship does not
        take, the question which tile lay there) no longer applies to what they do next: cleared
        here, as the next step would."""
        if self.notice_level == "refused":
            self.notice_text = self.notice_rule = self.notice_level = ""

    def end_turn(self) -> None:
        self.play({"name": "end_turn", "args": {}})

    def undo(self) -> None:
        """One tap takes back one thing a player did: the steps the app took by itself after it
        (an automatic end of turn …) go back with it (the session steps over them)."""
        self.post(Intent("undo", automatic=True))

    def redo(self) -> None:
        """Puts back what the last Undo took, automatic steps included."""
        self.post(Intent("redo", automatic=True))

    # -- what the content area shows: the table, the last season's summary or the board ------------

    def open_report(self) -> None:
        if self.summary.has_report:
            self.summary.report_open = True
            self.board.is_open = False

    def toggle_board(self) -> None:
        self.board.is_open = not self.board.is_open and self.active and self.phase != "over"
        if self.board.is_open:
            self.summary.report_open = False
            self.board.update(self._view)

    def prepare_board(self) -> None:
        """The board's sections as the table is now, while the board is closed: for the screen to
        make its widgets ahead (opening it then only relabels them)."""
        if self.active and not self.board.is_open and self._view:
            self.board.update(self._view)
