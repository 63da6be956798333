"""`python -m companion.config` prints the documented default file."""

from companion.config.default import DEFAULT_CONFIG_TEXT

print(DEFAULT_CONFIG_TEXT, end="")
