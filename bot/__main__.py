"""``python -m bot``: start the Discord bot (the full bot arrives with issue 5)."""

from __future__ import annotations

import os
import sys

from dotenv import load_dotenv


def main() -> int:
    load_dotenv()
    if not os.environ.get("DISCORD_TOKEN"):
        print("Holdem Dealer needs a bot token: set DISCORD_TOKEN in .env (see .env.example).")
        return 2
    print("The Discord layer is not built yet; the engine and renderers are.")
    return 2


if __name__ == "__main__":
    sys.exit(main())
