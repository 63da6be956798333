"""`Session.handle` never raises, whatever arrives: every malformed intent or fact is refused with a
notice naming the field (or the rule), in every language, and the journal holds only legal steps.

The property test sets up every registered game with rules (the conformance players' set-ups) and
throws at it, interleaved with legal play so the games get somewhere: intents with random names
(the real ones among them) and args that are random JSON values or the real field names holding
the wrong kinds; legal intents and set-ups with one value deep inside replaced, removed or added;
and every hardware fact with fields of random kinds. After each: no exception escaped, no refusal is the
last-resort "app fault" (each malformed shape has its own words), every refusal's template and
rule are in the catalogs and a template naming a field names it, and a refused fact left the
journal as it was. After each example, the journal replays to the live state.

The named tests below are the cases the issue found (#18) and the last-resort guard itself.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import Engine
from companion.core.events import Command
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import FAULT, Intent, Session
from companion.ui.text import i18n
from hardware.facts import (
    DIE_COLOURS, DIE_STATES, PRESS_KEYS, SCANNER_REASONS, SCANNER_STATES, ButtonPressed, DeviceStatus, DiceLive,
    DiceRead, ScannerStatus)
from tests.conformance.players import PLAYERS
from tests.properties import examples

GAMES = sorted(all_rules())
#: Per game: sized so the whole property runs in about 10 s here (2 shared cores), deterministically;
#: the thorough profile (tests/properties.py) runs 600, and a soak sets COMPANION_MALFORMED_EXAMPLES.
EXAMPLES = int(os.environ.get("COMPANION_MALFORMED_EXAMPLES") or examples(60))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SESSION_INTENTS = ("new_game", "resume", "close", "undo", "redo", "correct", "seat_key", "answer")
#: What every game is asked by name whatever it is: its set-up (the session posts it), its end.
GAME_INTENTS = ("setup", "finish")
SESSION_FIELDS = ("game", "setup", "path", "step", "name", "args", "value", "seat", "key", "pads")
CATALOGS = {language: i18n.parse_po((i18n.LOCALE_DIR / f"{language.replace('-', '_')}.po").read_text(encoding="utf-8"))
            for language in i18n.LANGUAGES if language != "en"}


def _commands() -> Iterator[type]:
    stack = list(Command.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        yield cls


def _vocabulary() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The real intent names and field names: the session's, every command's fields, and what
    each game's conformance player posts in a short game (names and args as a screen sends them)."""
    names, fields = {*SESSION_INTENTS, *GAME_INTENTS}, set(SESSION_FIELDS)
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            session, player, rnd = _started(Path(tmp) / game, game, random.Random(game))
            for _ in range(80):
                table = session.table_view()
                if table.finished:
                    break
                intent = player.next_intent(table.view or {}, rnd)
                names.add(intent.name)
                fields.update(intent.args)
                session.handle(intent)
            session.shutdown()
    for cls in _commands():  # every game's rules are imported by now (each was started)
        if dataclasses.is_dataclass(cls):
            fields.update(f.name for f in dataclasses.fields(cls))
    return tuple(sorted(names)), tuple(sorted(fields))


def _started(data: Path, game: str, rnd: random.Random) -> tuple[Session, Any, random.Random]:
    session = Session(all_rules(), JournalStore(data))
    player = PLAYERS[game]()
    session.handle(Intent("new_game", {"game": game, "setup": player.setup(rnd)}))
    assert session.engine is not None, session.notice
    for intent in player.opening(session.table_view().view or {}):
        session.handle(intent)
    return session, player, rnd


NAMES, FIELDS = _vocabulary()

# Texts from a small alphabet without "/" or ".": a random `resume` path must never name a real
# file (a damaged one would be set aside).
_TEXT = st.text(alphabet="abcrdeoklu_ 0123", max_size=6) | st.sampled_from(
    ("", "red", "ok", "full", "cards", "roof", "alpes", "pink", "blue", "forum", "senate", "victory"))
