"""A pad answers an ask (core/asks.py, companion/pad_answers.py): a seat's own question with a finite
list of options or a whole-number range is shown on that seat's pad, − / + choose privately and OK
posts the ask's intent with the answer. An ask for anyone is the table's: no pad answers it. A sealed
bid chosen on a pad stays secret (never in a table view, the history, a log line, the status
display or `companion replay`) until its reveal.

The quiz below is a test game of the kit's shape, so the session's side is tested on its own; the
sealed bids are the real games'. Pads are the simulated twins (keys and PNG displays), as in
tests/test_pads_wiring.py.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any, Mapping, Sequence

import pytest
from PIL import Image

from companion.config import Config
from companion.core.asks import TOKEN_FIELD, Ask
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.game import Game
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.core.views import GameView, PlayerView, Seq
from companion.games import all_rules
from companion.presenters.game import GamePresenter, pad_screen, status_screen
from companion.cli import main as companion_main
from companion.session import Intent, Session
from companion.wiring.pads import PadPlan, open_pad_devices
from companion.wiring.seat_feed import SeatScreens
from hardware.facts import ButtonPressed
from hardware.handheld.clock import ManualScheduler
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen
from tests.waiting import wait_for

pytestmark = pytest.mark.timeout(60)

SEATS = Config().devices.pads.seats
FAST = PadTimings(debounce=0.005, repeat_delay=0.05, repeat_interval=0.02, repeat_min_interval=0.01,
                  long_press=0.15)
COLOURS = ("red", "green", "blue")
BAG = ("owl", "cat", "eel")


# -- a quiz: one game of the kit's shape that asks -----------------------------------------------


class QuizView(GameView):
    """The quiz as the table sees it: the players and the answers given so far."""

    answers: Seq[Seq[Any]]


@dataclasses.dataclass(frozen=True)
class QuizState:
    players: tuple[str, ...] = ()
    answers: tuple[tuple[str, Any], ...] = ()  # (question, answer), in the order given


@dataclasses.dataclass(frozen=True)
class StartQuiz(Command):
    players: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Give(Command):
    question: str
    value: Any


@dataclasses.dataclass(frozen=True)
class QuizStarted(Event):
    kind = "quiz.started"
    players: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Given(Event):
    kind = "quiz.given"
    question: str
    value: Any


class Quiz(Game):
    """Three questions in turn: Bo's colour (options), the table's token drawn from a bag (anyone,
    one of the tokens left: the bag convention, `core.asks.TOKEN_FIELD`), Ann's number (a range
    2..8 by 2)."""

    id = "quiz"
    event_types = (QuizStarted, Given)

    def initial_state(self) -> QuizState:
        return QuizState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        if name == "setup":
            return StartQuiz(tuple(args.get("players", ())))
        if name == "give":
            return Give(str(args.get("question", "")), args.get("value", args.get(TOKEN_FIELD)))
        raise IllegalCommand("quiz", "The quiz has no action '{name}'.", name=name)

    def asks(self, state: QuizState) -> tuple[Ask, ...]:
        done = len(state.answers)
        give = lambda question: {"name": "give", "args": {"question": question}}  # noqa: E731
        if done == 0:
            return (Ask("quiz.colour", "quiz colour", give("colour"), "value", 1, COLOURS),)
        if done == 1:
            return (Ask("quiz.token", "quiz bag", give("token"), TOKEN_FIELD, None, BAG, {"bag": len(BAG)}),)
        if done == 2:
            return (Ask("quiz.number", "quiz number", give("number"), "value", 0, range=(2, 8, 2)),)
        return ()

    def decide(self, state: QuizState, command: Command) -> Sequence[Event]:
        if isinstance(command, StartQuiz):
            return [QuizStarted(command.players)]
        assert isinstance(command, Give)
        [ask] = self.asks(state) or [None]
        if ask is None or command.question != ask.intent["args"]["question"]:
            raise IllegalCommand("quiz", "That question is not asked now.")
        if ask.options and command.value not in ask.options:
            raise IllegalCommand("quiz", "Not one of the answers.")
        return [Given(command.question, command.value)]

    def apply(self, state: QuizState, event: Event) -> QuizState:
        if isinstance(event, QuizStarted):
            return QuizState(players=event.players)
        assert isinstance(event, Given)
        return dataclasses.replace(state, answers=state.answers + ((event.question, event.value),))

    def view(self, state: QuizState, seat: int | None = None) -> QuizView:
        return QuizView(game="quiz", players=Seq([PlayerView(seat=i, name=n) for i, n in enumerate(state.players)]),
                        answers=Seq([Seq(a) for a in state.answers]))

    def public_event(self, event: Event) -> dict[str, Any]:
        return dataclasses.asdict(event)

    def is_finished(self, state: QuizState) -> bool:
        return len(state.answers) == 3

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        return Give(first.question, first.value) if isinstance(first, Given) else None


@pytest.fixture
def session(tmp_path):
    s = Session({**all_rules(), "quiz": Quiz()}, JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def quiz(session) -> None:
    session.handle(Intent("new_game", {"game": "quiz", "setup": {"players": ["Ann", "Bo"]}}))
    assert session.engine is not None, session.notice


@pytest.fixture
def clock() -> ManualScheduler:
    return ManualScheduler()


def open_simulated(session, tmp_path, clock):
    facts: list[object] = []
    devices = open_pad_devices(PadPlan("simulated", SEATS, tmp_path / "png"), facts.append, timings=FAST,
                               scheduler=clock)
    feed = SeatScreens(session, devices)
    session.listeners.append(feed.update)
    return devices, feed, facts


def tap(clock, devices, name) -> None:
    devices.key_down(name)
    clock.advance(0.02)
    devices.key_up(name)
    clock.advance(0.02)


def png(tmp_path, pad) -> bytes:
    return Image.open(tmp_path / "png" / f"pad-seat{pad + 1}.png").convert("1").tobytes()


def handle_all(session, facts) -> None:
    while facts:
        session.handle(facts.pop(0))


# -- the session's side ---------------------------------------------------------------------------


def test_the_seat_asked_chooses_an_option_on_its_pad_and_ok_posts_it(session):
    quiz(session)
    table = session.table_view()
    assert table.ask is not None and table.ask.who == 1 and table.ask.is_for_pad
    step = session.engine.journal.last_step
    assert session.seat_view(1)["answering"]["value"] == "red"
    for key in ("plus", "plus", "plus", "minus"):  # red → green → blue → red → blue
        session.handle(ButtonPressed(1, key))
    assert session.engine.journal.last_step == step, "choosing journals nothing"
    assert session.seat_view(1)["answering"]["value"] == "blue"
    assert session.seat_view(0)["answering"] is None, "Ann is not asked"
    session.handle(ButtonPressed(0, "ok"))  # Ann's OK answers nothing
    assert session.engine.journal.last_step == step
    session.handle(ButtonPressed(1, "ok"))
    assert session.notice is None, session.notice
    assert session.engine.state.answers == (("colour", "blue"),)
    assert session.engine.journal.last_step == step + 1


def test_an_ask_for_anyone_is_the_tables_not_a_pads(session):
    """A token drawn from a bag is the table's question (`who` None), even with its options listed:
    no pad answers it, the touchscreen or a script does."""
    quiz(session)
    session.handle(Intent("answer", {"value": "green", "seat": 1}))
    ask = session.table_view().ask
    assert ask.kind == "quiz.token" and ask.who is None and ask.options == BAG and not ask.is_for_pad
    step = session.engine.journal.last_step
    for pad in (0, 1):
        session.handle(ButtonPressed(pad, "ok"))
        assert session.seat_view(pad)["answering"] is None
    assert session.engine.journal.last_step == step, "no pad answers the table's question"
    session.handle(Intent("answer", {"value": "owl"}))
    assert session.engine.state.answers[-1] == ("token", "owl")


def test_a_range_is_stepped_within_its_bounds(session):
    quiz(session)
    session.handle(Intent("answer", {"value": "red"}))
    session.handle(Intent("answer", {"value": "owl"}))
    assert session.seat_view(0)["answering"]["value"] == 2
    session.handle(ButtonPressed(0, "minus"))  # held at the lowest
    for _ in range(5):
        session.handle(ButtonPressed(0, "plus"))  # 4, 6, 8, then held at the top
    assert session.seat_view(0)["answering"]["value"] == 8
    session.handle(ButtonPressed(0, "ok"))
    assert session.engine.state.answers[-1] == ("number", 8) and session.table_view().finished


def test_the_answer_intent_names_the_seat_or_is_refused(session):
    quiz(session)
    session.handle(Intent("answer", {"value": "red", "seat": 0}))
    assert session.notice.level == "refused" and session.notice.rule == "answer"
    session.handle(Intent("answer", {"value": "purple", "seat": 1}))
    assert session.notice.level == "refused" and session.notice.rule == "quiz"
    assert session.engine.state.answers == ()


# -- the pad's display ----------------------------------------------------------------------------


def test_the_asked_seats_pad_shows_the_question_and_its_options(session, tmp_path, clock):
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        quiz(session)
        before = session.table_view()
        tap(clock, devices, "s")  # pad 2's +: Bo moves to green
        assert wait_for(lambda: facts == [ButtonPressed(1, "plus")])
        handle_all(session, facts)
        assert devices.flush(30)
        bo = PadScreen(title="Bo · your answer", result=("quiz colour", "> green", "2/3"),
                       status="-/+ pick, OK answers")
        assert feed.screens[1] == bo and png(tmp_path, 1) == render(bo).tobytes()
        assert "green" not in " ".join(feed.screens[0].result), "Ann's pad shows nothing of Bo's choice"
        assert session.table_view() == before, "a choice changes nothing the table sees until OK posts it"
        tap(clock, devices, "d")  # pad 2's OK
        assert wait_for(lambda: facts == [ButtonPressed(1, "ok")])
        handle_all(session, facts)
        assert session.engine.state.answers == (("colour", "green"),)
        assert devices.flush(30)
        assert feed.screens[1] != bo
    finally:
        devices.close()


def test_a_games_presenter_words_the_question_and_its_answers(session):
    class Worded(GamePresenter):
        def question(self, ask):
            return "Your colour?"

        def answer_label(self, ask, value):
            return value.upper()

    quiz(session)
    screen = pad_screen(session.seat_view(1), 1, presenters={"quiz": Worded()})
    assert screen.result == ("Your colour?", "> RED", "1/3")
    assert pad_screen(session.seat_view(1), 0) == pad_screen(session.seat_view(1), 0, presenters={}), \
        "a view handed to another seat's pad answers nothing"
    assert pad_screen(session.seat_view(1), 0).status != "-/+ pick, OK answers"


def test_a_range_shows_the_number_chosen_and_its_bounds(session):
    quiz(session)
    session.handle(Intent("answer", {"value": "red"}))
    session.handle(Intent("answer", {"value": "owl"}))
    session.handle(ButtonPressed(0, "plus"))
    screen = pad_screen(session.seat_view(0), 0)
    assert (screen.title, screen.result, screen.status) == ("Ann · your answer", ("quiz number", "> 4", "2-8"),
                                                            "-/+ pick, OK answers")
    assert screen.amount is None and not screen.locked, "no padlock: only a sealed bid has one"


# -- a sealed bid chosen on a pad -----------------------------------------------------------------

STEP = 11_111
ANN, BO = 3 * STEP, 5 * STEP  # 33333 and 55555: no public number (the step, the limits) holds them


def test_a_bid_chosen_on_a_pad_is_secret_until_its_reveal(session, tmp_path, clock, caplog, capsys):
    caplog.set_level(logging.DEBUG)
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        session.handle(Intent("new_game", {"game": "secretbid", "setup": {
            "players": ["Ann", "Bo"], "limits": [99_999, 99_999], "step": STEP}}))
        ask = next(a for a in session.table_view().asks if a.who == 0)
        assert (ask.kind, ask.secret, ask.range, ask.intent) == (
            "sealed.bid", True, (0, 99_999, STEP), {"name": "lock_bid", "args": {"seat": 0}})
        for name in ("w", "w", "w", "e", "s", "s", "s", "s", "s"):  # Ann 3 × + and OK; Bo 5 × +
            tap(clock, devices, name)
        assert wait_for(lambda: len(facts) == 9)
        handle_all(session, facts)
        assert devices.flush(30)
        assert feed.screens[0].amount == ANN and feed.screens[0].locked
        assert feed.screens[1].amount == BO and not feed.screens[1].locked
        table = session.table_view()
        assert [a.who for a in table.asks] == [1], "Ann locked: only Bo is asked still"
        history = session.history()
        with Journal.read(session.engine.journal.path) as journal:  # the history's rows on disk
            summaries = journal.summaries(0, session.engine.fingerprint)
        assert len(summaries) == session.engine.journal.last_step, "every step summarised"
        shared = "".join((repr(table), repr(table.view), repr(history), caplog.text,
                          repr(status_screen(table)), repr(session.answers), repr(summaries)))
        assert str(ANN) not in shared and str(BO) not in shared
        assert companion_main(["replay", str(session.engine.journal.path)]) == 0
        printed = capsys.readouterr().out
        assert "Ann" in printed and str(ANN) not in printed and str(BO) not in printed
        tap(clock, devices, "d")  # Bo's OK: the last lock reveals
        assert wait_for(lambda: len(facts) == 1)
        handle_all(session, facts)
        result = session.table_view().view["results"][-1]
        assert {(b["seat"], b["amount"]) for b in result["bids"]} == {(0, ANN), (1, BO)}
    finally:
        devices.close()


# -- Trajan: the leader's pad names the forum tile the table laid out unseen ----------------------


def test_a_trajan_pad_names_the_forum_tile_its_leader_found(session):
    """A table drawing by hand: the leader moves to a province whose forum tile lay unseen, the
    rules ask the mover which (Trajan 1.8, an ask the refusal raises): that seat's pad walks the
    tiles the box may still hold, named as the touchscreen's panel names them, and OK takes the
    move with the tile. The question stays asked while the pad chooses."""
    from companion.ui.trajan import names
    from companion.ui.trajan.presenters import TrajanPresenter

    for seed in range(1, 80):
        session.handle(Intent("new_game", {"game": "trajan", "setup": {
            "players": ["Ann", "Bo"], "colours": ["red", "blue"], "start_player": 0, "seed": seed,
            "digital_draws": False}}))
        preview = next((p for p in session.table_view().view["previews"] if p and p["target_action"] == "military"), None)
        if preview is not None:
            break
    session.handle(Intent("sow", {"tray": preview["tray"], "order": preview["order"]}, automatic=True))
    move = next(c for c in session.table_view().view["choices"]
                if c["name"] == "military" and c["args"]["kind"] == "move")
    session.handle(Intent("military", move["args"], automatic=True))
    ask, step = session.table_view().ask, session.table_view().step
    assert ask.kind == "trajan.found_forum_tile" and ask.who == 0 and ask.is_for_pad
    session.handle(ButtonPressed(0, "plus"))
    session.handle(ButtonPressed(0, "plus"))
    assert session.table_view().ask == ask and session.table_view().step == step, "still asked, nothing written"
    chosen = ask.options[2]
    screen = pad_screen(session.seat_view(0), 0, presenters={"trajan": TrajanPresenter()})
    assert screen.result[1:] == (f"> {names.forum_tile(chosen)}", f"3/{len(ask.options)}")
    assert names.forum_tile(chosen) != chosen, "the tile is named, not its id"
    assert pad_screen(session.seat_view(1), 1, presenters={"trajan": TrajanPresenter()}).status != "-/+ pick, OK answers"
    session.handle(ButtonPressed(0, "ok"))
    assert session.table_view().step > step and session.table_view().ask is None
    found = [e for entry in session.history() for e in entry.events if e.get("kind") == "trajan.action"]
    assert found and found[-1].get("detail", {}).get("found") == chosen, found[-1]
