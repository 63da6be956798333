"""What the small displays show: pure maps from a seat's view to its pad OLED's screen (`PadScreen`)
and from the table's public view to the status display's (`StatusScreen`). No device, no Kivy, no
catalog (words come in translated), and no game named: what the views' shapes share is here; what
a game shows of its own is its presenter, in its UI folder (`GameUI.presenter_class`).

    game            GamePresenter (every hook, by-shape defaults), Presenters, and the entry points
                    pad_screen(view, seat, …, presenters) and status_screen(table, words, presenters)
    pad_screens     PadWords, and the pad screens by shape: a sealed bid, a score, a menu
    status_screens  StatusWords, and the status screens by shape: a title and round, a sealed
                    round's state, the leader, a time track of seasons and rounds
    view_fields     the few fields every view shares, read defensively
    screens         PadScreen, StatusScreen: hardware's screen values, re-exported for presenters
"""
