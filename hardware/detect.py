"""Small probes: is this device here, and can we use it? Each returns a `Probe` saying what was seen.

`companion doctor` runs them and applies the config (auto / real / simulated); the probes know
nothing about the config or about `companion`. They only look: a probe never changes a device's
state, except the I2C probe, which sends an empty write (as `i2cdetect` does) and, behind a
TCA9548A, selects the channel and closes it again.

Every probe takes `root` (default "/"), the prefix for /dev, /proc, /sys, /etc and /usr, so tests
build a fake tree in a temporary folder. What only real hardware can answer (an I2C address, opening
a serial port, importing lgpio, claiming a GPIO pin) goes through an injectable callable or object.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

FOUND, SIMULATED, MISSING, FAIL, OK, WARN, SKIP = "found", "simulated", "missing", "fail", "ok", "warn", "skip"
STATUSES = (FOUND, SIMULATED, MISSING, FAIL, OK, WARN, SKIP)

GPIO_CHIPS = ("dev/gpiochip0", "dev/gpiochip4")
"""A Pi 5 with an older kernel has the header on gpiochip4; everything else on gpiochip0."""

MUX_ADDRESS = 0x70
ABS_MT_POSITION_X, ABS_MT_POSITION_Y = 0x35, 0x36

CJK_FONTS = (
    "usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "usr/share/fonts/truetype/droid/DroidSansFallback.ttf",
)
CJK_FONT_NAMES = ("wqy-microhei.ttc", "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf",
                  "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf")
FONT_DIRS = ("usr/share/fonts", "usr/local/share/fonts")

FIX_GPIO_GROUP = "add yourself to the gpio group: sudo usermod -aG gpio $USER (then log in again)"
FIX_LGPIO = "install the Pi's GPIO library: .venv/bin/pip install -e '.[pi]' (or sudo apt-get install python3-lgpio)"
FIX_I2C_ENABLE = "enable I2C: sudo raspi-config nonint do_i2c 0 (then reboot)"
FIX_I2C_GROUP = "add yourself to the i2c group: sudo usermod -aG i2c $USER (then log in again)"
FIX_SERIAL_GROUP = "add yourself to the dialout group: sudo usermod -aG dialout $USER (then log in again)"
FIX_INPUT_GROUP = "add yourself to the input group: sudo usermod -aG input $USER (then log in again)"
FIX_VIDEO_GROUP = "add yourself to the video and render groups: sudo usermod -aG video,render $USER"
FIX_TOUCH = "connect the display's touch cable (DSI) or its USB cable (HDMI screens)"
FIX_FONT = "install a CJK font: sudo apt-get install fonts-wqy-microhei"
FIX_PIN_BUSY = ("if companion is running it holds its pins: stop it first (sudo systemctl stop companion, "
                "or on the desktop: systemctl --user stop companion-desktop); else see who has it: gpioinfo")
#: A missing device's detail (`said`: the doctor translates it, the path as it is).
SAY_NO_DEVICE = "no {device}"
SAY_UNPLUGGED = "no {device} (a symlink to nothing: the device was unplugged)"
FIX_PLUG_SCANNER = "plug in the scanner; check `ls -l {port}` and the udev rule in systemd/"
#: A device node that is there but not yours (`said`: the doctor translates it, the path as it is).
SAY_NOT_YOURS = "{device} present but not readable and writable by you"
SAY_NO_LGPIO = "{device} present, but the lgpio module is not installed"
#: Where an I2C device answers: its address on its bus, and the TCA9548A channel it sits behind.
SAY_ADDRESS = "{address} on {device}"
SAY_ADDRESS_MUX = "{address} on {device} (mux {mux} channel {channel})"
SAY_NOTHING_ANSWERS = "nothing answers at {where}"
SAY_NO_SMBUS = "{device} present; smbus2 not installed, so {address} was not checked"
SAY_BUS_UNUSABLE = "{device} cannot be used: {detail}"
FIX_I2C_OVERLAY = "add dtoverlay=i2c{bus} to /boot/firmware/config.txt and reboot (Pi 4 / 5)"
FIX_I2C_OTHER_BUS = "make I2C bus {bus} available (a dtoverlay in /boot/firmware/config.txt), or use bus 1"
FIX_I2C_WIRING = "check the wiring (VCC, GND, SDA, SCL) and the address: i2cdetect -y {bus}"
FIX_I2C_WIRING_MUX = ("check the wiring (VCC, GND, SDA, SCL) and the address: i2cdetect -y {bus} "
                      "(the TCA9548A must answer at {mux})")
#: A pad's pin by its button (an unknown key by its name).
SAY_PIN = {"minus": "GPIO {pin} (minus)", "plus": "GPIO {pin} (plus)", "ok": "GPIO {pin} (ok)"}
SAY_PIN_OTHER = "GPIO {pin} ({key})"
SAY_PIN_HELD = "{pin} cannot be claimed: {detail}"
SAY_PINS_PRESSED = "GPIO {pins} free, but {pressed} reads pressed with nobody pressing"
SAY_PINS_FREE = "GPIO {pins} free, none pressed"
#: The scanner's port and its hello.
SAY_PORTS_HERE = "USB serial ports here: {ports}"
FIX_NAME_SCANNER = ("if one is the scanner, name it {port}: sudo bash systemd/install.sh --scanner-id {usb_id} "
                    "(udevadm info --name=DEVICE shows which is which)")
SAY_NO_PYSERIAL = "{device} present; pyserial not installed, so it was not opened"
SAY_CANNOT_OPEN = "{device} cannot be opened: {detail}"
FIX_PORT_BUSY = "is another program using it? fuser {port}; unplug and plug in the scanner"
SAY_OPENS = "{device}, opens at {baud} baud"
SAY_NOT_INSTALLED = "not checked: {module} is not installed"
SAY_COULD_NOT_USE = "{device} could not be used: {detail}"
SAY_OTHER_PROTOCOL = "it speaks protocol {theirs}; this companion reads protocol {ours} (firmware {firmware})"
SAY_HELLO = "hello: firmware {firmware}, protocol {protocol}, boot {boot}, heartbeat {heartbeat} ms"
SAY_DAMAGED_LINE, SAY_DAMAGED_LINES = "{n} damaged line", "{n} damaged lines"
SAY_NOISE = "{n} bytes of noise"
SAY_NOT_OUR_PROTOCOL = "{device} answers, but not in companion's protocol ({what}, no hello)"
FIX_BAUD = ("check the baud rate (devices.scanner.baud is {baud}) and that this is the dice scanner: "
            "scanner-monitor {port} shows what it sends")
SAY_NO_HELLO_ANSWER = "{device} sends frames but did not answer the hello request"
FIX_FIRMWARE_Q = ("update the scanner's firmware: it must answer Q (firmware_tools/PROTOCOL.md); "
                  "scanner-check {port} lists what else it misses")
SAY_SILENT = "no answer from {device} to the hello request"
FIX_SILENT = "is it the dice scanner? unplug it and plug it in again; watch what it sends: scanner-monitor {port}"
#: The touchscreen, the display, the font, the data directory, the udev rules.
SAY_TOUCH_NOT_YOURS = "{name} at {device}, not readable by you"
SAY_TOUCH_AT = "{name} at {device}"
SAY_WAYLAND, SAY_X = "Wayland session {name}", "X session {name}"
SAY_CARDS_NOT_YOURS = "{device} present but not usable by you"
SAY_KMS = "KMS/DRM {device} (console)"
SAY_FONT_CONFIGURED = "{path} (from the config)"
SAY_FONT_GONE_USING = "the configured font {path} does not exist; using {fallback}"
SAY_FONT_GONE = "the configured font {path} does not exist; no other found"
SAY_NOT_A_FOLDER_AT = "{path}: {existing} is not a folder"
SAY_NOT_WRITABLE = "{path} is not writable: {detail}"
FIX_OWN = "make it yours: sudo chown -R $USER {path}"
SAY_CANNOT_CREATE = "{path} does not exist and {existing} is not writable"
FIX_CREATE = "create it: sudo install -d -o $USER {path}"
SAY_LITTLE_FREE = "{state}: {free} MB free, less than {least} MB"
SAY_NO_UDEV = "no {rules}: the scanner gets no /dev/dice-scanner name"
FIX_INSTALL = "install the kiosk's files: sudo bash systemd/install.sh (docs/kiosk.md)"
UDEV_RULES = "etc/udev/rules.d/70-companion.rules"


@dataclasses.dataclass(frozen=True)
class Probe:
    """What one check saw. `status`: "found" (device there and usable), "simulated" (its twin is
    used), "missing" (not there), "fail" (there but unusable, or a check that failed), "ok" (a
    non-device check passed). `fix` says what to do, when there is something to do.

    `required`: a "missing" or "fail" here means the app cannot run as configured (the doctor sets
    it for devices configured "real" and for the data directory and journals).
    """

    name: str
    status: str
    detail: str
    fix: str = ""
    required: bool = False
    #: `detail` and `fix` with a path or a number in them, as (English template, ((name, part), …)):
    #: `companion doctor` says the template in the table's language, each part too (a part may be
    #: such a pair itself); () : the text as it is (a plain sentence is translated by its msgid).
    said: tuple[Any, ...] = ()
    fix_said: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {self.status!r}")

    @property
    def is_problem(self) -> bool:
        """A failed check, or a required thing missing: `companion doctor` then exits 1.
        "warn" (works, but worth a look) and "skip" (not checked, and why) are not problems."""
        return self.status == FAIL or (self.required and self.status == MISSING)


def said(template: str, **parts: Any) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A `Probe.said` / `fix_said`: the template and its parts, for the doctor to translate."""
    return template, tuple(parts.items())


