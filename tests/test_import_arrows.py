"""The import arrows of DESIGN.md ("Layout"), read from the source with `ast`, so a wrong import
fails here before it becomes a habit:

    ui → session → core ← games        session → hardware.facts        presenters → core views
    cli → {ui, session, presenters, hardware, core, games, wiring}        firmware_tools → hardware
    {ui, config} → files

`core`, `games` and `files` import only the standard library; `hardware` imports nothing from companion;
only the composition root (the CLI and its device wiring) opens devices, so it alone picks real or
simulated; only the UI imports Kivy. Every import counts, at any depth of a module and under
`TYPE_CHECKING` too: a lazy import is still an arrow.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "hardware", "firmware_tools")

LAYERS: dict[str, str] = {
    "companion.core": "core",
    "companion.games": "games",
    "companion.session": "session",
    "companion.pad_answers": "session",  # what the pads answer, kept privately: part of the session, imported by it alone
    "companion.intake": "session",  # the session's checks of what it takes in: part of it too
    "companion.presenters": "presenters",
    "companion.ui": "ui",
    "companion.wiring": "wiring",
    "companion.config": "config",
    # Files replaced whole (the atomic write, its writer thread): standard library only, shared
    # by config and the UI, which may not import each other.
    "companion.files": "files",
    # The composition root: `companion …` and its sub-commands (DESIGN: "run, replay, score,
    # export, doctor, screenshot").
    "companion.cli": "cli",
    "companion.__main__": "cli",
    "companion.doctor": "cli",
    "companion.replay": "cli",
    "companion.start_data": "cli",  # what the app's start does with the config and data directories
    # The demo tables for screenshots (`python -m companion.demo`): an entry point of its own.
    "companion.demo": "demo",
    "companion": "version",  # the package itself: its version
    # hardware's plain values, which other layers may take without taking a device:
    "hardware.facts": "hardware.facts",
    "hardware.handheld.screen": "hardware.screens",
    "hardware.status_display.screen": "hardware.screens",
    "hardware": "hardware",
    "firmware_tools": "firmware_tools",
}
"""Module prefix → its layer (the longest prefix wins)."""

ARROWS: dict[str, set[str]] = {
    "core": set(),
    "games": {"core"},
    "session": {"core", "hardware.facts"},
    # Added to DESIGN's `presenters → core views`: the screen values presenters make are hardware's
    # frozen dataclasses (`PadScreen`, `StatusScreen`; no device code), reached in one module,
    # companion/presenters/screens.py.
    "presenters": {"core", "hardware.screens"},
    # Added to DESIGN's `ui → session`: the UI makes each game's presenter (`GameUI.presenter_class`,
    # pure) and the pads' and status display's words (`PadWords`, `StatusWords`).
    "ui": {"session", "presenters", "files"},
    # The CLI's device wiring: which devices open, from the config, and how screens reach them.
    "wiring": {"config", "presenters", "hardware"},
    "config": {"files"},
    "files": set(),
    "cli": {"ui", "session", "presenters", "hardware", "core", "games", "wiring", "config", "version", "demo", "files"},
    "demo": {"ui", "session", "core", "games", "cli"},
    "version": set(),
    "hardware": set(),
    "firmware_tools": {"hardware"},
}
"""Layer → the other layers it may import (its own always)."""

KNOWN_VIOLATIONS: dict[tuple[str, str], str] = {}
"""(file, imported module) → why it is still there. Listed to be removed: a fixed one fails too."""

STANDARD_LIBRARY_ONLY = {"core", "games", "files"}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        layer = LAYERS.get(".".join(parts[:n]))
        if layer is not None:
            return layer
    return None


def reached_layers(module: str) -> set[str]:
    """The layers an import of `module` reaches: its own, and "hardware" for hardware's values."""
    layer = layer_of(module)
    if layer is None:
        return set()
    return {layer, "hardware"} if layer.startswith("hardware.") else {layer}


def source_layer(module: str) -> str | None:
    layer = layer_of(module)
    return "hardware" if layer is not None and layer.startswith("hardware.") else layer


def source_files() -> Iterator[tuple[Path, str]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield path, ".".join(parts)


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """(line, imported module) of every import in the file, relative ones resolved; `from X
    import Y` is X.Y when Y is a module of X."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                yield node.lineno, sub if is_module(sub) else target


def ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def test_every_module_has_a_layer():
    assert [module for _path, module in source_files() if source_layer(module) is None] == []


def test_imports_follow_the_arrows():
    wrong, known = [], set()
    for path, module in source_files():
        layer = source_layer(module)
        allowed = ARROWS[layer] | {layer}
        for line, name in imports(path, module):
            if not ours(name) or reached_layers(name) & allowed:
                continue
            where = str(path.relative_to(ROOT))
            if (where, name) in KNOWN_VIOLATIONS:
                known.add((where, name))
                continue
            wrong.append(f"{where}:{line}: {layer} imports {name} ({', '.join(sorted(reached_layers(name)))})")
    assert wrong == [], "imports against DESIGN.md's arrows:\n" + "\n".join(wrong)
    assert set(KNOWN_VIOLATIONS) - known == set(), "fixed: take these out of KNOWN_VIOLATIONS"


def test_core_and_games_import_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    wrong = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for path, module in source_files() if source_layer(module) in STANDARD_LIBRARY_ONLY
             for line, name in imports(path, module) if not ours(name) and name.split(".")[0] not in stdlib]
    assert wrong == []


def test_only_the_ui_imports_kivy():
    wrong = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for path, module in source_files() if source_layer(module) != "ui"
             for line, name in imports(path, module) if name.split(".")[0] == "kivy"]
    assert wrong == []


def test_the_games_presenters_load_without_kivy():
    """The pads' and status display's feeds run outside the window: a game's presenter, and all it
    imports, must not pull Kivy in."""
    presenters = sorted(module for path, module in source_files()
                        if module.startswith("companion.presenters") or path.name == "presenters.py")
    assert "companion.ui.trajan.presenters" in presenters
    code = (f"import importlib, sys\nfor m in {presenters!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