_SCALARS = (st.none() | st.booleans() | st.integers(-3, 40) | st.integers(-2**70, 2**70)
            | st.floats(allow_nan=False, allow_infinity=False) | _TEXT)
JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(FIELDS) | _TEXT, inner, max_size=4), max_leaves=10)
ARGS = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=5)


def _unchecked(cls: type, **fields: Any) -> Any:
    """A fact built without its own checks (`ScannerStatus.__post_init__`): what a copy made
    otherwise, or a future adapter's bug, could hand the session."""
    fact = object.__new__(cls)
    for field in dataclasses.fields(cls):
        object.__setattr__(fact, field.name, fields.get(field.name, field.default))
    return fact


def _or_json(strategy: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(strategy, strategy, strategy, JSON)


_DIE = st.tuples(st.sampled_from(DIE_COLOURS), st.integers(0, 7))
FACTS = st.one_of(
    st.builds(ButtonPressed, pad=_or_json(st.integers(-1, 4)), key=_or_json(st.sampled_from((*PRESS_KEYS, "x")))),
    st.builds(DiceRead, seq=_or_json(st.integers(-1, 50)), dice=_or_json(st.lists(_DIE, max_size=4).map(tuple)),
              boot=_or_json(_TEXT)),
    st.builds(DiceLive, seq=_or_json(st.integers(-1, 50)), boot=_or_json(_TEXT), dice=_or_json(st.lists(
        st.tuples(st.sampled_from(DIE_COLOURS), st.integers(-1, 7), st.sampled_from(DIE_STATES)), max_size=4).map(tuple))),
    st.builds(lambda **f: _unchecked(ScannerStatus, **f), state=_or_json(st.sampled_from(SCANNER_STATES)),
              reason=_or_json(st.sampled_from(SCANNER_REASONS)), detail=_or_json(_TEXT), port=_or_json(_TEXT),
              missed=_or_json(st.integers(-1, 9))),
    st.builds(DeviceStatus, device=_or_json(_TEXT), status=_or_json(st.sampled_from(("ok", "missing", "failed"))),
              detail=_or_json(_TEXT), pad=_or_json(st.none() | st.integers(-1, 4))),
    st.sampled_from((object(), "press 1 ok", 3, None)),  # no fact at all
)


def _mutated(data: st.DataObject, rnd: random.Random, value: Any, depth: int = 0) -> Any:
    """`value` with one thing deep inside it replaced by a random JSON value, or (in a mapping) a
    field removed or added: a legal intent's args one slip away from legal. Where the slip goes is
    chosen evenly (`rnd`): hypothesis' own draws lean to the first field and to stopping early."""
    if isinstance(value, dict) and value and depth < 4 and rnd.random() < 0.8:
        key = rnd.choice(sorted(value))
        how = rnd.choice(("deeper", "deeper", "remove", "add"))
        changed = dict(value)
        if how == "remove":
            del changed[key]
        elif how == "add":
            changed[rnd.choice(FIELDS)] = data.draw(JSON)
        else:
            changed[key] = _mutated(data, rnd, value[key], depth + 1)
        return changed
    if isinstance(value, (list, tuple)) and value and depth < 4 and rnd.random() < 0.6:
        index = rnd.randrange(len(value))
        return [*value[:index], _mutated(data, rnd, value[index], depth + 1), *value[index + 1:]]
    return data.draw(JSON)


def _next(data: st.DataObject, session: Session, player: Any, rnd: random.Random) -> object:
    """What the table throws next: legal play (so the game moves on), a slip of it, a set-up one
    slip away, a random intent or a random fact."""
    kind = rnd.choice(("legal", "legal", "legal", "slip", "slip", "slip", "slip", "setup", "random", "fact"))
    if kind == "fact":
        return data.draw(FACTS)
    if kind == "setup":  # a new game of this kind, its set-up one slip away from the player's
        return Intent("new_game", {"game": player.game, "setup": _mutated(data, rnd, player.setup(rnd))})
    if kind == "random":
        name = rnd.choice(NAMES) if rnd.random() < 0.8 else data.draw(JSON)
        args = data.draw(ARGS) if rnd.random() < 0.8 else data.draw(JSON)
        return Intent(name, args, rnd.random() < 0.5)
    table = session.table_view()
    intent = player.next_intent(table.view or {}, rnd) if session.engine is not None else Intent("resume")
    if table.ask is not None and rnd.random() < 0.5:
        answer = rnd.choice(table.ask.options) if table.ask.options and rnd.random() < 0.5 else data.draw(JSON)
        intent = Intent("answer", {"value": answer})
    if kind == "slip":
        intent = Intent(intent.name, _mutated(data, rnd, {**intent.args}), intent.automatic)
    return dataclasses.replace(intent, automatic=rnd.random() < 0.5)


#: Memory-backed where there is one: the property is about input, not durability, and a journal's
#: fsync per step on a shared disk would cost most of its time.
_MEMORY = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


@contextlib.contextmanager
def _elsewhere() -> Iterator[Path]:
    """A fresh data directory, also the working directory: whatever relative path an intent names
    is inside it."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory(dir=_MEMORY, prefix="companion-malformed-") as tmp:
        os.chdir(tmp)
        try:
            yield Path(tmp)
        finally:
            os.chdir(here)


def _check_notice(session: Session, fact: object) -> None:
    notice = session.notice
    if notice is None or notice.level == "info":
        return
    assert notice.level == "refused", f"{fact!r} → {notice}"
    assert notice.rule and notice.rule != FAULT, f"{fact!r} met a fault: {notice}"
    assert notice.template and notice.text
    for language, catalog in CATALOGS.items():
        assert notice.template in catalog and notice.rule in catalog, \
            f"{language} lacks {notice.rule!r} or {notice.template!r} (refusing {fact!r})"
    if "{field}" in notice.template:
        assert isinstance(notice.params.get("field"), str) and notice.params["field"], notice


@PROPERTY
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_nothing_thrown_at_a_game_escapes_and_the_journal_keeps_only_legal_steps(game, data):
    with _elsewhere() as tmp:
        # Structure (the moves, where a slip goes) from a seeded generator, values from hypothesis.
        rnd = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        session, player, rnd = _started(tmp / "data", game, rnd)
        try:
            for _ in range(rnd.randrange(40)):  # legal play first: a slip may come at any stage
                table = session.table_view()
                if table.finished:
                    break
                session.handle(dataclasses.replace(player.next_intent(table.view or {}, rnd), automatic=True))
            for _ in range(rnd.randint(1, 20)):
                fact = _next(data, session, player, rnd)
                before = (session.engine.journal.path, session.engine.journal.last_step) if session.engine else None
                session.handle(fact)  # never raises
                _check_notice(session, fact)
                after = (session.engine.journal.path, session.engine.journal.last_step) if session.engine else None
                chain = isinstance(fact, ButtonPressed) or (isinstance(fact, Intent) and fact.automatic)
                if session.notice is not None and session.notice.level == "refused" and not chain:
                    assert after == before, f"refused {fact!r} but the journal moved: {before} → {after}"
            engine = session.engine
            live = engine.state if engine is not None else None
            path = engine.journal.path if engine is not None else None
        finally:
            session.shutdown()
        if path is not None:
            replayed = Engine(all_rules()[engine.game.id], Journal.open(path))
            try:
                assert replayed.state == live
            finally:
                replayed.journal.close()


# -- the cases issue #18 found, by name --------------------------------------------------------------

@pytest.fixture
def data_dir() -> Iterator[Path]:
    """A data directory in memory where there is one (as for the property: a refusal is the point)."""
    with tempfile.TemporaryDirectory(dir=_MEMORY, prefix="companion-malformed-") as tmp:
        yield Path(tmp)


@pytest.fixture
def trajan(data_dir):
    session = Session(all_rules(), JournalStore(data_dir))
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 7}}))
    assert session.engine is not None, session.notice
    yield session
    session.shutdown()


def refused(session: Session, fact: object, rule: str, field: str | None = None) -> None:
    step = session.engine.journal.last_step if session.engine else None
    session.handle(fact)
    notice = session.notice
    assert notice is not None and notice.level == "refused", notice
    assert notice.rule == rule, notice
    if field is not None:
        assert notice.params.get("field") == field and f"'{field}'" in notice.text, notice
    assert (session.engine.journal.last_step if session.engine else None) == step
    _check_notice(session, fact)


@pytest.mark.parametrize("args", [None, [], ["tray", 1], "tray 1", 3, True, {1: 2}])
def test_args_that_are_not_a_mapping_are_refused_naming_them(trajan, args):
    refused(trajan, Intent("sow", args), "input", "args")
    refused(trajan, Intent("undo", args), "input", "args")


@pytest.mark.parametrize("name", [None, 3, ["sow"], {"name": "sow"}])
def test_a_name_that_is_not_a_text_is_refused_naming_it(trajan, name):
    refused(trajan, Intent(name, {}), "input", "name")


@pytest.mark.parametrize("tile", [5, "cards", [], [5, "pink", "blue"], ["cards", None, "blue"], {"kind": "cards"}])
def test_a_trajan_tile_of_the_wrong_type_is_refused_naming_it(trajan, tile):
    refused(trajan, Intent("trajan", {"stack": "cards", "tile": tile}), "Trajan input", "tile")


@pytest.mark.parametrize("args", [None, [], "senate", 0])
def test_correct_with_args_that_are_not_a_mapping_is_refused_naming_them(trajan, args):
    refused(trajan, Intent("correct", {"step": 1, "name": "senate", "args": args}), "correct", "args")


@pytest.mark.parametrize("args, field", [({"step": "1", "name": "senate"}, "step"),
                                         ({"step": 1, "name": 4}, "name")])
def test_correct_with_a_wrong_step_or_name_is_refused_naming_it(trajan, args, field):
    refused(trajan, Intent("correct", args), "correct", field)


@pytest.mark.parametrize("path", [5, True, ["a.journal"], {"path": "x"}, "notes.txt", ""])
def test_a_resume_path_that_is_not_a_journal_is_refused_naming_it(trajan, path, data_dir):
    notes = data_dir / "notes.txt"
    notes.write_text("mine")
    refused(trajan, Intent("resume", {"path": str(notes) if path == "notes.txt" else path}), "resume", "path")
    assert notes.read_text() == "mine"  # not opened, not set aside


@pytest.mark.parametrize("setup, rule, field", [
    ({"settings": {"demand_tiles_per_type": 10 ** 9}}, "Trajan settings", None),  # no billion-tile bag
    ({"settings": {"forum_tiles": {"demand_bread": "many"}}}, "Trajan settings", None),
    ({"settings": {"ship_vp": {"pairs": {"yellow": [1], "grey": [1, 2]}}}}, "Trajan settings", None),
    ({"settings": {"province_links": [["camp", "rome"]]}}, "Trajan settings", None),
    ({"settings": ["lap_length"]}, "Trajan input", "settings"),
    ({"start_player": "Ann"}, "Trajan input", "start_player"),
    ({"digital_draws": "no"}, "Trajan input", "digital_draws"),
    ({"mode": ["full"]}, "Trajan input", "mode"),
    ({"seed": 1.5}, "Trajan input", "seed"),
    ({"start_trays": [["red", "blue"]]}, "Trajan input", "start_trays"),
    ({"start_tiles": "victory"}, "Trajan input", "start_tiles"),
    ({"start_bonus": [1, 2]}, "Trajan input", "start_bonus"),
    ({"pads": ["one", None]}, "pads", "pads"),
])
def test_a_malformed_trajan_setup_is_refused_and_writes_nothing(data_dir, setup, rule, field):
    session = Session(all_rules(), JournalStore(data_dir))
    base = {"players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 7}
    refused(session, Intent("new_game", {"game": "trajan", "setup": {**base, **setup}}), rule, field)
    assert session.engine is None and not list(data_dir.rglob("*.journal"))


@pytest.mark.parametrize("args, field", [({"game": 5}, "game"), ({"game": "scorepad", "setup": [1]}, "setup")])
def test_a_new_game_of_the_wrong_shape_is_refused_naming_the_field(data_dir, args, field):
    session = Session(all_rules(), JournalStore(data_dir))
    refused(session, Intent("new_game", args), "new game", field)


@pytest.mark.parametrize("fact, rule, field", [
    (ButtonPressed("1", "ok"), "pad press", "pad"),
    (ButtonPressed(-1, "ok"), "pad press", "pad"),
    (ButtonPressed(0, "enter"), "pad press", "key"),
    (ButtonPressed(0, ["ok"]), "pad press", "key"),
    (DiceRead(1, None), "dice read", "dice"),
    (DiceRead(1, (("red", 7),)), "dice read", "dice"),
    (DiceRead(1, (("unknown", 3),)), "dice read", "dice"),
    (DiceRead("1", (("red", 3),)), "dice read", "seq"),
    (DiceRead(1, (("red", 3),), boot=None), "dice read", "boot"),
    (DiceLive(1, (("red", 3),)), "live dice", "dice"),
    (DiceLive(1, (("red", 3, "flying"),)), "live dice", "dice"),
    (_unchecked(ScannerStatus, state="exploded"), "scanner status", "state"),
    (_unchecked(ScannerStatus, state="connected", missed=-1), "scanner status", "missed"),
    (_unchecked(ScannerStatus, state="connected", detail=None), "scanner status", "detail"),
    (DeviceStatus("pad 1 OLED", None), "device status", "status"),
    (DeviceStatus("pad 1 OLED", "ok", pad="1"), "device status", "pad"),
])
def test_a_malformed_fact_is_refused_naming_its_field(trajan, fact, rule, field):
    refused(trajan, fact, rule, field)


@pytest.mark.parametrize("fact", [object(), "press 1 ok", None, Intent])
def test_what_is_no_fact_at_all_is_refused_naming_what_it_is(trajan, fact):
    refused(trajan, fact, "input")
    assert trajan.notice.params["kind"] == type(fact).__name__


def test_a_malformed_scanner_fact_keeps_nothing(trajan):
    trajan.handle(DiceLive(1, (("red", 3, "settled"),)))
    kept = trajan.table_view().dice_live
    trajan.handle(DiceLive(2, (("red", "three", "settled"),)))
    assert trajan.table_view().dice_live == kept and trajan.notice.rule == "live dice"


def test_a_fault_no_check_foresaw_is_logged_and_refused_and_writes_nothing(trajan, monkeypatch, caplog):
    """The last resort: an exception from inside the rules is a bug, not bad input; the table is
    told, the traceback logged (without the args: they may hold a secret), the journal unchanged."""
    game = trajan.engine.game

    def broken(state, command):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(game, "decide", broken)
    step = trajan.engine.journal.last_step
    with caplog.at_level(logging.ERROR, logger="companion.session"):
        trajan.handle(Intent("senate", {"secret": 4_812_345}))
    assert trajan.notice.level == "refused" and trajan.notice.rule == FAULT
    assert trajan.notice.params == {"error": "ZeroDivisionError"}
    assert trajan.engine.journal.last_step == step
    assert "ZeroDivisionError" in caplog.text and "4812345" not in caplog.text
    monkeypatch.undo()
    trajan.handle(Intent("sow", {"tray": 0, "order": []}))  # the table plays on
    assert trajan.notice is None or trajan.notice.rule != FAULT
