"""`companion …`: the composition root. The one place that picks real or simulated devices and wires
config, journal store, session and UI together. Heavy imports (Kivy, device libraries) happen only in
the sub-command that needs them, so `companion replay` and `companion doctor` start in milliseconds.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from companion import __version__

LANGUAGES = ("auto", "zh-Hans", "zh-Hant", "en")
PROFILES = ("800x480", "1280x720", "720x1280")
class Calculators:
    """The games with a calculator mode (`Game.has_calculator`), as argparse's `choices` for
    `companion score GAME`: asking whether one game is among them imports only that game's rules,
    so building the parser at every start imports none (listing them, for an error, imports all)."""

    def __contains__(self, game_id: object) -> bool:
        from companion.games import all_rules

        rules = all_rules()
        return isinstance(game_id, str) and game_id in rules and bool(rules[game_id].has_calculator)

    def __iter__(self):
        from companion.games import all_rules

        rules = all_rules()
        return iter([game_id for game_id in rules if game_id in self])


class GameAndDir(argparse.Action):
    """`--docs DIR` or `--docs GAME DIR`: argparse has no `nargs` for one or two values."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        if not isinstance(values, list) or len(values) > 2:
            parser.error(f"{option_string} takes DIR, or GAME DIR")
        setattr(namespace, self.dest, values)


