"""One table's public side: its loop, the dealer that shows each outcome, its messages, the
television of run-outs, hole cards and pictures."""
