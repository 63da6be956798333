"""What the small displays show: pure maps from a seat's view to its pad OLED's screen
(`hardware.handheld.screen.PadScreen`) and from the table's public view to the status display's
(`hardware.status_display.screen.StatusScreen`). No device, no Kivy, no catalog (words come in
translated), and no game named: what the views' shapes share is here; what a game shows of its own
is its presenter, in its UI folder.

    view_fields     the few fields every view shares, read defensively
    pad_screens     PadWords, and the pad screens by shape: a sealed bid, a score, a menu
    status_screens  StatusWords, and the status lines by shape: a sealed round, the leader
"""
