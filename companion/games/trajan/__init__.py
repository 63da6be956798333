"""Trajan (Stefan Feld, Ammonit 2011), 2–4 players: the rules model the table screen runs on.

Numbers come from ../shared/rules/trajan.md (section numbers cited as "Trajan 1.x"); values marked
S or U there live in `settings.py` as named settings with the digest's default.
"""
