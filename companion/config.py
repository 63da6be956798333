"""The configuration file: one TOML file, every key optional, every mistake named by key and line.

Where: `$XDG_CONFIG_HOME/companion/config.toml` (usually `~/.config/companion/config.toml`); the
`COMPANION_CONFIG` environment variable or `companion --config PATH` name another file. A missing
file means all defaults. `DEFAULT_CONFIG_TEXT` is the documented default file (shipped as
`companion/config.default.toml`; `python -m companion.config` prints it).

Standard library only, so the CLI, the doctor and the tests can import it anywhere. tomllib keeps no
positions, so `_Locator` re-scans the text to find the line each key was written on: an error says
`config.toml line 7: devices.scanner.baud: must be a whole number, got "fast"`.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Mapping

LANGUAGES = ("auto", "zh-Hans", "zh-Hant", "en")
PROFILES = ("800x480", "1280x720", "720x1280")
DEVICE_MODES = ("auto", "real", "simulated")
TOUCHSCREEN_MODES = ("auto", "off")
OLED_DRIVERS = ("ssd1306", "sh1106")
OLED_ADDRESSES = (0x3C, 0x3D)
MUX_ADDRESS = 0x70
"""A TCA9548A multiplexer's address (all address pins low): where `mux_channel` is selected."""
MUX_CHANNELS = range(8)
GPIO_PINS = range(28)
"""BCM numbers on the 40-pin header."""
I2C1_PINS = (2, 3)
"""SDA/SCL of I2C bus 1: a button there would fight the displays."""

WRITABLE_KEYS = ("language", "profile", "fullscreen", "data_dir", "font")
"""Top-level keys `write_setting` may change."""


class ConfigError(Exception):
    """A configuration the app cannot use: `key` (dotted, or None for a syntax error), the 1-based
    `line` it was written on (None when unknown, e.g. a whole-file problem), and what is wrong.

    str() reads `config.toml line 7: devices.scanner.baud: must be a whole number, got "fast"`.
    """

    def __init__(
        self,
        key: str | None,
        line: int | None,
        message: str,
        path: str | os.PathLike[str] | None = None,
        column: int | None = None,
    ) -> None:
        self.key = key
        self.line = line
        self.message = message
        self.path = Path(path) if path is not None else None
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path.name if self.path is not None else "config.toml"
        if self.line is not None:
            where += f" line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"


# -- the shape --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class OledConfig:
    """A seat's 128×64 OLED on I2C. `mux_channel` None: wired straight to `bus`; else behind a
    TCA9548A (at `MUX_ADDRESS` on `bus`) on that channel."""

    driver: str = "ssd1306"
    bus: int = 1
    address: int = 0x3C
    mux_channel: int | None = None


@dataclasses.dataclass(frozen=True)
class SeatConfig:
    """One handheld pad: BCM GPIO numbers of its − / + / OK buttons (each to ground), optional OLED."""

    minus: int
    plus: int
    ok: int
    oled: OledConfig | None = None

    @property
    def pins(self) -> dict[str, int]:
        return {"minus": self.minus, "plus": self.plus, "ok": self.ok}


DEFAULT_SEATS = (
    SeatConfig(17, 27, 22, OledConfig(mux_channel=0)),
    SeatConfig(5, 6, 13, OledConfig(mux_channel=1)),
    SeatConfig(19, 26, 12, OledConfig(mux_channel=2)),
    SeatConfig(23, 24, 25, OledConfig(mux_channel=3)),
)


@dataclasses.dataclass(frozen=True)
class PadsConfig:
    mode: str = "auto"
    seats: tuple[SeatConfig, ...] = DEFAULT_SEATS


@dataclasses.dataclass(frozen=True)
class ScannerConfig:
    mode: str = "auto"
    port: str = "/dev/dice-scanner"
    baud: int = 115200


@dataclasses.dataclass(frozen=True)
class StatusDisplayConfig:
    """The optional table status OLED, wired straight to `bus` (0x3D: the pads' 0x3C sits behind the mux)."""

    mode: str = "auto"
    driver: str = "ssd1306"
    bus: int = 1
    address: int = 0x3D


