"""`companion doctor`: each device found, simulated or missing, with the fix; data and journals usable.

The probes (`hardware.detect`) only say what is there. Here the config decides what that means:

- mode "simulated": the twin is used and nothing is probed ("simulated, by config");
- mode "auto": a device found is used; otherwise the twin, and the fix that would make it real;
- mode "real": a device not found is a problem ("missing" or "fail"), and the exit code says so.

Beyond "is it there": every pad's pins are claimed and let go (free? a button stuck?), each OLED's
address must answer, the scanner must answer a hello in its protocol, and every journal is read
with its own checks, every event's checksum included. The doctor changes nothing on disk: it
reads journals read-only, moves no file and takes no lock. The exit code is 1 when any check fails or a required thing is missing
(the data directory and the journals are always required); "warn" and "skip" rows do not count.
Everything the probes touch is injectable (`root` for /dev, /proc, /sys and /etc; `ping` for I2C;
`opener` and `exchange` for serial ports; `pin_factory` for GPIO), so tests run the doctor against
a fake tree, gpiozero's mock pins and a pseudo-terminal.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.config import Config
from companion.core.errors import BusyJournal, CorruptJournal, ForeignJournal, JournalError, NewerJournal, UnreadableJournal
from companion.core.journal import Journal
from companion.core.journal_files import is_file
from companion.core.owner import holder
from companion.core.store import META_CLOSED, SUFFIX
from companion.core.tidy import leftovers
from hardware import detect
from hardware.detect import FAIL, FOUND, MISSING, OK, SIMULATED, SKIP, WARN, Probe
from hardware.speech.probe import probe_audio, probe_speech, probe_speech_off


#: How a simulated device's detail is said (the templates `format_report` translates, with each part).
SAY_BY_CONFIG = "simulated, by config: {twin}"
SAY_SIMULATED = "simulated ({why}): {detail}; {twin}"
SAY_NO_DEVICE, SAY_NOT_USABLE = "no device found", "device not usable"
SAY_NO_CONFIG = "{source} is not there: all defaults"
SAY_ONE_GAME = "{count} game in {games} ({unfinished} unfinished)"
SAY_GAMES = "{count} games in {games} ({unfinished} unfinished)"
SAY_NOT_A_PI = "not a Raspberry Pi: in mode \"auto\" the devices are simulated"
SAY_SEATS, SAY_ONE_SEAT = "{count} seats, GPIO −/+/ok {pins}", "{count} seat, GPIO −/+/ok {pins}"
SAY_NO_SEATS = "no seats configured"
SAY_NO_CHIP = "the GPIO chip cannot be opened: {detail}"


def _apply_mode(mode: str, name: str, probe: Callable[[], Probe], twin: str) -> Probe:
    """The config's view of one device probe; `twin` says what stands in when it is simulated."""
    if mode == "simulated":
        return Probe(name, SIMULATED, **detect.saying(SAY_BY_CONFIG, twin=twin))
    raw = probe()
    if raw.status in (FOUND, OK):
        return Probe(name, FOUND, raw.detail, said=raw.said, required=mode == "real")
    if raw.status in (WARN, SKIP):  # usable (or not checkable): no twin stands in
        return dataclasses.replace(raw, required=mode == "real")
    if mode == "real":
        return dataclasses.replace(raw, name=name, required=True)
    why = SAY_NO_DEVICE if raw.status == MISSING else SAY_NOT_USABLE
    return Probe(name, SIMULATED, fix=raw.fix, fix_said=raw.fix_said,
                 **detect.saying(SAY_SIMULATED, why=why, detail=raw.said or raw.detail, twin=twin))


def _seat_pins(config: Config) -> Any:
    """The seats' pins, as a `said` part: "2 seats, GPIO −/+/ok 0: 5/6/13; 1: …"."""
    seats = config.devices.pads.seats
    pins = "; ".join(f"{i}: {s.minus}/{s.plus}/{s.ok}" for i, s in enumerate(seats))
    return detect.said(SAY_SEATS if len(seats) != 1 else SAY_ONE_SEAT, count=len(seats), pins=pins) if seats else (
        SAY_NO_SEATS)


