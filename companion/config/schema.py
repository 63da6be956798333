"""The configuration's shape: every key as a frozen dataclass field whose default is the default,
and the values each key admits. config.default.toml documents the same defaults in words; a test
checks the two agree (it parses to `Config()`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from companion.config.paths import xdg_home

LANGUAGES = ("auto", "zh-Hans", "zh-Hant", "en")
PROFILES = ("800x480", "1280x720", "720x1280")
DEVICE_MODES = ("auto", "real", "simulated")
TOUCHSCREEN_MODES = ("auto", "off")
KEYBOARD_MODES = ("auto", "on", "off")
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
class KeyboardConfig:
    """The on-screen keyboard for players' names. `mode` "auto": shown in full screen (a kiosk)
    or when no keyboard is plugged in; "on": always; "off": never. `names_file`: names offered one
    tap away (one a line; Chinese names without an input method); "" is names.txt beside the
    config file."""

    mode: str = "auto"
    names_file: str = ""

    def names_path(self, config_source: Path | None) -> Path:
        """The names file: `names_file` with `~` expanded, relative to the config file's folder."""
        base = config_source.parent if config_source is not None else xdg_home("XDG_CONFIG_HOME", ".config") / "companion"
        path = Path(self.names_file or "names.txt").expanduser()
        return path if path.is_absolute() else base / path


@dataclasses.dataclass(frozen=True)
class SpeechConfig:
    """The crier's call spoken aloud (espeak-ng through the SDL sound): `enabled` False says
    nothing at all; without an engine or an audio device the call is only shown."""

    enabled: bool = True


@dataclasses.dataclass(frozen=True)
class DevicesConfig:
    pads: PadsConfig = PadsConfig()
    scanner: ScannerConfig = ScannerConfig()
    status_display: StatusDisplayConfig = StatusDisplayConfig()
    touchscreen: TouchscreenConfig = TouchscreenConfig()
    speech: SpeechConfig = SpeechConfig()
    keyboard: KeyboardConfig = KeyboardConfig()


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
            return xdg_home("XDG_DATA_HOME", ".local/share") / "companion"
        path = Path(self.data_dir).expanduser()
        if not path.is_absolute():
            base = self.source.parent if self.source is not None else Path.cwd()
            path = base / path
        return path.absolute()

    @property
    def is_file_present(self) -> bool:
        return self.source is not None and self.source.is_file()
