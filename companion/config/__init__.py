"""The configuration file: one TOML file, every key optional, every mistake named by key and line.

Where: `$XDG_CONFIG_HOME/companion/config.toml` (usually `~/.config/companion/config.toml`); the
`COMPANION_CONFIG` environment variable or `companion --config PATH` name another file. A missing
file means all defaults. `companion/config.default.toml` is the documented default file and the
only copy of it (`DEFAULT_CONFIG_TEXT`; `python -m companion.config` prints it).

One module a job: `schema` (the shape, its defaults and admitted values), `paths` (where the files
live), `reading` (tomllib's dict checked into `Config`; errors say
`config.toml line 7: devices.scanner.baud: must be a whole number, got "fast"`, with `locator`
finding the line), `writing` (one setting written back, comments kept) and `default`.
Standard library only, so the CLI, the doctor and the tests can import it anywhere.
"""

from __future__ import annotations

from companion.config.default import DEFAULT_CONFIG_TEXT
from companion.config.errors import ConfigError
from companion.config.paths import default_config_path
from companion.config.reading import load_config, parse_config
from companion.config.schema import (
    DEFAULT_SEATS,
    DEVICE_MODES,
    GPIO_PINS,
    I2C1_PINS,
    LANGUAGES,
    MUX_ADDRESS,
    MUX_CHANNELS,
    OLED_ADDRESSES,
    OLED_DRIVERS,
    PROFILES,
    KEYBOARD_MODES,
    TOUCHSCREEN_MODES,
    WRITABLE_KEYS,
    Config,
    DevicesConfig,
    KeyboardConfig,
    OledConfig,
    PadsConfig,
    ScannerConfig,
    SeatConfig,
    StatusDisplayConfig,
    SpeechConfig,
    TouchscreenConfig,
)
from companion.config.writing import write_setting

__all__ = [
    "DEFAULT_CONFIG_TEXT", "DEFAULT_SEATS", "DEVICE_MODES", "GPIO_PINS", "I2C1_PINS", "KEYBOARD_MODES", "KeyboardConfig", "LANGUAGES",
    "MUX_ADDRESS", "MUX_CHANNELS", "OLED_ADDRESSES", "OLED_DRIVERS", "PROFILES", "TOUCHSCREEN_MODES",
    "WRITABLE_KEYS", "Config", "ConfigError", "DevicesConfig", "OledConfig", "PadsConfig",
    "ScannerConfig", "SeatConfig", "SpeechConfig", "StatusDisplayConfig", "TouchscreenConfig", "default_config_path",
    "load_config", "parse_config", "write_setting",
]
