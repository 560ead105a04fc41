"""The application layer: persistence of house rules, wallets, tables and hands (SQLite).

The engine stays pure; this package stores what it needs to rebuild every hand exactly.
"""

from .codec import (
    config_from_dict,
    config_to_dict,
    decode_action,
    decode_deck,
    encode_action,
    encode_deck,
)
from .store import DEFAULT_PATH, ENV_VAR, Store, database_path
from .store_errors import (
    DatabaseCorrupt,
    DatabaseLocked,
    DatabaseReadOnly,
    DatabaseUnavailable,
    HandStateError,
    InsufficientChips,
    NoWallet,
    RefillRefused,
    SchemaTooNew,
    StartupError,
    StoreError,
    WalletError,
)
from .store_records import (
    HandRecord,
    HandSummary,
    HiddenCards,
    LeaderboardRow,
    Mismatch,
    TableRecord,
    WalletMove,
)
from .wallet import Reason, RefillPolicy, refill_amount

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "DatabaseCorrupt",
    "DatabaseLocked",
    "DatabaseReadOnly",
    "DatabaseUnavailable",
    "HandRecord",
    "HandStateError",
    "HandSummary",
    "HiddenCards",
    "InsufficientChips",
    "LeaderboardRow",
    "Mismatch",
    "NoWallet",
    "Reason",
    "RefillPolicy",
    "RefillRefused",
    "SchemaTooNew",
    "StartupError",
    "Store",
    "StoreError",
    "TableRecord",
    "WalletError",
    "WalletMove",
    "config_from_dict",
    "config_to_dict",
    "database_path",
    "decode_action",
    "decode_deck",
    "encode_action",
    "encode_deck",
    "refill_amount",
]
