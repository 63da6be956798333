"""The only package that imports Kivy: app, bridge, view-models, screens, catalogs, fonts, profiles."""
