"""companion: a table companion for Trajan, Troyes, Tribune and Augustus."""

__version__ = "0.1.0"
