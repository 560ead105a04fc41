"""The league on Discord: ``/holdem season`` (open a season, its table, a recompute, a voided
event, the ranked ratings) and the champion posted in the league channel at a season's end."""
