"""Button colours the table's panes share, by what a button is."""

from __future__ import annotations

from companion.ui.widgets import theme

#: A bonus action, the consul's bonus tiles, a tray that ends the round.
AMBER = theme.hex_rgba("#6B4A12")
#: An extra action, the +2 marker.
VIOLET = theme.hex_rgba("#4B3B78")
#: The choice grid's buttons by their row's `kind`.
BY_KIND = {"action": theme.ACCENT, "bonus": AMBER, "extra": VIOLET, "plus2": VIOLET, "pass": theme.NEUTRAL,
           "reveal": theme.ACCENT}
