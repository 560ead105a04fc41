"""The buttons and the forms of a table's messages, which survive restarts."""
