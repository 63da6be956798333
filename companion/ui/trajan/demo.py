"""Trajan's demo (`TrajanUI.demo`): games played by legal intents up to each state its
documentation pictures, and the views of them the app opens before the picture."""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.session import Intent
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

#: The states a demo game is played to: the set-up screen, the table before a pick-up (previews on
#: the trays), mid-turn (the action's choices), the season summary, the game's end, and a table that
#: draws by hand naming the forum tile its leader found in a province.
TRAJAN_STATES = ("setup", "preview", "choices", "season", "final", "found")
#: Four more views of them: state shown → (state played, what to open once the app is up: a method
#: of the table's view-model, or a function of the app). "board": the preview's table with the
#: board panel open; "details": the game end's "How counted"; "history": the history screen at the
#: first season's end, its steps under round headings; "draws": the set-up's "What the table drew"
#: page, part of the first player's draws entered.
TRAJAN_VIEWS: dict[str, tuple[str, Any]] = {
    "board": ("preview", "toggle_board"), "details": ("final", "toggle_final_details"),
    "history": ("season", None), "draws": ("setup", lambda app: enter_some_draws(app.trajan_setup_vm)),
}


def enter_some_draws(setup: Any) -> None:
    """Opens "What the table drew" and enters the first player's trays (two colours each, every
    colour twice) and first start tile, as a table part-way through entering its draws."""
    from companion.ui.trajan.setup_draws import MARKER_COLOURS

    setup.set_digital_draws(False)
    setup.open_draws()
    draws = setup.draws
    for index in (0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0):
        draws.pick(MARKER_COLOURS[index])
    draws.pick(next(o["value"] for o in draws.options if o["enabled"]))  # the tile's kind
    draws.pick(MARKER_COLOURS[2])
    draws.pick(MARKER_COLOURS[5])


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


def play_to(table: DemoTable, state: str, players: int = 3, seed: int = 11) -> None:
    """Plays `table`'s session until its open game is in `state` (one of TRAJAN_STATES), by legal
    intents only, trying another seed when a game ends first. For "setup" the game has just
    started: the set-up screen offers its names."""
    if state not in TRAJAN_STATES:
        raise ValueError(f"unknown Trajan demo state {state!r}; choose one of {', '.join(TRAJAN_STATES)}")
    session = table.session
    names = list(table.names[:players])
    colours = ["red", "blue", "green", "yellow"][:players]
    by_hand = state == "found"  # the table draws: the app draws no tile, the table names them
    for attempt in range(40):
        table.handle(Intent("new_game", {"game": "trajan", "setup": {
            "players": names, "colours": colours, "seed": seed + attempt, "start_player": 0,
            "digital_draws": not by_hand}}))
        if state == "setup":
            return
        rnd = random.Random(seed + attempt)
        for _ in range(3000):
            view = session.table_view().view
            move = _found_move(view) if by_hand else None
            if move is not None:
                session.handle(Intent(move["name"], dict(move["args"])))  # refused: which tile lay there?
                return
            if _trajan_wanted(state, view):
                return
            if view["phase"] == "over":
                break
            if by_hand:
                view = {**view, "choices": [c for c in view["choices"] if c["name"] != "trajan"]}
            choice = name_found_tile(view, _trajan_choice(view, rnd), rnd)
            table.handle(Intent(choice["name"], dict(choice["args"])))
    raise RuntimeError(f"no demo game reached the state {state!r}")


class TrajanDemo(GameDemo):
    """Every state of TRAJAN_STATES and TRAJAN_VIEWS, on the screen that shows it."""

    screens = {"setup": "trajan_setup", "preview": "trajan_table", "choices": "trajan_table",
               "season": "trajan_table", "final": "trajan_table", "board": "trajan_table",
               "details": "trajan_table", "history": "history", "draws": "trajan_setup",
               "found": "trajan_table"}

    def play(self, table: DemoTable, state: str) -> None:
        play_to(table, TRAJAN_VIEWS.get(state, (state, None))[0])

    def prepare(self, state: str) -> Prepare | None:
        opener = TRAJAN_VIEWS.get(state, (state, None))[1]
        if opener is None or callable(opener):
            return opener
        return lambda app: getattr(app.trajan_vm, opener)()
