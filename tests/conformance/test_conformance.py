"""One suite over every registered game (DESIGN, "Conformance"): whatever a game is, random play
through the session (as a screen, a pad or a script plays it) keeps these promises:

- replay equals the live state, undos and redos included, over random play and over a whole game
  to its end (the state, the public view, and a redo still waiting after an undo);
- an undo then a redo is the identity;
- a crash mid-game resumes exactly: the journal as a power cut leaves it opens at the same step,
  with the same state;
- every view is a typed view (`core.views.GameView`) holding what its fields declare, and its
  plain data (`to_data`) is the same content;
- no secret amount reaches the public view (scanned as `to_data` gives it), the notices, the history, a log line or
  `companion replay` before a reveal showed it;
- every refusal names a rule, and its rule and words are in every catalog (the table is told why
  in its own language).

Play goes through every road a table has: the player's intents (a screen, a script), undo and
redo, and now and then a seat's pad answering that seat's ask (`Game.asks`: − / + choose
privately, OK posts the answer), so a bid chosen on a pad is held to the same secrecy.

A game adds only its random player (players.py).
"""

from __future__ import annotations

import json
import logging
import random
import re
import shutil
from pathlib import Path

import pytest

from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.core.views import GameView, mismatches, to_data
from companion.games import all_rules
from companion.session import ButtonPressed, Intent, Session
from tests.conformance.players import PLAYERS, SECRET_HIGH, SECRET_LOW

GAMES = sorted(all_rules())
STEPS = 300
WHOLE_GAME = 3000
"""The most steps a whole game may take (Troyes' and Trajan's players end theirs in far fewer)."""
SEEDS = (1, 2, 3)
PAD_RATE = 0.12
"""How often a seat's pad answers its ask when one is asked of a pad."""
SECRET = re.compile(r"(?<!\d)(\d{7})(?!\d)")


def test_every_game_with_rules_has_a_player():
    assert set(PLAYERS) == set(GAMES), "a game joins the suite by adding its player to players.py"


def new_session(tmp_path: Path, game: str, seed: int) -> tuple[Session, random.Random]:
    rnd = random.Random(f"{game}-{seed}")
    session = Session(all_rules(), JournalStore(tmp_path / "data"))
    player = PLAYERS[game]()
    session.handle(Intent("new_game", {"game": game, "setup": player.setup(rnd)}))
    assert session.engine is not None, session.notice
    for intent in player.opening(session.table_view().view or {}):
        session.handle(intent)
        assert session.notice is None or session.notice.level != "refused", session.notice
    return session, rnd


def pad_press(session: Session, table, rnd: random.Random) -> ButtonPressed | None:
    """Now and then, a key on the pad of a seat asked something a pad answers (or None)."""
    asked = [ask for ask in table.asks if ask.is_for_pad and session.pad_of_seat(ask.who) is not None]
    if not asked or rnd.random() >= PAD_RATE:
        return None
    ask = rnd.choice(asked)
    return ButtonPressed(session.pad_of_seat(ask.who), rnd.choice(("minus", "plus", "plus", "ok")))