def saying(template: str, **parts: Any) -> dict[str, Any]:
    """The text and its `said`, as Probe's `detail` and `said` keyword arguments would take them."""
    return {"detail": template.format(**{k: _filled(v) for k, v in parts.items()}), "said": said(template, **parts)}


def fixing(template: str, **parts: Any) -> dict[str, Any]:
    """The fix and its `fix_said`, as Probe's `fix` and `fix_said` keyword arguments would take them."""
    return {"fix": _filled(said(template, **parts)), "fix_said": said(template, **parts)}


#: Two parts of one detail, one after the other ("2 games in …; 1 set aside earlier …"): the
#: doctor sets the separator as the table's language does.
SAY_THEN = "{first}; {rest}"


def said_in_turn(*parts: Any) -> Any:
    """Several parts of one detail (each text or a `said` pair) as one `said`, "a; b; c" in English."""
    first, *rest = parts
    return said(SAY_THEN, first=first, rest=said_in_turn(*rest)) if rest else first


#: Two of a list ("GPIO 17 (minus), GPIO 22 (ok)"): the doctor sets the list's separator.
SAY_ALSO = "{first}, {rest}"


def said_list(parts: Sequence[Any]) -> Any:
    """Several parts of one list (each text or a `said` pair) as one `said`, "a, b, c" in English."""
    first, *rest = parts
    return said(SAY_ALSO, first=first, rest=said_list(rest)) if rest else first


