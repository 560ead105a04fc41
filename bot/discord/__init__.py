"""The Discord layer: commands, buttons and forms, and one loop per table that alone posts and
edits a table's messages. The only package that imports ``discord``.

- ``client`` the bot class (wires the store, the services, the loops and the commands);
  ``launch`` builds it from the settings and stops it; ``context`` what every handler works
  with; ``moves`` a member's move, from any control to the service; ``errors`` errors as
  private replies; ``names`` members' display names; ``gateway_watch`` the gateway's state
  for the heartbeat; ``sync`` publishing the commands; ``translator`` their translations;
  ``invite`` the invite link.
- ``commands/`` the slash commands: ``group`` the ``/holdem`` declarations, the handlers in
  ``seats``, ``info``, ``stats``, ``fair``, ``member_settings``, ``computers``; ``play`` the
  moves; ``admin`` ``/holdem-admin``.
- ``controls/`` the buttons and forms that survive restarts: ``turn`` (the turn's buttons and
  the Raise form), ``lobby``, ``run_twice``, ``custom_ids``.
- ``table/`` a table's public side: ``loop`` (one per table), ``dealer`` (what each outcome
  shows), ``messages`` (answers, posts, edits), ``television`` (run-outs, the run-it-twice
  question), ``hole_cards``, ``images``, ``coalesce``.
"""
