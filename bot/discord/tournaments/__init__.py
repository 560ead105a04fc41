"""Tournaments on Discord: the event message in the parent channel, the commands and buttons
that register and run an event, and its tables in threads."""