def saying_in_turn(*parts: Any) -> dict[str, Any]:
    """`saying` for several parts in turn (`said_in_turn`): the detail and its `said`."""
    whole = said_in_turn(*parts)
    return {"detail": _filled(whole), "said": whole if isinstance(whole, tuple) else ()}


def _filled(part: Any) -> str:
    return part[0].format(**{k: _filled(v) for k, v in part[1]}) if isinstance(part, tuple) else str(part)


def _under(root: str | os.PathLike[str], path: str) -> Path:
    return Path(root) / path.lstrip("/")


def _can_use(path: Path) -> bool:
    return os.access(path, os.R_OK | os.W_OK)


def has_module_installed(name: str) -> bool:
    """Is `name` importable (without importing it)?"""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


# -- GPIO -------------------------------------------------------------------------------------------


def probe_gpio(root: str | os.PathLike[str] = "/", has_module: Callable[[str], bool] = has_module_installed) -> Probe:
    """The header's GPIO chip (/dev/gpiochip0 or 4): present, readable and writable, and lgpio
    (gpiozero's backend on Bookworm) importable."""
    chips = [_under(root, chip) for chip in GPIO_CHIPS if _under(root, chip).exists()]
    if not chips:
        return Probe("gpio", MISSING, "no /dev/gpiochip0 or /dev/gpiochip4",
                     "run on a Raspberry Pi; elsewhere the pads are simulated (keyboard keys)")
    usable = [chip for chip in chips if _can_use(chip)]
    names = ", ".join("/" + str(chip.relative_to(root)) for chip in chips)
    if not usable:
        return Probe("gpio", FAIL, fix=FIX_GPIO_GROUP, **saying(SAY_NOT_YOURS, device=names))
    if not has_module("lgpio"):
        return Probe("gpio", FAIL, fix=FIX_LGPIO, **saying(SAY_NO_LGPIO, device=names))
    return Probe("gpio", FOUND, f"{names}, lgpio")


