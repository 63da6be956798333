"""The table status display: an optional 128×64 OLED beside the board showing the game's season, round
and time track, so the table can read them without looking at the touchscreen.

Split as luma suggests, *what to draw* from *where*:

    screen    StatusScreen: season, round and the time track as plain values (words already translated)
    render    render(screen) -> 128×64 1-bit PIL image: pure, the same for the real display and its twin
    display   StatusDisplay: hands images to a luma device (SSD1306/SH1106 on I2C, or the PNG twin);
              a failing device is reported as DeviceStatus("status display", ...), never raised

The app builds a `StatusScreen` from the public view after each session update and calls
`StatusDisplay.show(screen)`, best from a `hardware.handheld.writer.DisplayWriter` thread (a frame
is ~23 ms of I2C). docs/kiosk.md has the wiring into the app. Nothing is imported eagerly.
"""
