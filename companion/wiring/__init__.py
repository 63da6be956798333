"""The composition root's device wiring: which pads, status display and dice scanner open (real or
their simulated twins), and how the session's views reach them. Imported only by `companion.cli`
and by what the CLI hands the app (a plan's `open`), so exactly one place chooses real or
simulated (DESIGN, "Style we aim for"). No Kivy here: the window side is `companion.ui`, and what
the small displays show is `companion.presenters`.

    pad_plan      plan_pads -> PadPlan: real or simulated pads, decided before the window opens
    pads          open_pad_devices -> PadDevices: the pads of a plan, opened (buttons, OLEDs, twins)
    seat_feed     SeatScreens: after each session update, every pad's screen to its display
    status        plan_status -> StatusPlan, StatusFeed: the table status display, opened and fed
    scanner_plan  plan_scanner -> ScannerPlan: the real dice scanner or its twin
    scanner       open_scanner -> ScannerDevice, last_scanner_read: the scanner's reader, started
"""