@contextlib.contextmanager
def lgpio_factory() -> Iterator[Any]:
    """gpiozero's lgpio pin factory, opened in a scratch working directory and closed after.

    lgpio makes a notification pipe (.lgd-nfy*) in the working directory when it is imported and
    fails when it cannot (gpiozero issue #1106): the doctor may be run from anywhere, `/` included.
    """
    previous = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch:
        os.chdir(scratch)
        try:
            from gpiozero.pins.lgpio import LGPIOFactory

            factory = LGPIOFactory()
            try:
                yield factory
            finally:
                factory.close()
        finally:
            os.chdir(previous)


def probe_pins(name: str, pins: Mapping[str, int], factory: Any) -> Probe:
    """Claims each pin as the pads do (input with the pull-up on) and lets it go again.

    "ok": every pin free and none pressed; "fail": a pin that cannot be claimed (another program,
    or a running companion, holds it; or it is no GPIO); "warn": a pin that reads pressed at rest
    (a button held, or a wire touching ground). `factory`: gpiozero's pin factory (lgpio on a Pi,
    `MockFactory` in tests).
    """
    # A DigitalInputDevice, not a Button: the same claim, without the hold thread a Button starts
    # (and waits ~50 ms for on close).
    from gpiozero import DigitalInputDevice

    numbers = "/".join(str(pin) for pin in pins.values())
    pressed = []
    for key, pin in pins.items():
        which = said(SAY_PIN[key], pin=pin) if key in SAY_PIN else said(SAY_PIN_OTHER, pin=pin, key=key)
        try:
            button = DigitalInputDevice(pin, pull_up=True, pin_factory=factory)
        except Exception as exc:  # GPIOPinInUse, lgpio.error("GPIO busy"), PinInvalidPin, ...
            return Probe(name, FAIL, fix=FIX_PIN_BUSY, **saying(SAY_PIN_HELD, pin=which, detail=exc))
        try:
            if button.is_active:  # pull-up: active means pulled low, as a pressed button is
                pressed.append(which)
        finally:
            button.close()
    if pressed:
        return Probe(name, WARN, fix="let go of the button; else look for a wire touching ground, or a stuck switch",
                     **saying(SAY_PINS_PRESSED, pins=numbers, pressed=said_list(pressed)))
    return Probe(name, OK, **saying(SAY_PINS_FREE, pins=numbers))


# -- I2C --------------------------------------------------------------------------------------------


def smbus_ping(device: str, address: int, mux_channel: int | None = None) -> bool:
    """Does `address` acknowledge on the I2C bus at `device`? An empty write, as `i2cdetect` does;
    behind a TCA9548A, open `mux_channel` first and close every channel after. Raises ImportError
    without smbus2 and OSError when the bus itself cannot be used."""
    from smbus2 import SMBus  # luma.core depends on it

    with SMBus(device) as bus:
        if mux_channel is not None:
            try:
                bus.write_byte(MUX_ADDRESS, 1 << mux_channel)
            except OSError:
                return False
        try:
            bus.write_quick(address)
            return True
        except OSError:
            return False
        finally:
            if mux_channel is not None:
                try:
                    bus.write_byte(MUX_ADDRESS, 0)
                except OSError:
                    pass