class DocsHelpFormatter(argparse.HelpFormatter):
    """Shows `--docs [GAME] DIR` as such (nargs="+" alone would read "DOCS [DOCS ...]")."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if isinstance(action, GameAndDir):
            return "[GAME] DIR"
        return super()._format_args(action, default_metavar)


PAD_MODES = ("auto", "real", "simulated")
STATUS_MODES = ("auto", "real", "simulated", "off")
SCANNER_MODES = ("auto", "real", "simulated")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="companion",
        description="A board-game table companion: it keeps a game's books (scores, bids, dice) on a "
        "touchscreen, with handheld pads and a dice scanner. Without a sub-command it starts the "
        "touchscreen app, resuming the unfinished game if there is one.",
    )
    p.add_argument("--version", action="version", version=f"companion {__version__}")
    p.add_argument("--config", type=Path, help="config file (default: $XDG_CONFIG_HOME/companion/config.toml)")
    p.add_argument("--game", help="open the new-game screen of this game (e.g. scorepad)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="JOURNAL",
                   help="resume the latest unfinished game, or the given journal file")
    p.add_argument("--home", action="store_true", help="start at the home screen even if a game is unfinished")
    p.add_argument("--fullscreen", action="store_true", default=None, help="full screen (kiosk)")
    p.add_argument("--lang", choices=LANGUAGES, help="language of the screens and of replay, score and doctor "
                   "(default: the config's)")
    p.add_argument("--profile", choices=PROFILES, help="display profile")
    p.add_argument("--input-script", type=Path, metavar="FILE",
                   help="play a script of simulated inputs (see docs/input-script.md)")
    p.add_argument("--pads", choices=PAD_MODES, help="handheld pads: real GPIO buttons and OLEDs, their simulated "
                   "twin (keyboard keys, private panels, PNG files), or auto (real where found); "
                   "default: [devices.pads] mode in the config")
    p.add_argument("--pad-png-dir", type=Path, metavar="DIR",
                   help="where the simulated pads write each pad's OLED image (pad-seat1.png ...); default: "
                   "$XDG_RUNTIME_DIR/companion/pads, else pads/ in the data directory")
    p.add_argument("--status-display", choices=STATUS_MODES, metavar="MODE",
                   help="the table status OLED (season, round, time track): real, its simulated twin (a PNG "
                   "file), auto (real where found, else the twin) or off; default: [devices.status_display] "
                   "mode in the config")
    p.add_argument("--status-png", type=Path, metavar="PATH",
                   help="where the simulated status display writes its image; default: "
                   "$XDG_RUNTIME_DIR/companion/status.png, else status.png in the data directory")
    p.add_argument("--scanner", choices=SCANNER_MODES, metavar="MODE",
                   help="the dice scanner: real (read the serial port, and keep trying while it is away), "
                   "simulated (a twin in this process; the dice tray gets a Roll button) or auto (real if the "
                   "port exists, else simulated); default: [devices.scanner] mode in the config")
    p.add_argument("--scanner-port", metavar="PATH",
                   help="the scanner's serial port (default: [devices.scanner] port, /dev/dice-scanner); "
                   "/tmp/dice-scanner reads a running scanner-sim")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="print a journal's final state and scores (public view only)")
    r.add_argument("journal", type=Path)
    r.add_argument("--json", action="store_true", help="machine-readable output")

    sub.add_parser("doctor", help="check each configured device: found, simulated or missing, with the fix")

    sc = sub.add_parser("score", help="calculator mode: score a snapshot of a season's or the game's end "
                        "(its format: docs/<game>-snapshot.md)")
    sc.add_argument("game", choices=Calculators(), metavar="GAME", help="the game of the snapshot (one with a calculator mode)")
    sc.add_argument("snapshots", type=Path, nargs="+", metavar="SNAPSHOT",
                    help="the snapshot (JSON); several are scored one after another")
    sc.add_argument("--json", action="store_true", help="machine-readable output")

    ex = sub.add_parser("export", help="write every finished play: BG Stats' push JSON and/or CSV "
                        "(one row per player per play); an unfinished game is never exported")
    ex.add_argument("--bgstats", type=Path, metavar="FILE.json", help="BG Stats' push JSON of every play")
    ex.add_argument("--csv", type=Path, metavar="FILE.csv", help="one row per player per play")
    ex.add_argument("--since", metavar="DATE", help="only plays that ended on or after this UTC date (YYYY-MM-DD)")
    ex.add_argument("journals", type=Path, nargs="*", metavar="JOURNAL",
                    help="these journals only (default: every game in the data directory); an unfinished "
                    "one is refused")

    s = sub.add_parser("screenshot", help="render one screen offscreen to a PNG and exit",
                       formatter_class=DocsHelpFormatter)
    s.add_argument("out", type=Path, nargs="?", help="the PNG to write")
    s.add_argument("--docs", nargs="+", action=GameAndDir,
                   help="instead: write the documentation's pictures in zh-Hans and en at 800x480: with DIR "
                   "alone every shell screen into DIR and each game's demo states into DIR/<game> "
                   "(docs/screenshots), with GAME DIR that game's into DIR")
    s.add_argument("--screen", metavar="SCREEN", default=None,
                   help="the screen to show: the shell's (home, setup, table, history, settings) or a game's "
                   "own; default: home, or the demo state's own screen")
    s.add_argument("--game", dest="shot_game", metavar="GAME", default=None,
                   help="show this game's demo (default: the game whose own screen --screen names)")
    s.add_argument("--state", metavar="NAME", default=None,
                   help="the state of the game's demo (default: the first one its screen shows)")
    s.add_argument("--lang", dest="shot_lang", choices=LANGUAGES[1:], default="en")
    s.add_argument("--profile", dest="shot_profile", choices=PROFILES, default="800x480")
    return p


def _setup_logging() -> None:
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    # Kivy sets its logger's level from its config at import; at the table only warnings are worth a line.
    os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(name)s: %(message)s")


def _prepare_kivy() -> None:
    """Kivy's environment, set here, at the entry point, before any sub-command can import Kivy
    (Kivy reads it once, at its own import; the UI modules no longer set it themselves)."""
    from companion.ui.shell.environment import prepare

    prepare()


def _load_config(path: Path | None):
    from companion.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def has_display() -> bool:
    """SDL needs X, Wayland or a DRM/KMS device (a Pi console); offscreen is only for tests/screenshots."""
    if os.environ.get("SDL_VIDEODRIVER") == "offscreen":
        return True
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    return any(Path("/dev/dri").glob("card*")) if Path("/dev/dri").is_dir() else False


#: `companion` exits with this when another companion owns the data directory (one table, one owner).
EXIT_TABLE_BUSY = 5


def run_app(args: argparse.Namespace) -> int:
    """`companion [run]`: the app. CPython's cyclic collector stays off while the app starts: the
    imports and the first screen make objects that live as long as the app, not garbage, and its
    passes over them cost 75 ms before the first frame (a bare Kivy app pays 20). From the first
    screen on the app's idle collector schedules every pass (`ui.shell.idle_collector`)."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run_app(args)
    finally:
        if collecting:
            gc.enable()


