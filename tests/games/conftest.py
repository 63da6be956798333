"""Game test set-up: this folder's helper modules (`sealed_play`) are importable from each game's
tests (pytest puts a conftest's folder on the path)."""