def probe_i2c(bus: int, address: int, mux_channel: int | None = None, *, name: str = "",
              root: str | os.PathLike[str] = "/",
              ping: Callable[[str, int, int | None], bool] = smbus_ping) -> Probe:
    """/dev/i2c-N present and usable, and a device answering at `address` (through the mux)."""
    name = name or f"i2c-{bus} 0x{address:02X}"
    device = _under(root, f"dev/i2c-{bus}")
    node, hex_address, mux = f"/dev/i2c-{bus}", f"0x{address:02X}", f"0x{MUX_ADDRESS:02X}"
    where = (said(SAY_ADDRESS, address=hex_address, device=node) if mux_channel is None else
             said(SAY_ADDRESS_MUX, address=hex_address, device=node, mux=mux, channel=mux_channel))
    if not device.exists():
        fix = (fixing(FIX_I2C_ENABLE) if bus == 1 else fixing(FIX_I2C_OVERLAY, bus=bus) if 3 <= bus <= 6
               else fixing(FIX_I2C_OTHER_BUS, bus=bus))
        return Probe(name, MISSING, **fix, **saying(SAY_NO_DEVICE, device=node))
    if not _can_use(device):
        return Probe(name, FAIL, fix=FIX_I2C_GROUP, **saying(SAY_NOT_YOURS, device=node))
    try:
        answered = ping(str(device), address, mux_channel)
    except ImportError:
        return Probe(name, FOUND, **saying(SAY_NO_SMBUS, device=node, address=hex_address))
    except OSError as exc:
        return Probe(name, FAIL, fix=FIX_I2C_GROUP, **saying(SAY_BUS_UNUSABLE, device=node, detail=exc.strerror or exc))
    if not answered:
        wiring = fixing(FIX_I2C_WIRING, bus=bus) if mux_channel is None else fixing(FIX_I2C_WIRING_MUX, bus=bus, mux=mux)
        return Probe(name, MISSING, **wiring, **saying(SAY_NOTHING_ANSWERS, where=where))
    return Probe(name, FOUND, _filled(where), said=where)


# -- serial -----------------------------------------------------------------------------------------


def serial_open(path: str, baud: int) -> None:
    """Opens and closes the port with pyserial; raises OSError (serial.SerialException is one)."""
    import serial

    serial.Serial(path, baud, timeout=0).close()


class SerialPort(NamedTuple):
    """A USB serial port present in /dev, with its USB vendor and product IDs when sysfs has them."""

    device: str
    usb_id: str | None


def usb_serial_ports(root: str | os.PathLike[str] = "/") -> list[SerialPort]:
    """/dev/ttyACM* and /dev/ttyUSB*, each with the "vvvv:pppp" of the USB device it belongs to:
    /sys/class/tty/NAME/device is the USB interface (ttyACM) or the port below it (ttyUSB); the
    first folder above it holding idVendor is the USB device."""
    ports = []
    dev = _under(root, "dev")
    for node in sorted([*dev.glob("ttyACM*"), *dev.glob("ttyUSB*")]):
        usb_id = None
        sys_device = _under(root, f"sys/class/tty/{node.name}/device")
        if sys_device.exists():
            here = Path(os.path.realpath(sys_device))
            for folder in (here, *list(here.parents)[:4]):
                try:
                    vendor = (folder / "idVendor").read_text().strip()
                    product = (folder / "idProduct").read_text().strip()
                except OSError:
                    continue
                usb_id = f"{vendor}:{product}"
                break
        ports.append(SerialPort(f"/dev/{node.name}", usb_id))
    return ports


def probe_serial(port: str, baud: int = 115200, *, name: str = "serial",
                 root: str | os.PathLike[str] = "/",
                 opener: Callable[[str, int], None] = serial_open) -> Probe:
    """The port (a udev symlink like /dev/dice-scanner, or /dev/ttyACM0) present and openable.
    When it is not there, the USB serial ports that are (and their IDs) are named: one of them is
    likely the scanner under another vendor:product than the udev rule expects."""
    path = _under(root, port)
    if not path.exists():
        missing = said(SAY_UNPLUGGED if path.is_symlink() else SAY_NO_DEVICE, device=port)
        others = [p for p in usb_serial_ports(root) if p.device != port]
        if others:
            seen = ", ".join(p.device + (f" (USB {p.usb_id})" if p.usb_id else "") for p in others)
            usb_id = next((p.usb_id for p in others if p.usb_id), "VVVV:PPPP")
            return Probe(name, MISSING, **saying_in_turn(missing, said(SAY_PORTS_HERE, ports=seen)),
                         **fixing(FIX_NAME_SCANNER, port=port, usb_id=usb_id))
        return Probe(name, MISSING, **fixing(FIX_PLUG_SCANNER, port=port), **saying_in_turn(missing))
    shown = port
    if path.is_symlink():
        shown = f"{port} -> {os.path.realpath(path).removeprefix(str(Path(root).absolute()).rstrip('/'))}"
    if not _can_use(path):
        return Probe(name, FAIL, fix=FIX_SERIAL_GROUP, **saying(SAY_NOT_YOURS, device=shown))
    try:
        opener(str(path), baud)
    except ImportError:
        return Probe(name, FOUND, **saying(SAY_NO_PYSERIAL, device=shown))
    except (OSError, ValueError) as exc:
        return Probe(name, FAIL, **saying(SAY_CANNOT_OPEN, device=shown, detail=exc), **fixing(FIX_PORT_BUSY, port=port))
    return Probe(name, FOUND, **saying(SAY_OPENS, device=shown, baud=baud))


