"""One table's messages: its loop, the dealer that posts and edits, hole cards and pictures."""
