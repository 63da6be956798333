"""Device adapters and their simulated twins. Imports nothing from `companion`: adapters report
facts through a callable they are given and never call the engine or a widget."""
