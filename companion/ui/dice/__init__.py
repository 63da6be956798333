"""The dice tray at the table: a panel showing what the scanner sees, plainly saying whether a throw
counted, with entry by hand always at hand; its stand-alone screen (home → Dice tray); and the app's
side of the scanner (opened after the first frame, closed on stop).

    words          every text the panel shows, from public data (no Kivy)
    model          DiceTrayViewModel, ManualEntryModel: what the panel shows, as Kivy properties
    controller     DiceUI (`app.dice`): the view-models and the actions the panel calls
    dieface        DieFace / DieGlyph: one die drawn big, with its stability mark
    panel          DiceTrayPanel: the reusable panel (Troyes' screens will embed it)
    screen         the stand-alone screen: the panel, Home, History, Undo, Roll (simulated)
    scanner_hook   ScannerHook: opens the planned scanner with the journal's last read

Nothing here imports `companion.games`: the panel reads `TableView`s (the dice tray's public view,
the scanner's status and the live dice frame, all public: dice lie open on the table).
"""
