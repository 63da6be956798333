"""The config file: defaults, where it lives, every error naming its key and line, write_setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import config as cfg
from companion.config import (
    DEFAULT_CONFIG_TEXT,
    Config,
    ConfigError,
    OledConfig,
    SeatConfig,
    default_config_path,
    load_config,
    parse_config,
    write_setting,
)

SHIPPED = Path(cfg.__file__).parents[1] / "config.default.toml"  # beside the config package


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, text))
    return info.value


# -- defaults and paths -----------------------------------------------------------------------------


def test_missing_file_means_all_defaults(tmp_path):
    config = load_config(tmp_path / "nope.toml")
    assert config == Config()
    assert config.source == tmp_path / "nope.toml"
    assert not config.is_file_present
    assert (config.language, config.profile, config.fullscreen, config.font) == ("auto", "800x480", False, "auto")
    assert config.devices.scanner.port == "/dev/dice-scanner"
    assert config.devices.scanner.baud == 115200
    assert config.devices.touchscreen.mode == "auto"
    assert len(config.devices.pads.seats) == 4


def test_default_pins_do_not_conflict_and_avoid_i2c_and_uart():
    pins = [pin for seat in Config().devices.pads.seats for pin in seat.pins.values()]
    assert len(pins) == len(set(pins)) == 12
    assert not set(pins) & {0, 1, 2, 3, 14, 15}
    assert all(0 <= pin <= 27 for pin in pins)


def test_empty_file_means_all_defaults(tmp_path):
    assert load_config(write(tmp_path, "# nothing here\n")) == Config()


def test_shipped_default_file_is_the_documented_text_and_loads_as_the_defaults():
    assert SHIPPED.read_text(encoding="utf-8") == DEFAULT_CONFIG_TEXT
    assert load_config(SHIPPED) == Config()
    assert parse_config(DEFAULT_CONFIG_TEXT) == Config()


def test_default_text_documents_the_pin_table():
    for seat in Config().devices.pads.seats:
        assert f"GPIO {seat.minus} " in DEFAULT_CONFIG_TEXT
        assert f"GPIO {seat.ok} " in DEFAULT_CONFIG_TEXT
    for word in ("zh-Hans", "zh-Hant", "720x1280", "sh1106", "mux_channel", '"off"', "COMPANION_CONFIG"):
        assert word in DEFAULT_CONFIG_TEXT


def test_default_config_path_follows_xdg_and_the_override(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert default_config_path() == tmp_path / "xdg" / "companion" / "config.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_config_path() == tmp_path / "home" / ".config" / "companion" / "config.toml"
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "other.toml"))
    assert default_config_path() == tmp_path / "other.toml"


def test_load_config_without_a_path_reads_the_default_path(monkeypatch, tmp_path):
    path = write(tmp_path, 'language = "en"\n')
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    assert load_config().language == "en"


def test_data_path(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert Config().data_path() == tmp_path / "data" / "companion"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert load_config(write(tmp_path, 'data_dir = "~/games"\n')).data_path() == tmp_path / "home" / "games"
    assert load_config(write(tmp_path, 'data_dir = "here"\n')).data_path() == tmp_path / "here"
    assert load_config(write(tmp_path, f'data_dir = "{tmp_path}/abs"\n')).data_path() == tmp_path / "abs"


def test_a_full_file(tmp_path):
    config = load_config(write(tmp_path, """
language = "zh-Hant"
profile = "720x1280"
fullscreen = true
font = "/usr/share/fonts/x.ttc"

[devices.pads]
mode = "real"
[[devices.pads.seats]]
minus = 4
plus = 5
ok = 6
oled = { driver = "sh1106", bus = 3, address = 0x3D }
[[devices.pads.seats]]
minus = 7
plus = 8
ok = 9

[devices.scanner]
mode = "simulated"
port = "/dev/ttyACM0"
baud = 9600

[devices.status_display]
mode = "simulated"

