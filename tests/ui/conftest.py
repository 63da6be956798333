"""UI test set-up. The repo-level conftest already sets Kivy's environment; these are defaults
only (setdefault), so a run of tests/ui alone is headless too. Never SDL_VIDEODRIVER=dummy."""

from __future__ import annotations

import os
import tempfile

for _name, _value in {
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONSOLELOG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_USE_DEFAULTCONFIG": "1",
    "KIVY_LOG_MODE": "PYTHON",
    "SDL_VIDEODRIVER": "offscreen",
}.items():
    os.environ.setdefault(_name, _value)
if "KIVY_HOME" not in os.environ:
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="companion-ui-kivy-")

import pytest  # noqa: E402

from companion.games import registry  # noqa: E402
from companion.ui.shell.choices import choices_from_registry, register  # noqa: E402

# As the app does with the CLI's choices: a game's title and history wording are found by its id
# in view-model and formatting tests too, without an app.
register(choices_from_registry(registry()))


@pytest.fixture
def session(tmp_path):
    """A real session over a fresh journal store (real SQLite files in tmp_path)."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session

    s = Session(built_games(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


@pytest.fixture(autouse=True)
def _english_afterwards():
    """The language is process-wide: a test that switches it must not change the next test."""
    yield
    from companion.ui.text import i18n

    i18n.set_language("en")


@pytest.fixture(scope="module")
def quiet_clock():
    """Kivy's clock with no earlier app's leftovers: for a test that ticks the clock itself.

    An app run earlier in this process (tests run many) can leave clock calls behind for widgets
    it no longer shows: a history row kept in Kivy's process-wide RecycleView cache, whose texture
    update then evaluates a kv rule naming `app` with no app running. They are the earlier test's
    and would fail this one at its first tick (seen: test_kept_textures after a history test), so
    they are run out here, their errors dropped, once for the module (whose tests run no app):
    its tests then tick only what they scheduled."""
    from kivy.clock import Clock

    for _ in range(100):
        try:
            Clock.tick_draw()
            Clock.tick()
        except Exception:  # noqa: BLE001 - an earlier app's leftover, not this test's
            continue
        break
    yield Clock