def _run_app(args: argparse.Namespace) -> int:
    from companion.core.owner import TableBusy
    from companion.games import built_games
    from companion.start_data import load_config_or_defaults, open_store

    config, notices = load_config_or_defaults(args.config)
    if args.game and args.game not in built_games():
        playable = ", ".join(sorted(built_games()))
        print(f"companion: --game {args.game}: not playable in this version (playable: {playable})", file=sys.stderr)
        return 2
    if not has_display():
        print(
            "companion: no screen found (no X or Wayland session and no /dev/dri display).\n"
            "  On a Raspberry Pi, connect the display and run from its console or desktop;\n"
            "  on a laptop, run from the desktop. To see the screens without one:\n"
            "  companion screenshot home.png",
            file=sys.stderr,
        )
        return 3
    try:
        started = open_store(config)
    except TableBusy as exc:
        print(f"companion: {exc}: one table, one app. Use that one, or close it first "
              f"(kill {exc.pid})." if exc.pid else f"companion: {exc}: one table, one app.", file=sys.stderr)
        return EXIT_TABLE_BUSY
    except OSError as exc:  # not even a temporary folder: nowhere to keep a single step
        print(f"companion: no folder to keep the games in: {exc}", file=sys.stderr)
        return 1
    try:
        return _run_started(args, started, notices)
    finally:
        started.release()


def _run_started(args: argparse.Namespace, started: Any, notices: list) -> int:
    """The app on the data directory start-up claimed (`start_data.Started`); `notices`: the
    config's, shown on home with the data directory's and the store's."""
    from companion.config import ConfigError, write_setting
    from companion.core.errors import IllegalCommand, JournalError
    from companion.games import built_games
    from companion.session import Session

    config = started.config
    session = Session(built_games(), started.store)
    session.start_notices.extend([*notices, *started.notices])
    start_screen = "home"
    # The game a plain start resumes, found once: resuming it by its path lists the shelf no second time.
    latest = None if args.resume or args.home or args.game else session.resumable()
    if args.resume or latest is not None:
        from companion.ui.text.i18n import set_language

        set_language(args.lang or config.language)  # what it meets is said in the table's language
        given = None if args.resume in (None, "latest") else args.resume
        try:
            session.resume(given if given is not None or latest is None else latest.path)
            start_screen = "table"
        except (IllegalCommand, JournalError) as exc:
            print(_could_not_resume(given, exc, session), file=sys.stderr)
            if args.resume:
                return 2
    if args.game:
        start_screen = "setup"

    config_path = args.config

    def on_settings_changed(language: str, profile: str) -> None:
        from companion.config import default_config_path

        target = config_path or default_config_path()
        try:
            write_setting(target, "language", language)
            write_setting(target, "profile", profile)
        except (ConfigError, OSError) as exc:  # a read-only or broken config: the choice holds until restart
            logging.getLogger("companion.config").warning("settings not saved to %s: %s", target, exc)

    on_ready = None
    script_result = None
    if args.input_script:
        from companion.ui.shell.script import ScriptError, ScriptResult, load_script, play_script
        from companion.wiring.script_keys import ScriptKeys

        try:
            steps = load_script(args.input_script)
        except ScriptError as exc:
            print(f"companion: {exc}", file=sys.stderr)
            return 2
        script_result = ScriptResult()
        on_ready = lambda app: play_script(app, steps, script_result, keys=ScriptKeys)  # noqa: E731

    pads = choose_pads(config, args)
    status = choose_status(config, args)
    scanner = choose_scanner(config, args)

    from companion.ui.shell.app import run_app as run_kivy_app

    try:
        code = run_kivy_app(
            session,
            language=args.lang or config.language,
            profile=args.profile or config.profile,
            fullscreen=config.fullscreen if args.fullscreen is None else True,
            font=None if config.font == "auto" else config.font,
            start_screen=start_screen,
            on_settings_changed=on_settings_changed,
            on_ready=on_ready,
            exit_after_first_frame=os.environ.get("COMPANION_EXIT_AFTER_FIRST_FRAME") == "1",
            games=game_choices(),
            start_game=args.game,
            pad_count=len(config.devices.pads.seats),
            pad_plan=pads,
            status_plan=status,
            scanner_plan=scanner,
            speech_plan=choose_speech(config),
            keyboard=choose_keyboard(config, config.fullscreen if args.fullscreen is None else True),
        )
        if script_result is not None and script_result.error:
            return 4
        return code
    finally:
        session.shutdown()


