"""The Trajan table's view-models, one per panel of the screen: the time track, the demands and
the senate, the players, the trays, light mode, the choices, the tiles the table drew or found,
the seaport's card composer, the season summary, the final table and the board.

Each is a small Kivy `EventDispatcher`, refreshed from the public view alone (no window needed);
`companion.ui.trajan.viewmodels.TrajanTableViewModel` composes them, refreshes them in one order
after every fact, and holds what is the table's own (phase, the entry offered, the notice, undo).
The panels that post a step do it through the table (`host.TableHost`). Each panel's widgets are
the pane of the same name in `companion.ui.trajan.panes`.
"""
