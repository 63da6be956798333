"""The app's devices, wired: which pads and displays open (real or their twins), and what each
seat's private display shows. No Kivy here (the window side is `companion.ui.pad_panels`), so the
wiring and the seat screens are tested without a window.

    pad_screens   pad_screen(seat_view, seat, …) -> PadScreen: what a seat's OLED shows (pure)
    pads          plan_pads / open_pad_devices / PadDevices: the pads of `[devices.pads]`, opened
    seat_feed     SeatScreens: after each session update, every pad's screen to its display
"""