def choose_keyboard(config: Any, fullscreen: bool) -> Any:
    """The on-screen keyboard for names: `[devices.keyboard]` decided (in full screen or with no
    keyboard plugged in by default), with the owner's names file."""
    from companion.ui.shell.keyboard_names import plan_keyboard

    kb = config.devices.keyboard
    return plan_keyboard(kb.mode, kb.names_path(config.source), fullscreen=fullscreen)


def _could_not_resume(given: str | None, exc: Exception, session: Any) -> str:
    """What `--resume PATH` (or the resume at start) met, plainly and in the table's language: the
    reason (a name that is no journal's, not companion's, damaged, busy, newer …) and what the
    store did and advises for that file (its `DataNotice`: set aside, left as it is, and the fix)."""
    from companion.core.errors import IllegalCommand, JournalError
    from companion.ui.text import cli_words as w
    from companion.ui.text.i18n import _, join_sentences, translate_data_notice, translate_notice, translate_rule

    if isinstance(exc, (IllegalCommand, JournalError)):
        reason = translate_notice(exc.template, exc.params)
        if isinstance(exc, IllegalCommand):
            reason = f"{reason} [{translate_rule(exc.rule)}]"
    else:
        reason = str(exc)
    lines = [_(w.COULD_NOT_RESUME_PATH).format(path=given, reason=reason) if given else
             _(w.COULD_NOT_RESUME).format(reason=reason)]
    name = Path(given).name if given else (Path(exc.path).name if isinstance(exc, JournalError) else "")
    for notice in session.data_notices():
        if name and name in (notice.path.name, notice.params.get("file")):
            lines.append("  " + join_sentences(translate_data_notice(notice)))
    return "\n".join(lines)


def pad_png_dir(config, override: Path | None = None) -> Path:
    """Where simulated pads write their PNG twins: a runtime folder (tmpfs on a Pi, so frequent
    writes spare the SD card) when there is one, else pads/ in the data directory."""
    if override is not None:
        return override
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isabs(runtime) and os.path.isdir(runtime):
        return Path(runtime) / "companion" / "pads"
    return config.data_path() / "pads"


def choose_pads(config, args: argparse.Namespace):
    """The composition root's one choice for the pads: real or simulated (`--pads` over the
    config's `[devices.pads] mode`; "auto" probes the GPIO chip), logged with the reason."""
    from companion.wiring.pad_plan import plan_pads as decide

    plan = decide(config.devices.pads, mode=args.pads, png_dir=pad_png_dir(config, args.pad_png_dir))
    logging.getLogger("companion.pads").info("pads: %s (%d configured)", plan.reason, plan.pad_count)
    return plan


def status_png_path(config, override: Path | None = None) -> Path:
    """Where the simulated status display writes its PNG twin: beside the pads' (a runtime folder,
    tmpfs on a Pi), else status.png in the data directory."""
    if override is not None:
        return override
    return pad_png_dir(config).parent / "status.png"  # $XDG_RUNTIME_DIR/companion or the data directory


def choose_speech(config):
    """The composition root's choice for the spoken call: off (the setting), the SDL sound when
    there is an audio device, else the WAV twin beside the pads' PNGs; logged with the reason."""
    from companion.wiring.speech import plan_speech

    runtime = pad_png_dir(config).parent
    plan = plan_speech(config.devices.speech, cache_dir=config.data_path() / "speech",
                       twin_path=runtime / "speech.wav")
    logging.getLogger("companion.speech").info("speech: %s", plan.reason)
    return plan


def choose_status(config, args: argparse.Namespace):
    """The composition root's one choice for the status display: real, simulated or off
    (`--status-display` over the config's `[devices.status_display] mode`; "auto" probes I2C)."""
    from companion.wiring.status import plan_status

    plan = plan_status(config.devices.status_display, mode=args.status_display,
                       png_path=status_png_path(config, args.status_png))
    logging.getLogger("companion.status").info("status display: %s", plan.reason)
    return plan


