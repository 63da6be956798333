"""The dice tray: the scanner's own program, for a Raspberry Pi Zero 2 W with a camera in a box,
appearing to the table's Pi as a USB serial device (gadget mode) and speaking
firmware_tools/PROTOCOL.md. docs/scanner-build.md is the maker's guide.

Modules, one job each (OpenCV and numpy are the `tray` extra; picamera2 only on the Zero, imported
when the camera is opened):

    colours    the colour table: what red, white, yellow, black (and any colour a table adds) look
               like, the tray floor, the die size; load/save as JSON (written by `tray calibrate`)
    vision     one image -> the dice in it (colour, face, flat / cocked / unreadable, where)
    settle     the settle tracker: dice over frames -> settled / rolling states (debounced)
    firmware   the protocol side: hello, dice frames when the tray changes, heartbeats, R and Q,
               error reports (pure given `now`)
    sources    frame sources: the Pi camera, a directory of images, any iterator (tests)
    runner     the loop: source -> vision -> settle -> firmware -> a serial device or a pty
    synth      generated test images of dice with their labels (tests and the benchmark)
    calibrate  colour samples from one throw of known dice

Run `python -m firmware_tools.tray --help`.
"""
