"""The Discord layer: turns interactions into application calls and results into messages."""