def choose_scanner(config, args: argparse.Namespace):
    """The composition root's one choice for the dice scanner: real or simulated (`--scanner` over
    the config's `[devices.scanner] mode`, `--scanner-port` over its `port`; "auto" looks for the
    port), logged with the reason. The reader itself starts after the first frame."""
    from companion.wiring.scanner_plan import plan_scanner

    plan = plan_scanner(config.devices.scanner, mode=getattr(args, "scanner", None),
                        port=getattr(args, "scanner_port", None))
    logging.getLogger("companion.scanner").info("dice scanner: %s", plan.reason)
    return plan


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _setup_logging()
    _prepare_kivy()
    if args.command == "replay":
        from companion.games import all_rules
        from companion.replay import run
        from companion.ui.gamewords import game_words_by_id
        from companion.ui.shell.choices import register
        from companion.ui.text.i18n import set_language

        set_language(args.lang or _load_config(args.config).language)
        choices = game_choices()
        register(choices)  # the games' titles, by id
        # the games' words without their screens: no Kivy for a command that draws nothing
        return run(str(args.journal), args.json, all_rules(), game_words_by_id(choices) if not args.json else None)
    if args.command == "doctor":
        from companion.doctor import exit_code, format_report, run_doctor
        from companion.ui.text.i18n import set_language

        config = _load_config(args.config)
        set_language(args.lang or config.language)
        probes = run_doctor(config)
        print(format_report(probes))
        return exit_code(probes)
    if args.command == "screenshot":
        return screenshot(args)
    if args.command == "score":
        return score(args)
    if args.command == "export":
        return export(args)
    return run_app(args)


def export(args: argparse.Namespace) -> int:
    """`companion export [--bgstats FILE.json] [--csv FILE.csv] [--since DATE] [JOURNAL…]`: every
    finished play of the data directory (or the journals named), only read. Exit 2 with a message
    naming the rule for a bad date, a journal that is not finished or nothing to write."""
    import datetime as dt

    from companion.core.errors import IllegalCommand, JournalError
    from companion.core.journal import Journal
    from companion.core.plays import NotFinished, finished_plays, read_plays, record_of
    from companion.core.plays_export import bgstats_text, csv_text, titles_from
    from companion.games import all_rules, registry

    if args.bgstats is None and args.csv is None:
        print("companion export: say what to write: --bgstats FILE.json and/or --csv FILE.csv", file=sys.stderr)
        return 2
    since = None
    if args.since:
        try:
            since = dt.date.fromisoformat(args.since)
        except ValueError:
            print(f"companion export: --since must be a date as YYYY-MM-DD, not {args.since!r}", file=sys.stderr)
            return 2
    games = all_rules()
    if args.journals:
        records = []
        for path in args.journals:
            try:
                with Journal.read(path) as journal:
                    game = games.get(journal.game)
                    if game is None:
                        raise IllegalCommand("export", "{file}: its game {game} is not installed here.",
                                             file=path.name, game=journal.game)
                    records.append(record_of(game, journal))
            except (IllegalCommand, JournalError) as exc:
                print(f"companion export: {exc}", file=sys.stderr)
                return 2
        records = [r for r in records if since is None or r.end.date() >= since]
        skipped: list[str] = []
    else:
        records, skipped = finished_plays(_load_config(args.config).data_path() / "games", games, since)
    for line in skipped:
        print(f"companion export: skipped {line}", file=sys.stderr)
    title = titles_from({entry.id: entry.title for entry in registry()})
    bgg = lambda game_id: games[game_id].bgg if game_id in games else None  # noqa: E731
    if args.bgstats is not None:
        _write_export(args.bgstats, bgstats_text(records, title, bgg))
    if args.csv is not None:
        _write_export(args.csv, csv_text(records, title))
    print(f"exported {len(records)} finished play{'s' if len(records) != 1 else ''}")
    return 0