def play(session: Session, game: str, rnd: random.Random, steps: int = STEPS, undo_rate: float = 0.08):
    """Random play; yields after every fact (the table view it produced, and the intent or the pad
    press)."""
    player = PLAYERS[game]()
    for _ in range(steps):
        table = session.table_view()
        if table.finished:
            return
        press = pad_press(session, table, rnd)
        if press is not None:
            fact: Intent | ButtonPressed = press
        elif table.can_undo and rnd.random() < undo_rate:
            fact = Intent("undo")
        elif table.can_redo and rnd.random() < undo_rate:
            fact = Intent("redo")
        else:
            fact = player.next_intent(table.view or {}, rnd)
        session.handle(fact)
        yield session.table_view(), fact


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_replay_equals_the_live_state(game, seed, tmp_path):
    session, rnd = new_session(tmp_path, game, seed)
    steps = sum(1 for _ in play(session, game, rnd))
    live, path = session.engine.state, session.engine.journal.path
    assert steps > 0 and session.engine.journal.last_step > 1
    session.shutdown()
    replayed = Engine(all_rules()[game], Journal.open(path))
    assert replayed.state == live
    replayed.journal.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_replays_to_the_live_state(game, tmp_path):
    """A game played to its end (a table ending it at any time ends it too), then one step undone
    where the rules let it be: the reopened journal holds the same state and public view, and the
    redo still waits."""
    session, rnd = new_session(tmp_path, game, 7)
    for _ in play(session, game, rnd, steps=WHOLE_GAME, undo_rate=0.03):
        pass
    assert session.table_view().finished, f"{game} did not end in {WHOLE_GAME} steps"
    if session.engine.can_undo:
        session.handle(Intent("undo"))
    engine = session.engine
    live, view, can_redo, path = engine.state, engine.view(None), engine.can_redo, engine.journal.path
    session.shutdown()
    replayed = Engine(all_rules()[game], Journal.open(path))
    assert (replayed.state, replayed.view(None), replayed.can_redo) == (live, view, can_redo)
    replayed.journal.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_view_is_a_typed_view_as_its_class_declares(game, tmp_path):
    """Every view, public and each seat's, is a `GameView` whose fields hold what their types say
    (Seqs of the declared parts, frozen maps, no plain list or dict), reads as its plain data, and
    is JSON-ready through `to_data` with the same content."""
    session, rnd = new_session(tmp_path, game, 7)
    for table, _intent in play(session, game, rnd, steps=80):
        seats = range(len(table.view.players)) if table.view is not None else range(0)
        for where, view in [("public", table.view)] + [(f"seat {k}", session.engine.view(k)) for k in seats]:
            assert isinstance(view, GameView) and view.game == game, where
            assert not mismatches(view), where
            data = to_data(view)
            assert data == view and json.loads(json.dumps(data)) == data
    session.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_undo_then_redo_is_the_identity(game, tmp_path):
    session, rnd = new_session(tmp_path, game, 4)
    checked = 0
    for table, _intent in play(session, game, rnd):
        if table.can_undo and rnd.random() < 0.2:
            before = session.engine.state
            session.handle(Intent("undo"))
            session.handle(Intent("redo"))
            assert session.engine.state == before, f"step {table.step}"
            checked += 1
    assert checked >= 5
    session.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_a_crash_mid_game_resumes_exactly(game, tmp_path):
    """The journal's files copied as they lie between two facts (what a power cut leaves: the
    database and its write-ahead log) open on another data directory at the same step and state."""
    session, rnd = new_session(tmp_path, game, 5)
    crashes = 0
    for index, (table, _intent) in enumerate(play(session, game, rnd, steps=120)):
        if index % 30 != 29:
            continue
        path = session.engine.journal.path
        crashed = tmp_path / f"crash{index}" / "games"
        crashed.mkdir(parents=True)
        for file in path.parent.glob(path.name + "*"):  # the database, -wal, -shm
            shutil.copy2(file, crashed / file.name)
        other = Session(all_rules(), JournalStore(crashed.parent))
        other.resume(crashed / path.name)
        assert other.engine.journal.last_step == table.step
        assert other.engine.state == session.engine.state
        other.shutdown()
        crashes += 1
    assert crashes >= 1
    session.shutdown()


def revealed_amounts(session: Session) -> set[int]:
    """Every amount a reveal ever showed (undone reveals included: once shown, shown)."""
    return {int(bid["amount"]) for entry in session.history() for event in entry.events
            if event.get("kind") == "sealed.revealed" for bid in event.get("bids", ())}


