"""The choices pane (`panels.choices`): the turn's choices as a grid of buttons coloured by kind
(an action blue, a bonus amber, an extra action violet), beside it the construction site's grid
when a worker may go there, and End turn when the turn may end; what the table turns up (a
demand, the senate's tiles) as the same grid of bigger buttons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.ui.widgets import theme
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panes.colours import BY_KIND
from companion.ui.trajan.panes.layout import ReservesButtons, running_app


class ChoicesPane(ReservesButtons, BoxLayout):
    #: Buttons each grid makes ahead, while the table is idle: the most a turn shows (the forum of
    #: a table drawing by hand: 17 forum tiles, 6 for the yellow spaces and Pass; 20 building spaces).
    RESERVED = {"choice_grid": 24, "site_grid": 20}

    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        vm = app.trajan_vm
        # The turn's choices scroll rather than shrink below the reading size: a table naming the
        # tile it found (up to 24 of them and Cancel) gets rows of readable buttons to scroll.
        self.choice_grid = tw.ButtonGrid(cols=3, spacing=6 * app.scale, row_height=50 * app.scale,
                                         font=theme.READ * app.scale, least_font=theme.READ * app.scale,
                                         size_hint_y=None)
        self.choice_grid.on_choose = vm.press
        self.choice_scroll = ScrollView(do_scroll_x=False, do_scroll_y=False, bar_width=6 * app.scale,
                                        scroll_type=["bars", "content"])
        self.choice_scroll.add_widget(self.choice_grid)
        self.choice_scroll.bind(size=lambda *_: self._fit_grid())
        self.ids.choices_holder.add_widget(self.choice_scroll)
        self.site_grid = tw.ButtonGrid(cols=5, spacing=4 * app.scale, row_height=48 * app.scale, font=theme.READ * app.scale,
                                       fixed_cols=5)
        self.site_grid.on_choose = vm.press
        self.ids.site_holder.add_widget(self.site_grid)
        vm.choices.bind(rows=lambda *_: self.update(), site=lambda *_: self.update())
        self.update()

    def update(self) -> None:
        app = running_app()
        vm = app.trajan_vm
        rows = []
        for c in vm.choices.rows:
            text = (c["markup"] + " " + c["text"]) if c.get("markup") else c["text"]
            rows.append({**c, "text": text, "markup_on": bool(c.get("markup")), "bg": BY_KIND.get(c["kind"], theme.NEUTRAL),
                         "font": (24 if c["kind"] == "reveal" else theme.READ) * app.scale})
        site = [{**c, "markup_on": bool(c.get("markup")), "bg": BY_KIND.get(c["kind"], theme.PANEL_HI),
                 "font": theme.READ * app.scale} for c in vm.choices.site]
        holder, others = self.ids.site_holder, self.ids.choices_holder
        split = (1 if site else None, 0, 1 if site else 0, None if site else 1,
                 (140 if not app.portrait else 160) * app.scale if site else 100)
        if split != (holder.size_hint_x, holder.width, holder.opacity, others.size_hint_x, others.width):
            holder.size_hint_x, holder.width, holder.opacity, others.size_hint_x, others.width = split
            # The pane is laid out now, so both grids have their final size before their buttons
            # get their texts: each text is then laid out once, not again at every size on the way.
            # (The same split as before: the grids keep their size, nothing to lay out.)
            for box in (self, others, holder):
                box.do_layout()
        self.choice_grid.row_height = (90 if vm.entry == "reveal" else 50) * app.scale
        self.choice_grid.show(rows)
        self._fit_grid()
        self.site_grid.show(site)

    def _fit_grid(self) -> None:
        """The choices as high as the pane, or higher (then they scroll, from the top)."""
        scroll, grid = self.choice_scroll, self.choice_grid
        height = grid.needed_height(scroll.width, scroll.height)
        if abs(grid.height - height) > 0.5:
            grid.height = height
        scrolls = height > scroll.height + 1
        if scroll.do_scroll_y != scrolls:
            scroll.do_scroll_y = scrolls  # a grid that fits takes a tap at once, as before
            scroll.scroll_y = 1
            # room for the scroll bar beside the last column, not over its buttons
            grid.padding = (0, 0, scroll.bar_width + 4 * running_app().scale if scrolls else 0, 0)


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
