"""Running the bot: preflight checks (``--check``), the health check, backups, the logs and the
cycle collector's policy."""
