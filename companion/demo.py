"""A demo table for screenshots: a finished game and an open score pad with points, an undo and a
redo-able step, in the language of the picture; Trajan games played by legal intents up to each
state the docs show; and a secret bid and a Tribune game in each state their docs show (`python -m
companion.demo` takes one such picture). Built over a scratch data directory, so a picture never
touches the players' real games.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.core.store import JournalStore
from companion.session import Intent, Session

DEMO_NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave"],
    "zh-Hans": ["王芳", "李伟", "张敏", "刘洋"],
    "zh-Hant": ["王芳", "李偉", "張敏", "劉洋"],
}


class DemoClock:
    """The demo journals' clock: the same steps give the same times, on any machine and any day, so
    the documentation's pictures (the history shows each step's time) regenerate identically. An
    evening at the table, a step every 40 seconds."""

    START = _dt.datetime(2026, 11, 20, 19, 30, tzinfo=_dt.timezone.utc)
    STEP = _dt.timedelta(seconds=40)

    def __init__(self) -> None:
        self._next = self.START

    def __call__(self) -> _dt.datetime:
        now, self._next = self._next, self._next + self.STEP
        return now


def _handle(session: Session, fact: object) -> None:
    """Hands the demo's next intent or fact to the session; a refusal means the demo is wrong."""
    session.handle(fact)
    if session.notice is not None and session.notice.level != "info":
        raise RuntimeError(f"demo step {fact} refused: {session.notice.text}")