[devices.touchscreen]
mode = "off"
"""))
    assert config.language == "zh-Hant" and config.profile == "720x1280" and config.fullscreen
    assert config.devices.pads.mode == "real"
    assert config.devices.pads.seats == (
        SeatConfig(4, 5, 6, OledConfig("sh1106", 3, 0x3D, None)),
        SeatConfig(7, 8, 9, None),
    )
    assert (config.devices.scanner.mode, config.devices.scanner.port, config.devices.scanner.baud) == (
        "simulated", "/dev/ttyACM0", 9600)
    assert config.devices.touchscreen.mode == "off"


def test_config_is_frozen():
    with pytest.raises(AttributeError):
        Config().language = "en"  # type: ignore[misc]


# -- every error names its key and line -------------------------------------------------------------

ERRORS = [
    # (text, key, line, words in the message)
    ('\n\n[devices.scanner]\nmode = "auto"\nport = "/dev/x"\n\nbaud = "fast"\n',
     "devices.scanner.baud", 7, 'must be a whole number, got "fast"'),
    ('language = "en"\nlangauge = "en"\n', "langauge", 2, 'unknown key; did you mean "language"?'),
    ('[devices.scaner]\nport = "x"\n', "devices.scaner", 1, "unknown key"),
    ('[devices.pads]\nmode = "auto"\ncolour = "red"\n', "devices.pads.colour", 3, "unknown key (known here: mode, seats)"),
    ('devices.scanner.speed = 3\n', "devices.scanner.speed", 1, "unknown key"),
    ('language = "fr"\n', "language", 1, 'must be "auto", "zh-Hans", "zh-Hant" or "en", got "fr"'),
    ('# hi\nprofile = "1024x600"\n', "profile", 2, 'got "1024x600"'),
    ('fullscreen = "yes"\n', "fullscreen", 1, 'must be true or false, got "yes"'),
    ('fullscreen = 1\n', "fullscreen", 1, "must be true or false, got 1"),
    ('data_dir = 5\n', "data_dir", 1, "must be text in quotes, got 5"),
    ('font = ""\n', "font", 1, "must not be empty"),
    ('devices = 3\n', "devices", 1, "must be a table, got 3"),
    ('[devices.pads]\nmode = "sim"\n', "devices.pads.mode", 2, 'must be "auto", "real" or "simulated", got "sim"'),
    ('[devices.touchscreen]\nmode = "real"\n', "devices.touchscreen.mode", 2, 'must be "auto" or "off", got "real"'),
    ('[devices.scanner]\nbaud = 0\n', "devices.scanner.baud", 2, "must be at least 1, got 0"),
    ('[devices.scanner]\nbaud = true\n', "devices.scanner.baud", 2, "must be a whole number, got true"),
    ('[devices.scanner]\nport = ""\n', "devices.scanner.port", 2, "must not be empty"),
    ('[devices.status_display]\naddress = 0x27\n', "devices.status_display.address", 2, "must be 0x3C or 0x3D, got 0x27"),
    ('[devices.status_display]\ndriver = "ssd1309"\n', "devices.status_display.driver", 2, '"ssd1306" or "sh1106"'),
    ('[devices.pads]\nseats = 4\n', "devices.pads.seats", 2, "must be a list of seats"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\n\n[[devices.pads.seats]]\nminus = 7\nplus = 8\n',
     "devices.pads.seats[1].ok", 6, "missing: every seat needs minus, plus and ok"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 40\n', "devices.pads.seats[0].ok", 4, "must be from 0 to 27, got 40"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = "six"\n', "devices.pads.seats[0].ok", 4, 'got "six"'),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\nbutton = 7\n', "devices.pads.seats[0].button", 5, "unknown key"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\n[[devices.pads.seats]]\nminus = 7\nplus = 5\nok = 9\n',
     "devices.pads.seats[1].plus", 7, "GPIO 5 is already used by devices.pads.seats[0].plus"),
    ('[[devices.pads.seats]]\nminus = 2\nplus = 5\nok = 6\n', "devices.pads.seats[0].minus", 2, "I2C bus 1"),
    # Inline arrays of inline tables, across lines.
    ('devices.pads.seats = [\n  { minus = 4, plus = 5, ok = 6 },\n  { minus = 7, plus = 8, ok = 9, oled = { address = 0x3E } },\n]\n',
     "devices.pads.seats[1].oled.address", 3, "must be 0x3C or 0x3D, got 0x3E"),
    # A sub-table of the last array element.
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\n[devices.pads.seats.oled]\naddress = 0x3C\n'
     '[[devices.pads.seats]]\nminus = 7\nplus = 8\nok = 9\n[devices.pads.seats.oled]\nmux_channel = 8\n',
     "devices.pads.seats[1].oled.mux_channel", 12, "must be from 0 to 7, got 8"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\n[devices.pads.seats.oled]\ndriver = "ssd1306"\ncolour = 1\n',
     "devices.pads.seats[0].oled.colour", 7, "unknown key"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\noled = { bus = 1, address = 0x3C }\n'
     '[[devices.pads.seats]]\nminus = 7\nplus = 8\nok = 9\noled = { bus = 1, address = 0x3C, mux_channel = 2 }\n',
     "devices.pads.seats[1].oled.address", 10, "devices.pads.seats[0].oled is already on bus 1 at 0x3C"),
    ('[[devices.pads.seats]]\nminus = 4\nplus = 5\nok = 6\noled = { address = 0x3D }\n',
     "devices.pads.seats[0].oled.address", 5, "devices.status_display is already on bus 1 at 0x3D (its default"),
    # Strings that look like syntax must not fool the line finder.
    ('data_dir = "a # [b]"\nfont = """\n[devices]\n"""\n[devices.scanner]\nbaud = -1\n',
     "devices.scanner.baud", 6, "must be at least 1, got -1"),
    ("\"language\" = 'en'\n[devices.\"scanner\"]\n'mode' = \"never\"\n", "devices.scanner.mode", 3, 'got "never"'),
]


@pytest.mark.parametrize("text, key, line, words", ERRORS)
def test_every_error_names_key_and_line(tmp_path, text, key, line, words):
    error = error_of(tmp_path, text)
    assert (error.key, error.line) == (key, line), str(error)
    assert words in error.message
    assert str(error).startswith(f"config.toml line {line}: {key}: ")
    assert error.path == tmp_path / "config.toml"


def test_error_str_matches_the_documented_form(tmp_path):
    error = error_of(tmp_path, '[devices.scanner]\nbaud = "fast"\n')
    assert str(error) == 'config.toml line 2: devices.scanner.baud: must be a whole number, got "fast"'


@pytest.mark.parametrize("text, line, column", [
    ('language = "en\n', 1, 15),
    ('\nprofile = \n', 2, 11),
    ('[devices.scanner]\nbaud = 1\nbaud = 2\n', 3, None),
    ('[devices\n', 1, None),
])
def test_syntax_errors_keep_tomllibs_line_and_column(tmp_path, text, line, column):
    error = error_of(tmp_path, text)
    assert error.key is None
    assert error.line == line
    if column is not None:
        assert error.column == column
        assert str(error).startswith(f"config.toml line {line}, column {column}: not valid TOML: ")
    assert "not valid TOML" in error.message


def test_unreadable_file_is_a_config_error(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'language = "\xff"\n')
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(path)
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path)  # a directory


# -- write_setting ----------------------------------------------------------------------------------


def test_write_setting_keeps_comments_and_other_lines(tmp_path):
    original = (
        "# my table\n"
        'language = "auto"   # follow the system\n'
        "\n"
        "# the big screen\n"
        "profile = '800x480'\n"
        "[devices.scanner]\n"
        'port = "/dev/ttyACM0"  # no udev rule yet\n'
    )
    path = write(tmp_path, original)
    config = write_setting(path, "language", "zh-Hans")
    assert config.language == "zh-Hans"
    text = path.read_text(encoding="utf-8")
    assert text == original.replace('language = "auto"', 'language = "zh-Hans"')
    write_setting(path, "profile", "1280x720")
    text = path.read_text(encoding="utf-8")
    assert text == original.replace('language = "auto"', 'language = "zh-Hans"').replace(
        "profile = '800x480'", 'profile = "1280x720"')
    loaded = load_config(path)
    assert (loaded.language, loaded.profile, loaded.devices.scanner.port) == ("zh-Hans", "1280x720", "/dev/ttyACM0")


def test_write_setting_round_trip_on_the_default_file(tmp_path):
    path = tmp_path / "sub" / "config.toml"
    write_setting(path, "language", "en")  # missing: created from the documented default
    text = path.read_text(encoding="utf-8")
    assert text == DEFAULT_CONFIG_TEXT.replace('\nlanguage = "auto"\n', '\nlanguage = "en"\n')
    write_setting(path, "language", "auto")
    assert path.read_text(encoding="utf-8") == DEFAULT_CONFIG_TEXT
    write_setting(path, "fullscreen", True)
    assert load_config(path) == Config(fullscreen=True)


def test_write_setting_adds_a_missing_key_to_the_root_table(tmp_path):
    path = write(tmp_path, "# comments first\n\n[devices.scanner]\nbaud = 9600\n")
    write_setting(path, "profile", "720x1280")
    text = path.read_text(encoding="utf-8")
    assert text == '# comments first\n\nprofile = "720x1280"\n[devices.scanner]\nbaud = 9600\n'
    config = load_config(path)
    assert (config.profile, config.devices.scanner.baud) == ("720x1280", 9600)


def test_write_setting_does_not_touch_a_same_named_key_in_a_section(tmp_path):
    path = write(tmp_path, '[devices.touchscreen]\nmode = "off"\n')
    write_setting(path, "language", "zh-Hant")
    assert load_config(path).language == "zh-Hant"
    assert load_config(path).devices.touchscreen.mode == "off"


def test_write_setting_refuses_bad_values_and_leaves_the_file_alone(tmp_path):
    path = write(tmp_path, 'language = "en"  # keep\n')
    with pytest.raises(ConfigError) as info:
        write_setting(path, "language", "klingon")
    assert info.value.key == "language" and info.value.line == 1
    with pytest.raises(ValueError):
        write_setting(path, "devices", "x")
    assert path.read_text(encoding="utf-8") == 'language = "en"  # keep\n'
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_write_setting_writes_unicode_and_escapes(tmp_path):
    path = write(tmp_path, 'font = "auto"\n')
    write_setting(path, "font", '/字体/"odd".ttc')
    assert load_config(path).font == '/字体/"odd".ttc'


def test_write_setting_defaults_to_the_default_path(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "c.toml"))
    write_setting(None, "profile", "1280x720")
    assert load_config().profile == "1280x720"


def test_configuration_doc_shows_the_shipped_default_file():
    """docs/configuration.md embeds the default file verbatim, so the docs can't drift from the code."""
    from pathlib import Path

    from companion.config import DEFAULT_CONFIG_TEXT

    doc = (Path(__file__).resolve().parents[1] / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert DEFAULT_CONFIG_TEXT.strip() in doc