def _write_export(path: Path, text: str) -> None:
    """Writes an export whole or not at all (a temporary file renamed over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".part")
    temp.write_text(text, encoding="utf-8", newline="")
    temp.replace(path)


def score(args: argparse.Namespace) -> int:
    """`companion score GAME SNAPSHOT.json… [--json]`: each snapshot's breakdown in turn, in the
    language of `--lang` (else the config's) where the game's UI words it; exit 2 if any snapshot
    was wrong, naming the file and what (the others are still scored)."""
    import json

    from companion.games import all_rules
    from companion.ui.gamewords import game_words_by_id
    from companion.ui.text.i18n import set_language

    rules = all_rules()[args.game]
    set_language(args.lang or _load_config(args.config).language)
    words = game_words_by_id(game_choices()).get(args.game)  # no Kivy: see companion.ui.gamewords
    several = len(args.snapshots) > 1
    failed = False
    for index, path in enumerate(args.snapshots):
        result = _score_one(rules, path)
        if result is None:
            failed = True
            continue
        if args.json:
            print(json.dumps({"file": str(path), **result} if several else result, ensure_ascii=False, indent=2))
            continue
        if several:
            print(("\n" if index else "") + f"== {path} ==")
        text = words.format_scores(result) if words is not None else None
        sys.stdout.write(text if text is not None else rules.format_scores(result))
    return 2 if failed else 0


def _score_one(rules: Any, path: Path) -> Any:
    """One snapshot's result, or None after telling stderr what is wrong with it."""
    import json

    from companion.core.errors import IllegalCommand

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        print(f"companion score: {path}: {exc.strerror or exc}", file=sys.stderr)
        return None
    except (ValueError, UnicodeDecodeError) as exc:
        print(f"companion score: {path}: not JSON: {exc}", file=sys.stderr)
        return None
    try:
        return rules.score_snapshot(data)
    except IllegalCommand as exc:
        from companion.ui.text.i18n import translate_notice, translate_rule

        print(f"companion score: {path}: {translate_notice(exc.template, exc.params)} [{translate_rule(exc.rule)}]",
              file=sys.stderr)
        return None


def game_choices() -> tuple:
    """The home screen's list, every game built or not, as plain values (the UI never sees rules).
    A game whose registry line names a set-up offer (`GameEntry.offer`) adds what its set-up
    screen offers: player colours and its S/U settings with their sources and alternatives."""
    from companion.games import registry
    from companion.ui.shell.choices import SettingInfo, SettingOption, choices_from_registry

    entries = registry()
    extras = {}
    for entry in entries:
        offer = entry.setup_offer()
        if offer is not None:
            settings = tuple(SettingInfo(name, shown, source, tuple(SettingOption(label, value) for label, value in options))
                             for name, shown, source, options in offer["settings"])
            extras[entry.id] = {"colours": tuple(offer["colours"]), "settings": settings,
                                "offer": {k: v for k, v in offer.items() if k not in ("colours", "settings")}}
    return choices_from_registry(entries, extras)


def screenshot(args: argparse.Namespace) -> int:
    """`companion screenshot OUT [--screen S] [--game G] [--state NAME]`: one picture over a demo
    session; `--docs [GAME] DIR`: the documentation's pictures. Exit 2 naming what was unknown."""
    from companion.demo import DemoError, pick_shot, shoot
    from companion.ui.shell.environment import prepare

    prepare(offscreen=True)
    try:
        if args.docs:
            return _docs(args.docs)
        if args.out is None:
            print("companion screenshot: give the PNG to write, or --docs [GAME] DIR", file=sys.stderr)
            return 2
        choices = game_choices()
        shot = pick_shot(choices, args.screen, args.shot_game, args.state)
        print(shoot(args.out, args.shot_lang, args.shot_profile, choices, shot))
        return 0
    except DemoError as exc:
        print(f"companion screenshot: {exc}", file=sys.stderr)
        return 2


def _docs(values: Sequence[str]) -> int:
    """`--docs DIR` (every picture) or `--docs GAME DIR` (one game's demo states)."""
    from companion.demo import game_demo
    from companion.ui.shell.screenshot import regenerate_demo_docs, regenerate_docs

    if len(values) == 1:
        written = regenerate_docs(Path(values[0]), game_choices())
    else:
        game, out_dir = values
        written = regenerate_demo_docs(Path(out_dir), game, game_demo(game, game_choices()).states)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