def demo_session(data_dir: Path, language: str, screen: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` with a finished game and an open 4-player score pad game whose
    history has points, one undo and a redo-able step undone again; for `home` the open game is
    closed so the Resume button shows, as after a restart."""
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])
    if screen not in ("table", "history", "home"):
        return session
    steps = [
        Intent("new_game", {"game": "scorepad", "setup": {"players": names[:3], "seed": 7}}),
        Intent("add_points", {"seat": 0, "points": 12}),
        Intent("add_points", {"seat": 1, "points": 9}),
        Intent("add_points", {"seat": 2, "points": 15}),
        Intent("finish"),
        Intent("new_game", {"game": "scorepad", "setup": {"players": names, "seed": 42}}),
        Intent("add_points", {"seat": 0, "points": 5}),
        Intent("add_points", {"seat": 1, "points": 3}),
        Intent("add_points", {"seat": 2, "points": 10}),
        Intent("undo"),
        Intent("add_points", {"seat": 2, "points": 1}),
        Intent("add_points", {"seat": 3, "points": 7}),
        Intent("add_points", {"seat": 1, "points": -2}),
    ]
    for intent in steps:
        _handle(session, intent)
    if screen == "home":
        session.handle(Intent("close"))
    return session


#: The Trajan pictures of the docs: the set-up screen, the table before a pick-up (previews on the
#: trays), mid-turn (the action's choices), the season summary, the game's end, and a table that
#: draws by hand naming the forum tile its leader found in a province.
TRAJAN_STATES = ("setup", "preview", "choices", "season", "final", "found")


def name_found_tile(view: Mapping[str, Any], intent: Mapping[str, Any], rnd: Any) -> Mapping[str, Any]:
    """`intent`, with the tile a table drawing by hand names when its leader moves to a province, or
    its worker to a space of the site, where the table laid one out unseen (a tile the box may
    still hold)."""
    from companion.ui.trajan.format import tiles_to_name

    tiles = tiles_to_name(view, intent)
    return {**intent, "args": {**intent["args"], "found": rnd.choice(tiles)}} if tiles else intent


def _found_move(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """In season 2 or later, the current player's leader move (the turn's action) to a province
    where the table laid a tile out unseen, if one is offered."""
    turn = view["turn"]
    if view["phase"] != "turn" or view["season"] < 2 or turn["tray"] is None or turn["acted"]:
        return None
    from companion.ui.trajan.format import tiles_to_name

    return next((c for c in view["choices"] if c["name"] == "military" and tiles_to_name(view, c)), None)


def _trajan_choice(view: Mapping[str, Any], rnd: Any) -> Mapping[str, Any]:
    """A lively but legal demo move: an action rather than a pass, an extra action now and then."""
    choices = list(view["choices"])
    acting = [c for c in choices if c["name"] not in ("pass", "end_turn")]
    if acting and (rnd.random() < 0.85 or not any(c["name"] == "end_turn" for c in choices)):
        return rnd.choice(acting)
    return rnd.choice(choices)


def _trajan_wanted(state: str, view: Mapping[str, Any]) -> bool:
    if view["phase"] == "over":
        return state == "final"
    if state == "preview":
        previews = [p for p in view.get("previews", ()) if p]
        return (view["phase"] == "turn" and view["season"] >= 2 and len(view["demands"]) >= 2
                and any(p["completes"] for p in previews) and any(p["ends_round"] for p in previews)
                and not all(p["ends_round"] for p in previews))
    if state == "choices":
        turn = view["turn"]
        return (view["phase"] == "turn" and view["season"] >= 2 and turn["tray"] is not None and not turn["acted"]
                and len(view["choices"]) >= 5 and "place_plus2" not in turn["pending"])
    if state == "season":
        return view["phase"] == "consul" and len(view["season_reports"]) >= 2
    return False


def trajan_demo_session(data_dir: Path, language: str, state: str, games: Mapping[str, Any],
                        players: int = 3, seed: int = 11) -> Session:
    """A session over `data_dir` whose open Trajan game is in `state` (one of TRAJAN_STATES), reached
    by legal intents only. For "setup" the game has just started: the set-up screen offers its names."""
    import random

    if state not in TRAJAN_STATES:
        raise ValueError(f"unknown Trajan demo state {state!r}; choose one of {', '.join(TRAJAN_STATES)}")
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])[:players]
    colours = ["red", "blue", "green", "yellow"][:players]
    by_hand = state == "found"  # the table draws: the app draws no tile, the table names them
    for attempt in range(40):
        _handle(session, Intent("new_game", {"game": "trajan", "setup": {
            "players": names, "colours": colours, "seed": seed + attempt, "start_player": 0,
            "digital_draws": not by_hand}}))
        if state == "setup":
            return session
        rnd = random.Random(seed + attempt)
        for _ in range(3000):
            view = session.table_view().view
            move = _found_move(view) if by_hand else None
            if move is not None:
                session.handle(Intent(move["name"], dict(move["args"])))  # refused: which tile lay there?
                return session
            if _trajan_wanted(state, view):
                return session
            if view["phase"] == "over":
                break
            if by_hand:
                view = {**view, "choices": [c for c in view["choices"] if c["name"] != "trajan"]}
            choice = name_found_tile(view, _trajan_choice(view, rnd), rnd)
            _handle(session, Intent(choice["name"], dict(choice["args"])))
    raise RuntimeError(f"no demo game reached the state {state!r}")


#: The secret bid's documentation pictures: its set-up, the table with some bids locked, the forced
#: reveal's question, a seat's private entry, and the revealed round.
SECRETBID_STATES = ("setup", "table", "confirm", "private", "result")
#: The screen each state is shown on.
SECRETBID_SCREENS = {"setup": "secretbid_setup", "table": "secretbid_table", "confirm": "secretbid_table",
                     "private": "secretbid_private", "result": "secretbid_table"}
#: The seat whose private entry the "private" picture shows, and its draft there.
SECRETBID_PRIVATE_SEAT, SECRETBID_PRIVATE_DRAFT = 2, 12


def secretbid_demo_session(data_dir: Path, language: str, state: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` whose open secret bid is in `state` (one of SECRETBID_STATES),
    reached by the same intents the screens and pads send. Four players with limits; the first two
    have pads, the others use the private entry; two have locked. For "result" the round is
    revealed by force (the fourth never locked); for "setup" the game is open and the set-up
    screen offers its players again."""
    if state not in SECRETBID_STATES:
        raise ValueError(f"unknown secret bid demo state {state!r}; choose one of {', '.join(SECRETBID_STATES)}")
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])
    steps = [Intent("new_game", {"game": "secretbid", "setup": {
        "players": names, "limits": [40, 35, None, 25], "pads": [0, 1, None, None]}})]
    if state != "setup":
        presses = {0: 14, 1: 9, SECRETBID_PRIVATE_SEAT: SECRETBID_PRIVATE_DRAFT}
        for seat, count in presses.items():
            steps += [Intent("seat_key", {"seat": seat, "key": "plus"})] * count
        steps += [Intent("seat_key", {"seat": 0, "key": "ok"}), Intent("seat_key", {"seat": 1, "key": "ok"})]
        if state == "result":
            steps += [Intent("seat_key", {"seat": SECRETBID_PRIVATE_SEAT, "key": "ok"}), Intent("force_reveal")]
    for intent in steps:
        _handle(session, intent)
    return session


def secretbid_prepare(state: str) -> Callable[[Any], None] | None:
    """What the app does before the picture: the question open, a seat's entry handed over."""
    if state == "confirm":
        return lambda app: app.secretbid.table.ask_reveal()
    if state == "private":
        def private(app: Any) -> None:
            app.secretbid.open_private(SECRETBID_PRIVATE_SEAT)
            app.secretbid.private.show()
        return private
    if state == "setup":
        # A limit chosen for three players, the editor open on one of them.
        def setup(app: Any) -> None:
            app.secretbid.setup_limits.set_all([40, 35, None, 25])
            app.secretbid.setup_limits.open(1)
        return setup
    return None


#: Tribune's documentation pictures: its set-up, the table in round 2 (money, the chariot's holder),
#: the money panel, an open chariot auction with two of four locked, region V's result, and a
#: chariot tie (nobody pays, the chariot off the board).
TRIBUNE_STATES = ("setup", "table", "money", "bid", "result", "tie")
TRIBUNE_SCREENS = {state: ("tribune_setup" if state == "setup" else "tribune_table") for state in TRIBUNE_STATES}


def _keys(seat: int, presses: int) -> list[Intent]:
    """A seat's pad: + `presses` times, then OK (the session keeps the draft, journals the lock)."""
    return [Intent("seat_key", {"seat": seat, "key": "plus"})] * presses + [Intent("seat_key", {"seat": seat, "key": "ok"})]


def tribune_demo_session(data_dir: Path, language: str, state: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` whose open Tribune game is in `state` (one of TRIBUNE_STATES),
    reached by the intents the screens and pads send. Four players, the first two with pads. Round
    1: money by hand (the coin bowl, a card), region V between the first two (won 9 to 6, paid to
    the other bidder), the chariot to the second player (8, to the bank); then round 2."""
    if state not in TRIBUNE_STATES:
        raise ValueError(f"unknown Tribune demo state {state!r}; choose one of {', '.join(TRIBUNE_STATES)}")
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])
    steps = [Intent("new_game", {"game": "tribune", "setup": {"players": names, "start_player": 0,
                                                               "pads": [0, 1, None, None]}})]
    if state != "setup":
        steps += [Intent("take_money", {"seat": 0, "amount": 7, "reason": "coin bowl"}),
                  Intent("pay_money", {"seat": 2, "amount": 3, "reason": "card"}),
                  Intent("region_v", {"space1": 0, "space2": 1}), *_keys(0, 9), *_keys(1, 6)]
    if state not in ("setup", "result"):
        steps += [Intent("chariot_auction"), *_keys(0, 4), *_keys(1, 8), *_keys(2, 2), *_keys(3, 5),
                  Intent("next_round")]
    if state == "bid":
        steps += [Intent("chariot_auction"), *_keys(0, 5), *_keys(1, 3)]
    if state == "tie":
        steps += [Intent("chariot_auction"), *_keys(0, 6), *_keys(1, 3), *_keys(2, 6), *_keys(3, 0)]
    for intent in steps:
        _handle(session, intent)
    return session


def tribune_prepare(state: str) -> Callable[[Any], None] | None:
    """What the app does before the picture: the money panel open, a just-revealed bid's result."""
    if state == "money":
        def money(app: Any) -> None:
            app.tribune.table.open_money(0)
            app.tribune.table.entry.choose_reason(0)
        return money
    if state in ("result", "tie"):
        return lambda app: app.tribune.table.show_last_result()
    return None


#: The dice tray's documentation pictures: dice tumbling, a read counted, a cocked die (with the
#: entry by hand opened on it) and the scanner away, reconnecting.
DICETRAY_STATES = ("live", "settled", "cocked", "reconnecting")
DICETRAY_BOOT = "4E830075"


def dicetray_demo_session(data_dir: Path, language: str, state: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` whose open dice tray is in `state` (one of DICETRAY_STATES),
    reached by the facts a scanner sends (status, live frames, reads) and one entry by hand: three
    reads counted, then a Troyes-sized throw (three red, three white, three yellow)."""
    from hardware.facts import DiceLive, DiceRead, ScannerStatus

    if state not in DICETRAY_STATES:
        raise ValueError(f"unknown dice tray demo state {state!r}; choose one of {', '.join(DICETRAY_STATES)}")
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    port = "/dev/dice-scanner"
    connected = ScannerStatus("connected", "Scanner tray-0.4.2 ready", port, "tray-0.4.2", DICETRAY_BOOT)

    def throw(seq: int, dice: str) -> tuple[tuple[str, int, str], ...]:
        out = []
        for token in dice.split():
            colour, face, how = (token.split(":") + ["s"])[:3]
            out.append((colour, int(face), {"s": "settled", "r": "rolling", "c": "cocked"}[how]))
        return tuple(out)

    facts: list[Any] = [Intent("new_game", {"game": "dicetray", "setup": {}}), connected]
    for seq, dice in ((5, "red:4 red:2 white:6 yellow:3 yellow:5"), (9, "red:6 white:1 white:3 yellow:2")):
        live = DiceLive(seq, throw(seq, dice), DICETRAY_BOOT)
        facts += [DiceLive(seq - 1, tuple((c, 0, "rolling") for c, _f, _s in live.dice), DICETRAY_BOOT), live,
                  DiceRead(seq, tuple((c, f) for c, f, _s in live.dice), DICETRAY_BOOT)]
    facts.append(Intent("enter_dice", {"dice": [["black", 5], ["black", 2]]}))
    final = "red:5 red:3 red:6 white:2 white:4 white:4 yellow:1 yellow:6 yellow:3"
    if state == "live":
        facts.append(DiceLive(14, throw(14, "red:5 red:3:r red:6 white:2:r white:4 white:1:r yellow:1 yellow:6:r "
                                            "yellow:3"), DICETRAY_BOOT))
    elif state == "cocked":
        facts.append(DiceLive(15, throw(15, final.replace("white:4 white:4", "white:4 white:0:c")), DICETRAY_BOOT))
    else:
        live = DiceLive(16, throw(16, final), DICETRAY_BOOT)
        facts += [live, DiceRead(16, tuple((c, f) for c, f, _s in live.dice), DICETRAY_BOOT)]
    if state == "reconnecting":
        facts.append(ScannerStatus("disconnected", f"The scanner was unplugged or stopped: trying {port} again",
                                   port, "tray-0.4.2", DICETRAY_BOOT))
    for fact in facts:
        _handle(session, fact)
    return session


def dicetray_prepare(state: str) -> Callable[[Any], None] | None:
    """What the app does before the picture: for the cocked die, the players tap it to enter it
    by hand (the tray's readable dice are copied, the die's colour chosen)."""
    if state == "cocked":
        def tap(app: Any) -> None:
            cocked = next(d["index"] for d in app.dice.tray.dice if d["state"] == "cocked")
            app.dice.tap_die(cocked)
        return tap
    return None


def shoot(argv: Sequence[str] | None = None) -> int:
    """`python -m companion.demo OUT --state S [--game tribune|dicetray] --lang L --profile P`: one secret
    bid (Tribune, dice tray) picture from a demo session over a scratch directory (what `companion screenshot
    --docs` runs, one process per picture: one Kivy window per process)."""
    import argparse
    import tempfile

    from companion.cli import game_choices
    from companion.games import built_games
    from companion.ui.environment import prepare

    parser = argparse.ArgumentParser(prog="python -m companion.demo")
    parser.add_argument("out", type=Path)
    parser.add_argument("--game", choices=("secretbid", "tribune", "dicetray"), default="secretbid")
    parser.add_argument("--state", choices=sorted(set(SECRETBID_STATES) | set(TRIBUNE_STATES) | set(DICETRAY_STATES)),
                        required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--profile", default="800x480")
    args = parser.parse_args(argv)
    tribune = args.game == "tribune"
    states = {"tribune": TRIBUNE_STATES, "dicetray": DICETRAY_STATES}.get(args.game, SECRETBID_STATES)
    if args.state not in states:
        parser.error(f"the {args.game} demo has no state {args.state!r}")
    prepare(offscreen=True)
    from companion.ui.screenshot import take_screenshot

    with tempfile.TemporaryDirectory(prefix="companion-demo-") as scratch:
        if tribune:
            session = tribune_demo_session(Path(scratch), args.lang, args.state, built_games())
            screen, before = TRIBUNE_SCREENS[args.state], tribune_prepare(args.state)
        elif args.game == "dicetray":
            session = dicetray_demo_session(Path(scratch), args.lang, args.state, built_games())
            screen, before = "dice_tray", dicetray_prepare(args.state)
        else:
            session = secretbid_demo_session(Path(scratch), args.lang, args.state, built_games())
            screen, before = SECRETBID_SCREENS[args.state], secretbid_prepare(args.state)
        try:
            print(take_screenshot(args.out, screen, args.lang, args.profile, session, game_choices(), before))
        finally:
            session.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(shoot())