def scanner_exchange(path: str, baud: int, timeout: float = 2.0) -> tuple[list[Any], int]:
    """Asks the scanner for its hello (a `Q` request) and listens until a hello comes or `timeout`
    runs out (the protocol promises an answer within 100 ms; the rest is for a board that resets
    when the port opens). Returns (frames and FrameErrors received, noise bytes). Raises OSError."""
    import time

    import serial

    from hardware.scanner.codec import Hello, HelloRequest, format_frame
    from hardware.scanner.framer import FrameDecoder

    decoder = FrameDecoder()
    received: list[Any] = []
    with serial.Serial(path, baud, timeout=0.05) as port:
        port.reset_input_buffer()
        port.write(format_frame(HelloRequest()))
        port.flush()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not any(isinstance(item, Hello) for item in received):
            received.extend(decoder.feed(port.read(256)))
    return received, decoder.counts.garbage_bytes


def probe_scanner_handshake(port: str, baud: int = 115200, *, name: str = "scanner handshake",
                            root: str | os.PathLike[str] = "/",
                            exchange: Callable[[str, int], tuple[list[Any], int]] = scanner_exchange) -> Probe:
    """Does the device on `port` speak companion's scanner protocol (firmware_tools/PROTOCOL.md)?
    It must answer a `Q` with a hello of the protocol version this companion reads."""
    from hardware.scanner.codec import PROTOCOL_VERSION, FrameError, Hello

    try:
        received, noise = exchange(str(_under(root, port)), baud)
    except ImportError as exc:
        return Probe(name, SKIP, **saying(SAY_NOT_INSTALLED, module=exc.name or exc))
    except (OSError, ValueError) as exc:
        return Probe(name, FAIL, **saying(SAY_COULD_NOT_USE, device=port, detail=exc), **fixing(FIX_PORT_BUSY, port=port))
    hellos = [item for item in received if isinstance(item, Hello)]
    errors = [item for item in received if isinstance(item, FrameError)]
    if hellos:
        hello = hellos[-1]
        if hello.protocol != PROTOCOL_VERSION:
            return Probe(name, FAIL, fix="update companion or the scanner's firmware so both speak the same version",
                         **saying(SAY_OTHER_PROTOCOL, theirs=hello.protocol, ours=PROTOCOL_VERSION, firmware=hello.firmware))
        return Probe(name, OK, **saying(SAY_HELLO, firmware=hello.firmware, protocol=hello.protocol, boot=hello.boot,
                                        heartbeat=hello.heartbeat_ms))
    if errors or noise:
        what = (said(SAY_DAMAGED_LINE if len(errors) == 1 else SAY_DAMAGED_LINES, n=len(errors)) if errors
                else said(SAY_NOISE, n=noise))
        return Probe(name, FAIL, **saying(SAY_NOT_OUR_PROTOCOL, device=port, what=what),
                     **fixing(FIX_BAUD, baud=baud, port=port))
    if received:
        return Probe(name, WARN, **saying(SAY_NO_HELLO_ANSWER, device=port), **fixing(FIX_FIRMWARE_Q, port=port))
    return Probe(name, FAIL, **saying(SAY_SILENT, device=port), **fixing(FIX_SILENT, port=port))