def _one_line(text: str, limit: int = 160) -> str:
    """SQLite's integrity report spans lines (one per damaged cell): its start says enough."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


SAY_RESCUE = ("this game cannot be resumed as it is; companion sets the file aside at its next start (renamed "
              "{name}.set-aside-<time>, never deleted); {intact}to rescue what is readable by hand: "
              "sqlite3 {path} .recover | sqlite3 {rescued} (sudo apt-get install sqlite3), "
              "then look at it: companion replay {rescued}")
SAY_INTACT = "steps 1 to {last} can be recovered into a new game from home; "
#: The journals' row: its notes after the count, each with the files it names.
SAY_IN_USE = "in use by companion (pid {pid}) now"
SAY_HOLDING_NO_STEP = ("{count} holding no step, left when companion stopped while making a game "
                       "(removed at its next start): {names}")
SAY_UNSTARTED = "{count} without a set-up step (never resumed): {names}"
SAY_SUMMARIES = ("{count} whose history summaries do not match their steps (made again from the steps when "
                 "the history is next shown): {names}")
SAY_FOREIGN = "not companion journals (left as they are, never opened): {names}"
SAY_BUSY = "in use by another program, not checked: {names}"
SAY_EARLIER = "{count} set aside earlier (kept for rescue by hand): {names}"
SAY_DAMAGED = "damaged: {files}"
SAY_REFUSED = "refused, written by a newer companion: {names}"
SAY_UNREADABLE = "cannot be read: {files}"
SAY_FILE_REASON = "{file}: {reason}"
SAY_NOT_A_FOLDER = "{games} is not a folder you can read and write"
SAY_UNLISTED = "the journals in {games} cannot be read: {detail}"
FIX_PERMISSIONS = "check the files' owner and permissions: ls -l {games}"
FIX_NEWER = "update companion to open them (they were left untouched)"
FIX_BUSY = "close the program holding a busy journal (fuser FILE)"
FIX_FOREIGN = "nothing to do: companion moves them out of the way, keeping their bytes"


def _rescue(exc: CorruptJournal) -> dict[str, Any]:
    path = Path(exc.path)
    intact = detect.said(SAY_INTACT, last=exc.step - 1) if exc.step is not None and exc.step > 1 else ""
    return detect.fixing(SAY_RESCUE, name=path.name, intact=intact, path=str(path),
                         rescued=f"{path.stem}-rescued{SUFFIX}")


def _names(paths: Sequence[Path]) -> str:
    return ", ".join(p.name for p in paths)


def _reason(exc: JournalError) -> Any:
    """A journal's error as a `said` part: its template with its params (SQLite's report on one
    line), or its message, which is its own msgid when it has none."""
    if not exc.params:
        return _one_line(exc.message)
    return detect.said(exc.template, **{k: v if getattr(v, "is_msgid", False) else _one_line(str(v))
                                        for k, v in exc.params.items()})


def _each_file(errors: Sequence[JournalError]) -> Any:
    """"a.journal: why; b.journal: why" as one `said` part."""
    return detect.said_in_turn(*(detect.said(SAY_FILE_REASON, file=Path(exc.path).name, reason=_reason(exc))
                                 for exc in errors))


def probe_journals(data_dir: Path) -> Probe:
    """Reads every journal as `companion replay` would (`Journal.read`: the header, SQLite's
    quick_check, format, version, schema, and every event's checksum), and counts games. Changes
    nothing on disk and waits for nobody: it only reads, takes no lock, and works beside a
    running app (whose pid it names).

    A damaged journal fails the doctor, naming the file, the step and what to do; the app sets it
    aside at its next start. A file that is no companion journal is only named (the app moves it
    aside); one written by a newer companion, or one that cannot be read, fails; what a kill left
    that holds no step is named as what the app's next start removes. Every note is said in the
    table's language (`Probe.said`), the files by their names."""
    games = data_dir / "games"
    if not games.exists():
        return Probe("journals", OK, "no games yet", required=True)
    if not games.is_dir() or not os.access(games, os.R_OK | os.W_OK | os.X_OK):
        return Probe("journals", FAIL, **detect.saying(SAY_NOT_A_FOLDER, games=str(games)),
                     **detect.fixing(detect.FIX_OWN, path=str(data_dir)), required=True)
    count = unfinished = 0
    damaged: list[CorruptJournal] = []
    refused: list[NewerJournal] = []
    unreadable: list[JournalError] = []
    foreign: list[Path] = []
    busy: list[Path] = []
    unstarted: list[Path] = []
    remade: list[Path] = []  # history summaries that do not match their steps (a cache: no failure)
    empty = set(leftovers(games))
    try:
        paths = sorted(games.glob(f"*{SUFFIX}"))
    except OSError as exc:
        return Probe("journals", FAIL, **detect.saying(SAY_UNLISTED, games=str(games), detail=str(exc)),
                     **detect.fixing(FIX_PERMISSIONS, games=str(games)), required=True)
    for path in paths:
        if path in empty or not is_file(path):
            continue
        try:
            with Journal.read(path) as journal:
                journal.verify()
                if journal.mismatched_summaries():
                    remade.append(path)
                if journal.last_step == 0:
                    unstarted.append(path)
                    continue
                count += 1
                unfinished += not journal.is_finished and not journal.meta.get(META_CLOSED)  # closed from home: past
        except CorruptJournal as exc:
            damaged.append(exc)
        except ForeignJournal:
            foreign.append(path)
        except NewerJournal as exc:
            refused.append(exc)
        except BusyJournal:
            busy.append(path)
        except UnreadableJournal as exc:
            unreadable.append(exc)
        except JournalError:  # gone meanwhile
            continue
    notes: list[Any] = [detect.said(SAY_ONE_GAME if count == 1 else SAY_GAMES, count=count, games=str(games),
                                    unfinished=unfinished)]
    pid = holder(data_dir)
    if pid:
        notes.append(detect.said(SAY_IN_USE, pid=pid))
    if empty:
        notes.append(detect.said(SAY_HOLDING_NO_STEP, count=len(empty), names=_names(sorted(empty))))
    if unstarted:
        notes.append(detect.said(SAY_UNSTARTED, count=len(unstarted), names=_names(unstarted)))
    if remade:
        notes.append(detect.said(SAY_SUMMARIES, count=len(remade), names=_names(remade)))
    if foreign:
        notes.append(detect.said(SAY_FOREIGN, names=_names(foreign)))
    if busy:
        notes.append(detect.said(SAY_BUSY, names=_names(busy)))
    earlier = [p for p in sorted(games.glob(f"*{SUFFIX}.set-aside-*"))
               if not p.name.endswith(("-wal", "-shm", "-journal"))]
    if earlier:
        notes.append(detect.said(SAY_EARLIER, count=len(earlier), names=_names(earlier)))
    if damaged:
        return Probe("journals", FAIL, **detect.saying_in_turn(*notes, detect.said(SAY_DAMAGED, files=_each_file(damaged))),
                     **_rescue(damaged[0]), required=True)
    if refused:
        refusal = detect.said(SAY_REFUSED, names=_names([Path(exc.path) for exc in refused]))
        return Probe("journals", FAIL, fix=FIX_NEWER, required=True, **detect.saying_in_turn(*notes, refusal))
    if unreadable:
        return Probe("journals", FAIL, **detect.saying_in_turn(*notes, detect.said(SAY_UNREADABLE, files=_each_file(unreadable))),
                     **detect.fixing(FIX_PERMISSIONS, games=str(games)), required=True)
    if foreign or busy:
        return Probe("journals", WARN, fix=FIX_BUSY if busy else FIX_FOREIGN, required=True,
                     **detect.saying_in_turn(*notes))
    return Probe("journals", OK, required=True, **detect.saying_in_turn(*notes))


def run_doctor(
    config: Config,
    *,
    root: str | os.PathLike[str] = "/",
    env: Mapping[str, str] | None = None,
    ping: Callable[[str, int, int | None], bool] = detect.smbus_ping,
    opener: Callable[[str, int], None] = detect.serial_open,
    has_module: Callable[[str], bool] = detect.has_module_installed,
    font_dirs: Sequence[str | os.PathLike[str]] = (),
    pin_factory: Any = None,
    exchange: Callable[[str, int], tuple[list[Any], int]] = detect.scanner_exchange,
    disk_usage: Callable[[Path], Any] = shutil.disk_usage,
    speech: Any = None,
) -> list[Probe]:
    """Every check, in the order a person setting up a table would go through them.

    `pin_factory`: gpiozero's factory for claiming the pads' pins; None opens lgpio's (on a Pi)
    for the check and closes it after. Pins are only claimed when the GPIO chip was found."""
    devices = config.devices
    probes: list[Probe] = []

    source = config.source
    if source is None:
        probes.append(Probe("config", OK, "built-in defaults"))
    elif config.is_file_present:
        probes.append(Probe("config", OK, str(source)))
    else:
        probes.append(Probe("config", OK, **detect.saying(SAY_NO_CONFIG, source=str(source))))
    model = detect.probe_raspberry_pi(root)
    probes.append(Probe("board", OK, model or SAY_NOT_A_PI))

    # Required: without somewhere to draw, `companion` stops at once (exit 3), so the summary must
    # not say that nothing stops it.
    probes.append(dataclasses.replace(detect.probe_display(env, root), required=True))
    touch = devices.touchscreen.mode
    if touch == "off":
        probes.append(Probe("touchscreen", OK, "off, by config (touch input is ignored)"))
    else:
        probes.append(_apply_mode("auto", "touchscreen", lambda: detect.probe_touchscreen(root), "the mouse stands in"))
    probes.append(detect.probe_cjk_font(config.font, root, font_dirs))

    pads = devices.pads
    gpio = _apply_mode(pads.mode, "pads", lambda: detect.probe_gpio(root, has_module), "keyboard keys stand in")
    if gpio.status == FOUND:
        gpio = dataclasses.replace(gpio, **detect.saying_in_turn(gpio.said or gpio.detail, _seat_pins(config)))
    probes.append(gpio)
    if gpio.status == FOUND and pads.seats:
        probes.extend(_pad_pins(config, pin_factory))
    for i, seat in enumerate(pads.seats):
        if seat.oled is None:
            continue
        oled = seat.oled
        probes.append(_apply_mode(
            pads.mode, f"seat {i} OLED",
            lambda oled=oled, i=i: detect.probe_i2c(oled.bus, oled.address, oled.mux_channel,
                                                    name=f"seat {i} OLED", root=root, ping=ping),
            "a private panel on screen stands in",
        ))

    scanner = devices.scanner
    probes.append(_apply_mode(
        scanner.mode, "dice scanner",
        lambda: detect.probe_serial(scanner.port, scanner.baud, name="dice scanner", root=root, opener=opener),
        "a simulated scanner on a pseudo-terminal stands in",
    ))
    if probes[-1].status == FOUND:
        probes.append(dataclasses.replace(
            detect.probe_scanner_handshake(scanner.port, scanner.baud, root=root, exchange=exchange),
            required=scanner.mode == "real"))
    status = devices.status_display
    probes.append(_apply_mode(
        status.mode, "status display",
        lambda: detect.probe_i2c(status.bus, status.address, name="status display", root=root, ping=ping),
        "its picture is shown on screen instead",
    ))

    if model is not None:
        probes.append(detect.probe_udev_rules(root))

    data_dir = config.data_path()
    # Augustus' spoken calls: never required; off by the setting, the row says so and nothing is probed
    probes += ([probe_speech(speech), probe_audio(root, env)] if devices.speech.enabled else [probe_speech_off()])
    data = detect.probe_data_dir(data_dir, disk_usage=disk_usage)
    probes.append(dataclasses.replace(data, required=True))
    probes.append(probe_journals(data_dir) if data.status in (OK, WARN) else
                  Probe("journals", FAIL, "not checked: the data directory is not usable", data.fix, required=True))
    return probes


def _pad_pins(config: Config, pin_factory: Any) -> list[Probe]:
    """One row per seat: its three pins claimed and let go (see `detect.probe_pins`)."""
    mode = config.devices.pads.mode
    seats = config.devices.pads.seats

    def rows(factory: Any) -> list[Probe]:
        return [_apply_mode(mode, f"seat {i} buttons", lambda seat=seat, i=i: detect.probe_pins(
            f"seat {i} buttons", seat.pins, factory), "keyboard keys stand in") for i, seat in enumerate(seats)]

    if pin_factory is not None:
        return rows(pin_factory)
    try:
        with detect.lgpio_factory() as factory:
            return rows(factory)
    except Exception as exc:  # lgpio missing or the chip not openable: say so on every seat
        failed = Probe("gpio", FAIL, fix=detect.FIX_GPIO_GROUP, **detect.saying(SAY_NO_CHIP, detail=exc))
        return [_apply_mode(mode, f"seat {i} buttons", lambda: dataclasses.replace(failed, name=f"seat {i} buttons"),
                            "keyboard keys stand in") for i in range(len(seats))]


def exit_code(probes: Sequence[Probe]) -> int:
    """0, unless a check failed, a device configured "real" is missing, or the data directory or
    the journals cannot be used: then 1. Warnings and skipped checks do not count."""
    return 1 if any(p.is_problem for p in probes) else 0


def _detail_text(probe: Probe) -> str:
    """A probe's detail in the current language: a plain sentence by its msgid (the catalogs hold
    hardware's and the doctor's literal sentences, `msgids.doctor_msgids`), one made of parts by its
    template with each part so; one with a path or a number in it stays as the probe says it."""
    return _said(probe.said) if probe.said else _said(probe.detail)


def _said(part: Any) -> str:
    """A part in the current language: a (template, parts) pair with each part so, text by its msgid."""
    from companion.ui.text.i18n import _, translate_notice

    if isinstance(part, tuple):
        return translate_notice(part[0], {k: _said(v) for k, v in part[1]})
    return _(str(part))


def format_report(probes: Sequence[Probe]) -> str:
    """A plain-text table, one check per row, each fix on its own line below its check, in the
    current language (`--lang`, else the config's): the frame, the checks' names, their statuses
    and the verdict; the details and fixes where they are plain sentences (`_detail_text`), else
    as the probes say them (paths, numbers, commands)."""
    from companion.ui.text import cli_words as w
    from companion.ui.text.cli_words import check_name, columns, pad_columns
    from companion.ui.text.i18n import _

    names = {p.name: check_name(p.name) for p in probes}
    statuses = {p.status: _(w.STATUS_WORDS.get(p.status, p.status)) for p in probes}
    check, status, detail = (_(word) for word in w.DOCTOR_HEAD)
    name_width = max([columns(check)] + [columns(names[p.name]) for p in probes])
    status_width = max([columns(status)] + [columns(statuses[p.status]) for p in probes])
    indent = " " * (2 + name_width + 2 + status_width + 2)
    lines = [_(w.DOCTOR_TITLE), "", f"  {pad_columns(check, name_width)}  {pad_columns(status, status_width)}  {detail}"]
    for p in probes:
        lines.append(f"  {pad_columns(names[p.name], name_width)}  {pad_columns(statuses[p.status], status_width)}"
                     f"  {_detail_text(p)}".rstrip())
        if p.fix:
            lines.append(indent + _(w.DOCTOR_FIX).format(fix=_said(p.fix_said or p.fix)))
    lines.append("")
    listed = _(", ").join
    problems = [p for p in probes if p.is_problem]
    if problems:
        template = w.ONE_PROBLEM if len(problems) == 1 else w.PROBLEMS
        lines.append(_(template).format(n=len(problems), names=listed(names[p.name] for p in problems)))
    else:
        simulated = [names[p.name] for p in probes if p.status == SIMULATED]
        lines.append(_(w.NOTHING_STOPS_SIMULATED).format(names=listed(simulated)) if simulated else _(w.NOTHING_STOPS))
    advice = [names[p.name] for p in probes if not p.is_problem and p.status in (MISSING, WARN)]
    if advice:
        lines.append(_(w.WORTH_A_LOOK).format(names=listed(advice)))
    return "\n".join(lines)
