"""Trajan at the table: set-up and table screens over pure view-models.

Everything comes from the session's public view (`TableView.view`, game "trajan"): the legal
`choices` as intents, the trays' `previews`, the season reports and the final breakdown. Nothing
here imports `companion.games` or knows a rule; screens only show and post what the view offers.
"""