@dataclasses.dataclass(frozen=True)
class TouchscreenConfig:
    """Only "auto" (use it when there is one) and "off" (ignore touch input) mean something here."""

    mode: str = "auto"


@dataclasses.dataclass(frozen=True)
class DevicesConfig:
    pads: PadsConfig = PadsConfig()
    scanner: ScannerConfig = ScannerConfig()
    status_display: StatusDisplayConfig = StatusDisplayConfig()
    touchscreen: TouchscreenConfig = TouchscreenConfig()


@dataclasses.dataclass(frozen=True)
class Config:
    """The whole configuration. `source` is the file it came from (present or not); it takes no part
    in equality, so a file holding the defaults equals `Config()`."""

    language: str = "auto"
    profile: str = "800x480"
    fullscreen: bool = False
    data_dir: str = ""
    font: str = "auto"
    devices: DevicesConfig = DevicesConfig()
    source: Path | None = dataclasses.field(default=None, compare=False)

    def data_path(self) -> Path:
        """The data directory: `data_dir` with `~` expanded, relative to the config file's folder;
        "" means `$XDG_DATA_HOME/companion` (usually `~/.local/share/companion`)."""
        if not self.data_dir:
            return _xdg_home("XDG_DATA_HOME", ".local/share") / "companion"
        path = Path(self.data_dir).expanduser()
        if not path.is_absolute():
            base = self.source.parent if self.source is not None else Path.cwd()
            path = base / path
        return path.absolute()

    @property
    def is_file_present(self) -> bool:
        return self.source is not None and self.source.is_file()


# -- where ------------------------------------------------------------------------------------------


def _xdg_home(variable: str, fallback: str) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = os.environ.get(variable, "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / fallback


def default_config_path() -> Path:
    """`$COMPANION_CONFIG` if set, else `$XDG_CONFIG_HOME/companion/config.toml` (~/.config/…)."""
    override = os.environ.get("COMPANION_CONFIG", "")
    if override:
        return Path(override).expanduser().absolute()
    return _xdg_home("XDG_CONFIG_HOME", ".config") / "companion" / "config.toml"


# -- reading ----------------------------------------------------------------------------------------


def load_config(path: str | os.PathLike[str] | None = None) -> Config:
    """Reads the config file (`default_config_path()` when `path` is None). A missing file gives
    `Config()` with `source` set; anything wrong raises `ConfigError` naming the key and line."""
    path = Path(path).expanduser().absolute() if path is not None else default_config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Config(source=path)
    except UnicodeDecodeError as exc:
        raise ConfigError(None, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})", path) from None
    except OSError as exc:
        raise ConfigError(None, None, f"cannot be read: {exc.strerror or exc}", path) from None
    return parse_config(text, path)


def parse_config(text: str, path: str | os.PathLike[str] | None = None) -> Config:
    """Parses and checks config text; `path` is only used in messages and for relative `data_dir`."""
    source = Path(path) if path is not None else None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
        line = column = None
        if match:
            line, column = int(match.group(1)), int(match.group(2))
            message = message[: match.start()]
        elif message.endswith("(at end of document)"):
            line = text.count("\n") + 1
            message = message[: -len("(at end of document)")].rstrip() + " at the end of the file"
        raise ConfigError(None, line, f"not valid TOML: {message}", source, column) from None
    return _Checker(_Locator(text), source).config(data)


_Path = tuple[str | int, ...]
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _dotted(path: _Path) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = part if _BARE.fullmatch(part) else json.dumps(part, ensure_ascii=False)
            out += f".{name}" if out else name
    return out


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _choices(choices: tuple[str, ...]) -> str:
    quoted = [json.dumps(c) for c in choices]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]


