"""Running the bot: preflight checks (``--check``), the health check, backups and the logs."""
