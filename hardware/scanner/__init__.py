"""The dice scanner: a USB-serial tray that reads dice and speaks a line protocol
(firmware_tools/PROTOCOL.md), its reader for the app, and its simulated twin.

Modules, one job each (nothing is imported eagerly; the codec needs only the standard library):

    codec      Hello, DiceFrame, Die, Heartbeat, DeviceError, HelloRequest, ResendRequest;
               parse_frame / format_frame, crc16, FrameError (ChecksumError, MalformedFrame,
               UnknownFrameType): the protocol's reference implementation (pure)
    framer     Framer, FrameDecoder: bytes → lines → frames, resynchronising after noise (pure)
    tracker    SequenceTracker: repeats, gaps, restarts, which settled frame is a new roll (pure)
    port       open_port, open_error_reason, explain_open_error: a pyserial URL opened,
               failures as a reason and in words
    reader     ScannerReader: the adapter thread (reconnect, watchdog, facts)
    twin       ScannerTwin, DieSpec, parse_dice: the device's behaviour, simulated (pure)
    faults     FaultInjector, FaultRates: damage on the wire, random or exactly once
    ptyhost    PtyScanner: the twin on a pseudo-terminal, with a stable symlink
    script     the simulator's command language (files, the prompt, run_command)
    simulated  open_simulated_scanner: twin + reader, for the app's "simulated" mode

Facts reported (hardware.facts): DiceLive(seq, ((colour, face, state), ...), boot) for every new
frame, DiceRead(seq, ((colour, face), ...), boot) once per completely settled roll, and
ScannerStatus(state, detail, ..., reason). docs/scanner.md is the maker's and the app's guide.
"""