class _Checker:
    """Turns tomllib's dict into `Config`, raising `ConfigError` at the first problem."""

    def __init__(self, locator: _Locator, source: Path | None) -> None:
        self.locator = locator
        self.source = source

    def error(self, path: _Path, message: str) -> ConfigError:
        return ConfigError(_dotted(path), self.locator.line_of(path), message, self.source)

    # -- kinds of value ---------------------------------------------------------------------

    def table(self, value: Any, path: _Path, known: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(path, f"must be a table, got {_show(value)}")
        for key in value:
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1)
                hint = f'; did you mean "{close[0]}"?' if close else f" (known here: {', '.join(known)})"
                raise self.error(path + (key,), f"unknown key{hint}")
        return value

    def enum(self, table: Mapping[str, Any], path: _Path, key: str, choices: tuple[str, ...], default: str) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or value not in choices:
            raise self.error(path + (key,), f"must be {_choices(choices)}, got {_show(value)}")
        return value

    def boolean(self, table: Mapping[str, Any], path: _Path, key: str, default: bool) -> bool:
        value = table.get(key, default)
        if not isinstance(value, bool):
            raise self.error(path + (key,), f"must be true or false, got {_show(value)}")
        return value

    def text(self, table: Mapping[str, Any], path: _Path, key: str, default: str, *, empty: bool = True) -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.error(path + (key,), f"must be text in quotes, got {_show(value)}")
        if not empty and not value:
            raise self.error(path + (key,), "must not be empty")
        return value

    def whole(self, table: Mapping[str, Any], path: _Path, key: str, default: int | None, *,
              minimum: int | None = None, maximum: int | None = None, hexa: bool = False) -> int:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(path + (key,), f"must be a whole number, got {_show(value)}")
        show = (lambda n: f"0x{n:02X}") if hexa else str
        if minimum is not None and value < minimum or maximum is not None and value > maximum:
            if maximum is None:
                bounds = f"at least {show(minimum)}"
            else:
                bounds = f"from {show(minimum)} to {show(maximum)}"
            raise self.error(path + (key,), f"must be {bounds}, got {show(value)}")
        return value

    def address(self, table: Mapping[str, Any], path: _Path, default: int) -> int:
        value = self.whole(table, path, "address", default, hexa=True)
        if value not in OLED_ADDRESSES:
            raise self.error(path + ("address",), f"must be 0x3C or 0x3D, got 0x{value:02X}")
        return value

    # -- the file ---------------------------------------------------------------------------

    def config(self, data: dict[str, Any]) -> Config:
        d = Config()
        top = self.table(data, (), ("language", "profile", "fullscreen", "data_dir", "font", "devices"))
        language = self.enum(top, (), "language", LANGUAGES, d.language)
        profile = self.enum(top, (), "profile", PROFILES, d.profile)
        fullscreen = self.boolean(top, (), "fullscreen", d.fullscreen)
        data_dir = self.text(top, (), "data_dir", d.data_dir)
        font = self.text(top, (), "font", d.font, empty=False)
        devices = self.devices(top.get("devices", {}), ("devices",))
        return Config(language, profile, fullscreen, data_dir, font, devices, source=self.source)

    def devices(self, value: Any, path: _Path) -> DevicesConfig:
        table = self.table(value, path, ("pads", "scanner", "status_display", "touchscreen"))
        devices = DevicesConfig(
            pads=self.pads(table.get("pads", {}), path + ("pads",)),
            scanner=self.scanner(table.get("scanner", {}), path + ("scanner",)),
            status_display=self.status_display(table.get("status_display", {}), path + ("status_display",)),
            touchscreen=self.touchscreen(table.get("touchscreen", {}), path + ("touchscreen",)),
        )
        self.check_displays(devices, path)
        return devices

    def pads(self, value: Any, path: _Path) -> PadsConfig:
        d = PadsConfig()
        table = self.table(value, path, ("mode", "seats"))
        mode = self.enum(table, path, "mode", DEVICE_MODES, d.mode)
        if "seats" not in table:
            return PadsConfig(mode, d.seats)
        seats_value = table["seats"]
        if not isinstance(seats_value, list):
            raise self.error(path + ("seats",), f"must be a list of seats ([[{_dotted(path)}.seats]] tables), got {_show(seats_value)}")
        seats = tuple(self.seat(v, path + ("seats", i)) for i, v in enumerate(seats_value))
        used: dict[int, _Path] = {}
        for i, seat in enumerate(seats):
            for key, pin in seat.pins.items():
                where = path + ("seats", i, key)
                if pin in used:
                    raise self.error(where, f"GPIO {pin} is already used by {_dotted(used[pin])}")
                used[pin] = where
        return PadsConfig(mode, seats)

    def seat(self, value: Any, path: _Path) -> SeatConfig:
        table = self.table(value, path, ("minus", "plus", "ok", "oled"))
        pins = {}
        for key in ("minus", "plus", "ok"):
            if key not in table:
                raise self.error(path + (key,), "missing: every seat needs minus, plus and ok (BCM GPIO numbers)")
            pins[key] = self.whole(table, path, key, None, minimum=GPIO_PINS.start, maximum=GPIO_PINS.stop - 1)
        oled = self.oled(table["oled"], path + ("oled",)) if "oled" in table else None
        return SeatConfig(pins["minus"], pins["plus"], pins["ok"], oled)

    def oled(self, value: Any, path: _Path) -> OledConfig:
        d = OledConfig()
        table = self.table(value, path, ("driver", "bus", "address", "mux_channel"))
        mux = None
        if "mux_channel" in table:
            mux = self.whole(table, path, "mux_channel", None, minimum=MUX_CHANNELS.start, maximum=MUX_CHANNELS.stop - 1)
        return OledConfig(
            self.enum(table, path, "driver", OLED_DRIVERS, d.driver),
            self.whole(table, path, "bus", d.bus, minimum=0),
            self.address(table, path, d.address),
            mux,
        )

    def scanner(self, value: Any, path: _Path) -> ScannerConfig:
        d = ScannerConfig()
        table = self.table(value, path, ("mode", "port", "baud"))
        return ScannerConfig(
            self.enum(table, path, "mode", DEVICE_MODES, d.mode),
            self.text(table, path, "port", d.port, empty=False),
            self.whole(table, path, "baud", d.baud, minimum=1),
        )

    def status_display(self, value: Any, path: _Path) -> StatusDisplayConfig:
        d = StatusDisplayConfig()
        table = self.table(value, path, ("mode", "driver", "bus", "address"))
        return StatusDisplayConfig(
            self.enum(table, path, "mode", DEVICE_MODES, d.mode),
            self.enum(table, path, "driver", OLED_DRIVERS, d.driver),
            self.whole(table, path, "bus", d.bus, minimum=0),
            self.address(table, path, d.address),
        )

    def touchscreen(self, value: Any, path: _Path) -> TouchscreenConfig:
        table = self.table(value, path, ("mode",))
        return TouchscreenConfig(self.enum(table, path, "mode", TOUCHSCREEN_MODES, TouchscreenConfig().mode))

    def check_displays(self, devices: DevicesConfig, path: _Path) -> None:
        """Two displays answering at the same place, or a button on I2C bus 1's pins, cannot work.

        The status display counts unless it is simulated, even when left at its defaults: in
        "auto" it would otherwise find (and draw on) a seat's display.
        """
        sd = devices.status_display
        displays: list[tuple[int, int, int | None, _Path]] = []
        if sd.mode != "simulated":
            displays.append((sd.bus, sd.address, None, path + ("status_display",)))
        displays += [
            (s.oled.bus, s.oled.address, s.oled.mux_channel, path + ("pads", "seats", i, "oled"))
            for i, s in enumerate(devices.pads.seats) if s.oled is not None
        ]
        for n, (bus, address, channel, where) in enumerate(displays):
            for bus2, address2, channel2, where2 in displays[:n]:
                # A display straight on the bus also answers while any mux channel is open.
                if bus == bus2 and address == address2 and (channel is None or channel2 is None or channel == channel2):
                    on = f"bus {bus} at 0x{address:02X}" + ("" if channel2 is None else f", mux channel {channel2}")
                    hint = ""
                    if where2[-1] == "status_display" and where2 not in self.locator.lines:
                        hint = ' (its default: give [devices.status_display] another address or bus, or mode = "simulated")'
                    raise self.error(where + ("address",), f"{_dotted(where2)} is already on {on}{hint}")
        if devices.pads.mode != "simulated" and any(bus == 1 for bus, *_ in displays):
            for i, seat in enumerate(devices.pads.seats):
                for key, pin in seat.pins.items():
                    if pin in I2C1_PINS:
                        raise self.error(path + ("pads", "seats", i, key),
                                         f"GPIO {pin} belongs to I2C bus 1 (SDA 2, SCL 3), which the displays use")