def secrets_in(text: str) -> set[int]:
    return {int(n) for n in SECRET.findall(text) if SECRET_LOW <= int(n) <= SECRET_HIGH}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_no_secret_reaches_a_public_place_before_its_reveal(game, seed, tmp_path, caplog, capsys, monkeypatch):
    from companion.core import engine as engine_module
    from companion.replay import run

    caplog.set_level(logging.DEBUG)
    # Checkpoints in the journal every few steps: states, secrets and all, that `companion replay` must never show.
    monkeypatch.setattr(engine_module, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(engine_module, "CHECKPOINT_ON_DISK_EVERY", 8)
    session, rnd = new_session(tmp_path, game, seed)
    entered: set[int] = set()
    for table, intent in play(session, game, rnd):
        entered |= secrets_in(json.dumps(dict(getattr(intent, "args", {}))))
        # what a seat's pad shows while it chooses a secret answer is as secret as a bid entered
        entered |= {view["draft"] for view in map(session.seat_view, range(len(table.view.get("players", ()))))
                    if isinstance(view.get("draft"), int) and SECRET_LOW <= view["draft"] <= SECRET_HIGH}
        shown = json.dumps(to_data(table.view)) + (table.notice.text if table.notice else "")
        shown += json.dumps([entry.events for entry in session.history()], default=str)
        if table.step % 10 == 0:  # the history's summary rows on disk (`core.journal_summaries`) too
            with Journal.read(session.engine.journal.path) as journal:
                shown += repr(journal.summaries(0, session.engine.fingerprint))
        leaked = (secrets_in(shown) | secrets_in(caplog.text)) & entered - revealed_amounts(session)
        assert not leaked, f"step {table.step} after {intent}: {sorted(leaked)} shown before a reveal"
    revealed, path = revealed_amounts(session), session.engine.journal.path
    session.shutdown()
    for as_json in (False, True):
        assert run(str(path), as_json, all_rules()) == 0
        leaked = secrets_in(capsys.readouterr().out) & entered - revealed
        assert not leaked, f"companion replay{' --json' if as_json else ''} shows {sorted(leaked)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_names_a_rule_in_every_language(game, tmp_path):
    from companion.ui.text import i18n

    catalogs = {language: i18n.parse_po((i18n.LOCALE_DIR / f"{language.replace('-', '_')}.po").read_text(encoding="utf-8"))
                for language in i18n.LANGUAGES if language != "en"}
    session, rnd = new_session(tmp_path, game, 6)
    refusals = 0
    for table, intent in play(session, game, rnd):
        notice = table.notice
        if notice is None or notice.level != "refused":
            continue
        refusals += 1
        assert notice.rule, f"{intent} was refused without a rule: {notice.text}"
        for language, catalog in catalogs.items():
            assert notice.rule in catalog and notice.template in catalog, \
                f"{language} lacks {notice.rule!r} or {notice.template!r} (refusing {intent})"
    assert refusals >= 1, "the player proposes refused moves too"
    session.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_a_resume_from_a_checkpoint_is_the_full_replay(game, tmp_path, monkeypatch):
    """Checkpoints written into the journal every few steps (`core.journal_checkpoints`): the game
    reopened folds from the newest one and is, state, view, history, undo and redo, the game a
    replay from the first step gives."""
    from companion.core import engine as engine_module

    monkeypatch.setattr(engine_module, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(engine_module, "CHECKPOINT_ON_DISK_EVERY", 8)
    session, rnd = new_session(tmp_path, game, 11)
    for _ in play(session, game, rnd, steps=150):
        session.idle()  # the table idle after each fact: the checkpoint due is written then
    path = session.engine.journal.path
    assert len(session.engine.in_effect) > 8
    session.shutdown()  # the checkpoint still due is written as the game is put away
    resumed = Engine(all_rules()[game], Journal.open(path))
    full_journal = Journal.read(path)
    full_journal.checkpoints = lambda: []  # type: ignore[method-assign]
    full = Engine(all_rules()[game], full_journal)
    assert resumed.resumed_from > 0 and full.resumed_from == 0
    assert (resumed.state, resumed.view(None), resumed.in_effect, resumed.can_redo) == \
        (full.state, full.view(None), full.in_effect, full.can_redo)
    assert resumed.history() == full.history()
    undone = 0
    while resumed.can_undo and undone < 20:  # back over the checkpoint resumed from, against the fold from the start
        resumed.undo()
        undone += 1
        assert resumed.state == full._state_at(len(resumed.in_effect) - 1)
    resumed.journal.close()
    full.journal.close()
