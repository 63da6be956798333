"""Handheld pads: each seat's three buttons (− / + / OK) and its optional private 128×64 OLED.

Modules, one job each (import what you need from them; nothing here is imported eagerly, so the
keyboard twin does not pull in gpiozero and the renderer does not pull in threads):

    keylogic   PadTimings, PadLogic: debounce, hold-to-repeat with acceleration, long press (pure)
    clock      ThreadScheduler (the app), ManualScheduler (tests): wake pads at their deadlines
    presses    SeatPresses: one seat's PadLogic made thread-safe, reporting ButtonPressed facts
    buttons    Pad, PadPins, PadPinError: the GPIO pad (gpiozero Buttons, pin_factory injectable)
    keyboard   KeyboardPads, KeyMap, SeatKeys, DEFAULT_SEAT_KEYS: the pads' keyboard twin
    screen     PadScreen: what a seat's OLED shows
    render     render(screen) -> PIL image (128×64, mode "1"): pure
    oled       PadDisplay, OledTarget, Tca9548a, open_luma_oled, open_pad_displays: the display adapter
    twins      SimulatedOled, write_png_atomically, png_path: the OLED's panel / PNG twin
    writer     DisplayWriter: shows screens from a background thread (I2C is slow)

Facts reported (hardware.facts): ButtonPressed(pad, "minus" | "plus" | "ok" | "ok_long") and
DeviceStatus("pad N OLED", "missing" | "failed" | "ok", detail, pad). docs/hardware.md has the
wiring and the keyboard keys.
"""