class _Locator:
    """Finds the line each key (or table, or array element) was written on, section-aware.

    A lenient re-scan of text tomllib has already accepted: it follows [tables], [[arrays of
    tables]], dotted keys, inline tables and multi-line arrays; scalar values are skipped. Any
    surprise only loses line numbers, never the error itself.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.lines: dict[_Path, int] = {}
        self.aot: dict[_Path, int] = {}
        try:
            self._document()
        except (IndexError, ValueError, tomllib.TOMLDecodeError):
            pass

    def line_of(self, path: _Path) -> int | None:
        """The line of `path`, or of the nearest enclosing key that was written down."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None

    # -- scanning ---------------------------------------------------------------------------

    def _peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.text[j] if j < len(self.text) else ""

    def _take(self, n: int = 1) -> str:
        chunk = self.text[self.i : self.i + n]
        self.line += chunk.count("\n")
        self.i += len(chunk)
        return chunk

    def _blank(self, newlines: bool) -> None:
        while self.i < len(self.text):
            c = self._peek()
            if c in " \t" or (newlines and c in "\r\n"):
                self._take()
            elif newlines and c == "#":
                while self._peek() not in ("\n", ""):
                    self._take()
            else:
                return

    def _record(self, path: _Path, line: int) -> None:
        for n in range(1, len(path) + 1):
            self.lines.setdefault(path[:n], line)

    def _string(self) -> str:
        quote = self._peek()
        if self.text.startswith(quote * 3, self.i):
            end = self.text.index(quote * 3, self.i + 3)
            while self.text.startswith(quote, end + 3):  # up to two quotes may end the content
                end += 1
            return self._take(end + 3 - self.i)
        j = self.i + 1
        while self.text[j] != quote:
            j += 2 if quote == '"' and self.text[j] == "\\" else 1
        return self._take(j + 1 - self.i)

    def _key(self) -> list[str]:
        parts = []
        while True:
            self._blank(False)
            if self._peek() in "\"'":
                raw = self._string()
                parts.append(tomllib.loads(f"k = {raw}")["k"])
            else:
                match = _BARE.match(self.text, self.i)
                if not match:
                    raise ValueError("no key here")
                parts.append(self._take(match.end() - self.i))
            self._blank(False)
            if self._peek() != ".":
                return parts
            self._take()

    def _value(self, path: _Path) -> None:
        self._blank(False)
        c = self._peek()
        if c == "{":
            self._take()
            while True:
                self._blank(True)
                if self._peek() in ("}", ""):
                    self._take()
                    return
                line = self.line
                key = path + tuple(self._key())
                self._record(key, line)
                self._blank(False)
                self._take()  # "="
                self._value(key)
                self._blank(True)
                if self._peek() == ",":
                    self._take()
        elif c == "[":
            self._take()
            index = 0
            while True:
                self._blank(True)
                if self._peek() in ("]", ""):
                    self._take()
                    return
                self._record(path + (index,), self.line)
                self._value(path + (index,))
                self._blank(True)
                if self._peek() == ",":
                    self._take()
                index += 1
        elif c in "\"'":
            self._string()
        else:
            while self._peek() not in (",", "]", "}", "\n", "\r", "#", ""):
                self._take()

    def _document(self) -> None:
        table: _Path = ()
        while True:
            self._blank(True)
            if self.i >= len(self.text):
                return
            line = self.line
            if self._peek() == "[":
                many = self._peek(1) == "["
                self._take(2 if many else 1)
                parts = self._key()
                self._take(2 if many else 1)
                table = ()
                for n, part in enumerate(parts):
                    table += (part,)
                    if many and n == len(parts) - 1:
                        index = self.aot.get(table, 0)
                        self.aot[table] = index + 1
                        table += (index,)
                    elif table in self.aot:
                        table += (self.aot[table] - 1,)
                self._record(table, line)
            else:
                key = table + tuple(self._key())
                self._record(key, line)
                self._blank(False)
                self._take()  # "="
                self._value(key)


