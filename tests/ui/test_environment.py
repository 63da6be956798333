"""Kivy's environment is set once, by an entry point, not as a side effect of importing a module."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_level_calls(path: Path) -> list[str]:
    """The calls a module makes at import: statements at its top level, outside any def or class."""
    calls = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call):
                calls.append(ast.unparse(inner.func))
    return calls


def test_no_module_prepares_kivys_environment_on_import():
    offenders = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "companion").rglob("*.py"))
                 if any(call.endswith("prepare") for call in module_level_calls(path))]
    assert offenders == []


def test_importing_a_ui_module_leaves_the_environment_alone(tmp_path):
    """A library user (or a tool) importing a UI module gets no variables it did not ask for."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "KCFG_"))}
    env.update(KIVY_HOME=str(tmp_path), KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
    code = ("import os, companion.ui.shell.environment as e\n"
            "before = dict(os.environ)\n"
            "import companion.ui.shell.viewmodels\n"
            "print(sorted(set(os.environ) - set(before)))")
    env["KIVY_NO_ARGS"] = "1"  # Kivy itself must not read this process's argv
    env.pop("PYTHONPATH", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_cli_prepares_it_before_any_sub_command_imports_kivy(monkeypatch):
    from companion import cli

    seen = {}

    def score(args):
        seen["image"] = os.environ.get("KIVY_IMAGE")
        return 0

    for name in ("KIVY_IMAGE", "KIVY_NO_ARGS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(cli, "score", score)
    assert cli.main(["score", "trajan", "x.json"]) == 0
    assert seen["image"] == "tex,dds,sdl2" and os.environ["KIVY_NO_ARGS"] == "1"