# -- touchscreen ------------------------------------------------------------------------------------


def input_devices(text: str) -> list[dict[str, str]]:
    """The blocks of /proc/bus/input/devices as dicts: "N" (name), "H" (handlers), "B:ABS", …"""
    devices, current = [], {}
    for line in text.splitlines() + [""]:
        if not line.strip():
            if current:
                devices.append(current)
            current = {}
            continue
        kind, _, rest = line.partition(": ")
        if kind == "B":
            bit, _, value = rest.partition("=")
            current["B:" + bit] = value
        elif kind == "N":
            current["N"] = rest.removeprefix("Name=").strip('"')
        else:
            current[kind] = rest
    return devices


def _abs_bits(mask: str) -> int:
    """An ABS bitmask: hex words, most significant first, each one kernel `long` wide. ABS codes
    stop at 63, so a 64-bit kernel prints one word and a 32-bit kernel at most two."""
    words = mask.split()
    value = 0
    for word in words:
        value = (value << (32 if len(words) > 1 else 0)) | int(word, 16)
    return value


def is_touchscreen(device: Mapping[str, str]) -> bool:
    """Multi-touch position axes, or "touch" in the name (single-touch resistive panels)."""
    try:
        bits = _abs_bits(device.get("B:ABS", "0"))
    except ValueError:
        bits = 0
    multitouch = bits >> ABS_MT_POSITION_X & 1 and bits >> ABS_MT_POSITION_Y & 1
    return bool(multitouch) or "touch" in device.get("N", "").lower()


def probe_touchscreen(root: str | os.PathLike[str] = "/") -> Probe:
    """An input device that is a touchscreen, and its /dev/input/event* readable by you."""
    try:
        text = _under(root, "proc/bus/input/devices").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return Probe("touchscreen", MISSING, "cannot read /proc/bus/input/devices", FIX_TOUCH)
    for device in input_devices(text):
        if not is_touchscreen(device):
            continue
        events = [h for h in device.get("H", "").split("Handlers=")[-1].split() if h.startswith("event")]
        label = f'"{device.get("N", "?")}"'
        for event in events:
            node = _under(root, f"dev/input/{event}")
            if node.exists() and not os.access(node, os.R_OK):
                return Probe("touchscreen", FAIL, fix=FIX_INPUT_GROUP,
                             **saying(SAY_TOUCH_NOT_YOURS, name=label, device=f"/dev/input/{event}"))
        if not events:
            return Probe("touchscreen", FOUND, label)
        return Probe("touchscreen", FOUND, **saying(SAY_TOUCH_AT, name=label, device=f"/dev/input/{events[0]}"))
    return Probe("touchscreen", MISSING, "no touchscreen among the input devices", FIX_TOUCH)


# -- display ----------------------------------------------------------------------------------------


def probe_display(env: Mapping[str, str] | None = None, root: str | os.PathLike[str] = "/") -> Probe:
    """Somewhere to draw: a Wayland or X session, or a DRM/KMS card (a Pi's console)."""
    env = os.environ if env is None else env
    if env.get("WAYLAND_DISPLAY"):
        return Probe("display", FOUND, **saying(SAY_WAYLAND, name=env["WAYLAND_DISPLAY"]))
    if env.get("DISPLAY"):
        return Probe("display", FOUND, **saying(SAY_X, name=env["DISPLAY"]))
    cards = sorted(_under(root, "dev/dri").glob("card*")) if _under(root, "dev/dri").is_dir() else []
    if cards:
        usable = [card for card in cards if _can_use(card)]
        names = ", ".join(f"/dev/dri/{card.name}" for card in cards)
        if not usable:
            return Probe("display", FAIL, fix=FIX_VIDEO_GROUP, **saying(SAY_CARDS_NOT_YOURS, device=names))
        return Probe("display", FOUND, **saying(SAY_KMS, device=names))
    return Probe("display", MISSING, "no Wayland or X session and no /dev/dri/card*",
                 "run on the Pi's own screen (console or desktop); without one, "
                 "`companion screenshot` still renders the screens")


# -- font -------------------------------------------------------------------------------------------


