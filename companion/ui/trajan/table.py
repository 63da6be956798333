"""The Trajan table: always the time ring, season and round, demands, senate bonus tiles, every
player's VP, senate space and stack, demand tiles, whose turn; below, the input the view offers now
(trays with their previews, the action's choices, the demand to turn up). At a season's end the
summary and the consul's bonus tiles; at the end the final breakdown and the score chart.

Screens only show and post: every button is a row of `app.trajan_vm`'s panels, and a tap posts the
intent it carries. Each panel's widgets are a pane (`companion.ui.trajan.panes`, bound to its
view-model); this screen lays them out (table.kv), keeps exactly one content panel and one input
panel in the tree at a time (hidden widgets would eat touches), and makes ahead, while the table
is idle, what a later tap would otherwise make the first time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

# Each pane's module registers its widgets and loads its .kv: imported before table.kv uses them.
from companion.ui.trajan.panes import board, cards, choices, drawn_tile, final, light, players, summary, trays  # noqa: F401
from companion.ui.trajan.panes.layout import lay_out_unshown, running_app, show_only, strong

PANES = Path(__file__).with_name("panes")
for _kv_only in ("time_track", "demands"):  # panes with no Python of their own
    Builder.load_file(str(PANES / f"{_kv_only}.kv"))

ENTRY_PANELS = ("trays_panel", "light_panel", "choices_panel", "tile_panel", "cards_panel", "empty_panel")
CONTENT_PANELS = ("play_panel", "summary_panel", "final_panel", "board_panel")
#: The content panels laid out ahead while they are not shown.
UNSHOWN_PANELS = ("summary_panel", "final_panel", "board_panel")


class TrajanTableScreen(Screen):
    #: Its labels' new texts wait for the layouts above them (`KeepsTextures._waits_for_layout`):
    #: a season's end and the game's end lay 20-40 texts out once, not twice.
    texts_wait_for_layout = True

    def on_kv_post(self, base_widget: Any) -> None:
        vm = running_app().trajan_vm
        self._panels = {name: strong(self.ids[name]) for name in ENTRY_PANELS + CONTENT_PANELS}
        self.ids.content.bind(size=self._content_resized)
        choose = lambda *_: self.choose_panels()  # noqa: E731
        vm.bind(entry=choose, phase=choose)
        vm.summary.bind(report_open=choose)
        vm.drawn_tile.bind(entry=choose)
        vm.cards.bind(entry=choose)
        vm.board.bind(is_open=choose)
        vm.final.bind(details_open=choose)
        self.choose_panels()

    # -- which panels are in the tree -------------------------------------------------------------

    def choose_panels(self) -> None:
        vm = running_app().trajan_vm
        p = self._panels
        if vm.board.is_open:
            content = p["board_panel"]
        elif vm.phase == "over" and not vm.summary.report_open:
            content = p["final_panel"]
        elif vm.phase == "consul" or vm.summary.report_open:
            content = p["summary_panel"]
        else:
            content = p["play_panel"]
        show_only(self.ids.content, content, tuple(p[n] for n in CONTENT_PANELS))
        if vm.drawn_tile.entry:
            entry = p["tile_panel"]
        elif vm.cards.entry:
            entry = p["cards_panel"]
        elif vm.entry == "trays":
            entry = p["trays_panel"]
        elif vm.entry == "light":
            entry = p["light_panel"]
        elif vm.entry in ("choices", "reveal"):
            entry = p["choices_panel"]
        else:
            entry = p["empty_panel"]
        show_only(self.ids.entry, entry, tuple(p[n] for n in ENTRY_PANELS))
        p["final_panel"].show()
        p["summary_panel"].update_bonus()

    # -- made while the table is idle -------------------------------------------------------------

    def prepare_while_idle(self) -> None:
        """Makes, while the table is idle, what a later tap would otherwise make the first time it
        is needed (a season's end, a turn with many details, the game's end): a summary row per
        player, the grids' buttons (the panes' `RESERVED`) and the final score table, blank; and
        lays the summary and the final panel out at the size they will be shown at, so the texts
        they get then are laid out once. On this machine those first taps took 30-50 ms."""
        app = running_app()
        vm = app.trajan_vm
        p = self._panels
        seats = len(vm.players.rows)
        p["summary_panel"].prepare_rows(seats)
        p["choices_panel"].reserve()
        p["summary_panel"].reserve()
        if vm.phase != "over" and vm.final.categories:  # the table shown at the end is not replaced
            p["final_panel"].prepare(seats, list(vm.final.categories))
        self._lay_out_unshown_panels()
        app.when_idle(self._prepare_board)  # at the next idle moment: the work spread out

    def _prepare_board(self) -> None:
        """The board's sections made and laid out while it is closed, with the table as it is now:
        the first Board tap then relabels them (here 138 ms → ~35 ms, as a second opening)."""
        vm = running_app().trajan_vm
        if vm.board.is_open:
            return
        vm.prepare_board()
        lay_out_unshown(self._panels["board_panel"], self.ids.content)

    def _content_resized(self, *_args: Any) -> None:
        """The content area changed size (the window laid out, a profile, a notice of two lines
        above it): the panels not on screen are laid out again at the next idle moment, not within
        the tap that wrapped the notice (~60 of their labels: 8-17 ms of CPU here). A panel shown
        before then is laid out in the tree, as any."""
        running_app().when_idle(self._lay_out_unshown_panels)

    def _lay_out_unshown_panels(self, *_args: Any) -> None:
        """The summary, the final panel and the board, when not on screen, laid out at the content
        area's size: while idle, and again at the idle moment after that size changes."""
        for name in UNSHOWN_PANELS:
            lay_out_unshown(self._panels[name], self.ids.content)


SCREEN_CLASS = TrajanTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