# -- writing one setting ----------------------------------------------------------------------------

_SCALAR = r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s#]+'


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def write_setting(path: str | os.PathLike[str] | None, key: str, value: str | bool) -> Config:
    """Sets ONE top-level key (`WRITABLE_KEYS`: language, profile, …) in the config file, keeping
    every other line and comment as it was; a missing file is first created from
    `DEFAULT_CONFIG_TEXT`. The result is checked before it replaces the file (atomically), so a bad
    value raises `ConfigError` and leaves the file untouched. Returns the new configuration."""
    if key not in WRITABLE_KEYS:
        raise ValueError(f"write_setting changes only {', '.join(WRITABLE_KEYS)}, not {key!r}")
    path = Path(path).expanduser().absolute() if path is not None else default_config_path()
    try:
        text = path.read_text(encoding="utf-8")
        existed = True
    except FileNotFoundError:
        text, existed = DEFAULT_CONFIG_TEXT, False
    parse_config(text, path)  # refuse to edit a file that is already wrong, naming what is wrong
    new_line = f"{key} = {_format_value(value)}"
    lines = text.splitlines(keepends=True)
    where = _Locator(text).lines.get((key,))
    if where is not None:
        old = lines[where - 1]
        match = re.match(rf"(\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*=\s*)({_SCALAR})(.*)", old, re.S)
        if match:
            lines[where - 1] = match.group(1) + _format_value(value) + match.group(3)
        else:
            raise ConfigError(key, where, "cannot be changed automatically here; edit the file by hand", path)
    else:
        # Lines before any TOML content (comments, blanks) may be followed by a key of the root table.
        at = 0
        while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
            at += 1
        if lines and not lines[-1].endswith("\n") and at == len(lines):
            lines[-1] += "\n"
        lines.insert(at, new_line + "\n")
    new_text = "".join(lines)
    config = parse_config(new_text, path)
    if getattr(config, key) != value:
        raise ConfigError(key, where, "cannot be changed automatically here; edit the file by hand", path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".config-", suffix=".toml", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(new_text)
            f.flush()
            os.fsync(f.fileno())
        if existed:
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return config


# -- the documented default -------------------------------------------------------------------------

DEFAULT_CONFIG_TEXT = """\
# companion — configuration
#
# This file lives at $XDG_CONFIG_HOME/companion/config.toml, usually ~/.config/companion/config.toml.
# `companion --config PATH` or the COMPANION_CONFIG environment variable name another file.
# Every key is optional: a key left out (or no file at all) means the default written here.
# `companion doctor` shows what the app makes of this file and of the hardware it finds.

# Language of the screens: "auto" (follow the system's LANG), "zh-Hans" (简体中文),
# "zh-Hant" (繁體中文) or "en". The settings screen rewrites this line.
language = "auto"

# Screen layout: "800x480" (official 7" display), "1280x720" (HDMI), "720x1280" (Touch Display 2,
# upright). The settings screen rewrites this line.
profile = "800x480"

# true: the app takes the whole screen (kiosk). false: a window, handy on a laptop.
fullscreen = false

# Where the games are kept (one journal file per game, under games/). "" means
# $XDG_DATA_HOME/companion, usually ~/.local/share/companion. "~" works; a relative path is
# relative to this file's folder.
data_dir = ""

# A font with Chinese characters (.ttf, .otf or .ttc): its path, or "auto" to use an installed
# one (fonts-wqy-microhei, which systemd/setup.sh installs, or Noto Sans CJK).
font = "auto"


# ---- Devices -------------------------------------------------------------------------------
# Each device has a mode:
#   "auto"       the device when it is found, else its simulated twin (the default)
#   "real"       the device must be there: the app and `companion doctor` say what is missing
#   "simulated"  always the twin: keyboard keys for the pads, on-screen panels for the OLEDs,
#                a pseudo-terminal for the dice scanner

[devices.pads]
mode = "auto"

# One [[devices.pads.seats]] table per seat, in seat order (seats count from 0). The numbers are
# BCM GPIO numbers, not header pin numbers. Each button joins its pin to ground (the Pi's internal
# pull-up is used). The defaults keep clear of I2C bus 1 (GPIO 2, 3), the UART (14, 15), the HAT
# EEPROM (0, 1) and SPI0 (7-11); GPIO 4, 16, 18, 20, 21 stay free.
#
#   seat   minus            plus             ok               OLED
#   0      GPIO 17 (pin 11) GPIO 27 (pin 13) GPIO 22 (pin 15) mux channel 0
#   1      GPIO 5  (pin 29) GPIO 6  (pin 31) GPIO 13 (pin 33) mux channel 1
#   2      GPIO 19 (pin 35) GPIO 26 (pin 37) GPIO 12 (pin 32) mux channel 2
#   3      GPIO 23 (pin 16) GPIO 24 (pin 18) GPIO 25 (pin 22) mux channel 3
#
# oled is optional: leave it out for a seat without a display.
#   driver       "ssd1306" or "sh1106" (128x64)
#   bus          I2C bus number: 1 is GPIO 2 (SDA) and 3 (SCL); on a Pi 4, dtoverlay=i2c3 ... i2c6
#                in /boot/firmware/config.txt add buses 3 to 6
#   address      0x3C or 0x3D (chosen by a jumper or solder bridge on the module)
#   mux_channel  0 to 7: the display sits behind a TCA9548A multiplexer (address 0x70 on `bus`) on
#                this channel; leave it out for a display wired straight to the bus
# One bus takes at most two displays wired straight (0x3C and 0x3D); four need the multiplexer
# (as below) or more buses. Without one, two seats can use { bus = 1, address = 0x3C } and
# { bus = 1, address = 0x3D }.

[[devices.pads.seats]]
minus = 17
plus = 27
ok = 22
oled = { driver = "ssd1306", bus = 1, address = 0x3C, mux_channel = 0 }

[[devices.pads.seats]]
minus = 5
plus = 6
ok = 13
oled = { driver = "ssd1306", bus = 1, address = 0x3C, mux_channel = 1 }

[[devices.pads.seats]]
minus = 19
plus = 26
ok = 12
oled = { driver = "ssd1306", bus = 1, address = 0x3C, mux_channel = 2 }

[[devices.pads.seats]]
minus = 23
plus = 24
ok = 25
oled = { driver = "ssd1306", bus = 1, address = 0x3C, mux_channel = 3 }

[devices.scanner]
mode = "auto"
# The dice scanner's serial port: the udev rule in systemd/ names it /dev/dice-scanner.
port = "/dev/dice-scanner"
baud = 115200

[devices.status_display]
# The optional table status OLED (season, round, time track), wired straight to the bus:
# at 0x3D, since the pads' displays answer at 0x3C whenever a mux channel is open.
mode = "auto"
driver = "ssd1306"
bus = 1
address = 0x3D

[devices.touchscreen]
# Only two modes mean something here: "auto" uses the touchscreen when there is one (a mouse
# works too); "off" ignores touch input, e.g. when every tap registers twice because two input
# providers read the same screen.
mode = "auto"
"""


if __name__ == "__main__":
    # `python -m companion.config > companion/config.default.toml` regenerates the shipped file.
    print(DEFAULT_CONFIG_TEXT, end="")
