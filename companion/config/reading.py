"""Reading the config file: tomllib's dict checked key by key into `Config`, the first mistake
raised as `ConfigError` naming its key and the line it was written on."""

from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any, Mapping

from companion.config.errors import ConfigError
from companion.config.locator import BARE_KEY, KeyPath, Locator
from companion.config.paths import default_config_path
from companion.config.schema import (
    Config,
    DEVICE_MODES,
    DevicesConfig,
    GPIO_PINS,
    I2C1_PINS,
    KEYBOARD_MODES,
    KeyboardConfig,
    LANGUAGES,
    MUX_CHANNELS,
    OLED_ADDRESSES,
    OLED_DRIVERS,
    OledConfig,
    PROFILES,
    PadsConfig,
    ScannerConfig,
    SeatConfig,
    StatusDisplayConfig,
    TOUCHSCREEN_MODES,
    SpeechConfig,
    TouchscreenConfig,
)

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
    return _Checker(Locator(text), source).config(data)


def _dotted(path: KeyPath) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = part if BARE_KEY.fullmatch(part) else json.dumps(part, ensure_ascii=False)
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

    def __init__(self, locator: Locator, source: Path | None) -> None:
        self.locator = locator
        self.source = source

    def error(self, path: KeyPath, message: str) -> ConfigError:
        return ConfigError(_dotted(path), self.locator.line_of(path), message, self.source)

    # -- kinds of value ---------------------------------------------------------------------

    def table(self, value: Any, path: KeyPath, known: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(path, f"must be a table, got {_show(value)}")
        for key in value:
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1)
                hint = f'; did you mean "{close[0]}"?' if close else f" (known here: {', '.join(known)})"
                raise self.error(path + (key,), f"unknown key{hint}")
        return value

    def enum(self, table: Mapping[str, Any], path: KeyPath, key: str, choices: tuple[str, ...], default: str) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or value not in choices:
            raise self.error(path + (key,), f"must be {_choices(choices)}, got {_show(value)}")
        return value

    def boolean(self, table: Mapping[str, Any], path: KeyPath, key: str, default: bool) -> bool:
        value = table.get(key, default)
        if not isinstance(value, bool):
            raise self.error(path + (key,), f"must be true or false, got {_show(value)}")
        return value

    def text(self, table: Mapping[str, Any], path: KeyPath, key: str, default: str, *, empty: bool = True) -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.error(path + (key,), f"must be text in quotes, got {_show(value)}")
        if not empty and not value:
            raise self.error(path + (key,), "must not be empty")
        return value

    def whole(self, table: Mapping[str, Any], path: KeyPath, key: str, default: int | None, *,
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

    def address(self, table: Mapping[str, Any], path: KeyPath, default: int) -> int:
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

    def devices(self, value: Any, path: KeyPath) -> DevicesConfig:
        table = self.table(value, path, ("pads", "scanner", "status_display", "touchscreen", "speech", "keyboard"))
        devices = DevicesConfig(
            pads=self.pads(table.get("pads", {}), path + ("pads",)),
            scanner=self.scanner(table.get("scanner", {}), path + ("scanner",)),
            status_display=self.status_display(table.get("status_display", {}), path + ("status_display",)),
            touchscreen=self.touchscreen(table.get("touchscreen", {}), path + ("touchscreen",)),
            speech=self.speech(table.get("speech", {}), path + ("speech",)),
            keyboard=self.keyboard(table.get("keyboard", {}), path + ("keyboard",)),
        )
        self.check_displays(devices, path)
        return devices

    def pads(self, value: Any, path: KeyPath) -> PadsConfig:
        d = PadsConfig()
        table = self.table(value, path, ("mode", "seats"))
        mode = self.enum(table, path, "mode", DEVICE_MODES, d.mode)
        if "seats" not in table:
            return PadsConfig(mode, d.seats)
        seats_value = table["seats"]
        if not isinstance(seats_value, list):
            raise self.error(path + ("seats",), f"must be a list of seats ([[{_dotted(path)}.seats]] tables), got {_show(seats_value)}")
        seats = tuple(self.seat(v, path + ("seats", i)) for i, v in enumerate(seats_value))
        used: dict[int, KeyPath] = {}
        for i, seat in enumerate(seats):
            for key, pin in seat.pins.items():
                where = path + ("seats", i, key)
                if pin in used:
                    raise self.error(where, f"GPIO {pin} is already used by {_dotted(used[pin])}")
                used[pin] = where
        return PadsConfig(mode, seats)

    def seat(self, value: Any, path: KeyPath) -> SeatConfig:
        table = self.table(value, path, ("minus", "plus", "ok", "oled"))
        pins = {}
        for key in ("minus", "plus", "ok"):
            if key not in table:
                raise self.error(path + (key,), "missing: every seat needs minus, plus and ok (BCM GPIO numbers)")
            pins[key] = self.whole(table, path, key, None, minimum=GPIO_PINS.start, maximum=GPIO_PINS.stop - 1)
        oled = self.oled(table["oled"], path + ("oled",)) if "oled" in table else None
        return SeatConfig(pins["minus"], pins["plus"], pins["ok"], oled)

    def oled(self, value: Any, path: KeyPath) -> OledConfig:
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

    def scanner(self, value: Any, path: KeyPath) -> ScannerConfig:
        d = ScannerConfig()
        table = self.table(value, path, ("mode", "port", "baud"))
        return ScannerConfig(
            self.enum(table, path, "mode", DEVICE_MODES, d.mode),
            self.text(table, path, "port", d.port, empty=False),
            self.whole(table, path, "baud", d.baud, minimum=1),
        )

    def status_display(self, value: Any, path: KeyPath) -> StatusDisplayConfig:
        d = StatusDisplayConfig()
        table = self.table(value, path, ("mode", "driver", "bus", "address"))
        return StatusDisplayConfig(
            self.enum(table, path, "mode", DEVICE_MODES, d.mode),
            self.enum(table, path, "driver", OLED_DRIVERS, d.driver),
            self.whole(table, path, "bus", d.bus, minimum=0),
            self.address(table, path, d.address),
        )

    def touchscreen(self, value: Any, path: KeyPath) -> TouchscreenConfig:
        table = self.table(value, path, ("mode",))
        return TouchscreenConfig(self.enum(table, path, "mode", TOUCHSCREEN_MODES, TouchscreenConfig().mode))

    def speech(self, value: Any, path: KeyPath) -> SpeechConfig:
        table = self.table(value, path, ("enabled",))
        return SpeechConfig(self.boolean(table, path, "enabled", SpeechConfig().enabled))

    def keyboard(self, value: Any, path: KeyPath) -> KeyboardConfig:
        table = self.table(value, path, ("mode", "names_file"))
        d = KeyboardConfig()
        return KeyboardConfig(self.enum(table, path, "mode", KEYBOARD_MODES, d.mode),
                              self.text(table, path, "names_file", d.names_file))

    def check_displays(self, devices: DevicesConfig, path: KeyPath) -> None:
        """Two displays answering at the same place, or a button on I2C bus 1's pins, cannot work.

        The status display counts unless it is simulated, even when left at its defaults: in
        "auto" it would otherwise find (and draw on) a seat's display.
        """
        sd = devices.status_display
        displays: list[tuple[int, int, int | None, KeyPath]] = []
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
