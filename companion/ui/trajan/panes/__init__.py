"""The Trajan table screen's panes, one per panel view-model (`companion.ui.trajan.panels`): each
module holds a pane's widgets and its .kv, binds to its view-model and shows what it says. The
screen (`companion.ui.trajan.table`) lays them out and chooses which are in the tree."""