def probe_cjk_font(configured: str = "auto", root: str | os.PathLike[str] = "/",
                   extra_dirs: Sequence[str | os.PathLike[str]] = ()) -> Probe:
    """A font with Chinese glyphs: the configured one, else an installed or shipped one."""
    if configured and configured != "auto":
        path = Path(configured).expanduser()
        if path.is_file():
            return Probe("CJK font", OK, **saying(SAY_FONT_CONFIGURED, path=str(path)))
        fallback = probe_cjk_font("auto", root, extra_dirs)
        gone = (saying(SAY_FONT_GONE_USING, path=str(path), fallback=fallback.detail) if fallback.status == OK
                else saying(SAY_FONT_GONE, path=str(path)))
        return Probe("CJK font", FAIL, fix='fix the font path in the config file, or set font = "auto"', **gone)
    for candidate in CJK_FONTS:
        path = _under(root, candidate)
        if path.is_file():
            return Probe("CJK font", OK, "/" + candidate)
    dirs = [_under(root, d) for d in FONT_DIRS] + [Path(d) for d in extra_dirs]
    for name in CJK_FONT_NAMES:
        for directory in dirs:
            if directory.is_dir():
                found = next(directory.rglob(name), None)
                if found is not None:
                    return Probe("CJK font", OK, str(found))
    return Probe("CJK font", MISSING, "no CJK font: Chinese would show as boxes", FIX_FONT)


# -- data directory ---------------------------------------------------------------------------------


def probe_data_dir(path: str | os.PathLike[str], min_free_mb: int = 50, warn_free_mb: int = 500,
                   disk_usage: Callable[[Path], Any] = shutil.disk_usage) -> Probe:
    """The data directory writable (or creatable) and with room for journals. Creates nothing
    that stays: a test file is written and removed.

    A journal grows by small appends (a game is well under 1 MB), so `min_free_mb` is "fail": SQLite
    can no longer commit safely; below `warn_free_mb` it still works, but the SD card is nearly
    full and the system's own logs and updates will be next."""
    path = Path(path)
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return Probe("data dir", FAIL, fix="set data_dir in the config file to a folder",
                     **saying(SAY_NOT_A_FOLDER_AT, path=str(path), existing=str(existing)))
    if existing == path:
        try:
            with tempfile.NamedTemporaryFile(dir=path, prefix=".doctor-"):
                pass
        except OSError as exc:
            return Probe("data dir", FAIL, **saying(SAY_NOT_WRITABLE, path=str(path), detail=exc.strerror or exc),
                         **fixing(FIX_OWN, path=str(path)))
        state: Any = str(path)
    elif not os.access(existing, os.W_OK | os.X_OK):
        return Probe("data dir", FAIL, **saying(SAY_CANNOT_CREATE, path=str(path), existing=str(existing)),
                     **fixing(FIX_CREATE, path=str(path)))
    else:
        state = said("{path} (not there yet: created at the first game)", path=str(path))
    free = disk_usage(existing).free // (1024 * 1024)
    if free < min_free_mb:
        return Probe("data dir", FAIL, fix="free some disk space", **saying("{state}: only {free} MB free", state=state, free=free))
    if free < warn_free_mb:
        return Probe("data dir", WARN, fix="free some space (sudo apt-get clean; sudo journalctl --vacuum-size=50M)",
                     **saying(SAY_LITTLE_FREE, state=state, free=free, least=warn_free_mb))
    return Probe("data dir", OK, **saying("{state}, {free} MB free", state=state, free=free))


def probe_raspberry_pi(root: str | os.PathLike[str] = "/") -> str | None:
    """The board's model string when this is a Raspberry Pi, else None."""
    try:
        model = _under(root, "proc/device-tree/model").read_bytes().rstrip(b"\0").decode(errors="replace")
    except OSError:
        return None
    return model if "Raspberry Pi" in model else None



def probe_udev_rules(root: str | os.PathLike[str] = "/") -> Probe:
    """companion's udev rules installed (they name /dev/dice-scanner and open GPIO/I2C to groups)."""
    if _under(root, UDEV_RULES).is_file():
        return Probe("udev rules", OK, "/" + UDEV_RULES)
    return Probe("udev rules", WARN, fix=FIX_INSTALL, **saying(SAY_NO_UDEV, rules="/" + UDEV_RULES))
