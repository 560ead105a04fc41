"""The slash commands: ``/holdem`` and its subcommands, ``/holdem-admin`` and the moves."""
