"""The application layer: persistence of house rules, wallets, tables and hands (SQLite,
or PostgreSQL for several processes), and the live tables (:class:`TableService`).

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
from .fairness import FairReport
from .guilds import (
    CoachForbidden,
    GuildRules,
    GuildService,
    HistoryEntry,
    Standing,
    WalletRead,
)
from .lease_keeper import LeaseKeeper
from .leases import LeaseTerms, Shards, new_owner
from .members import MemberData, MemberSeated
from .outcomes import (
    BlindRole,
    Outcome,
    OutcomeKind,
    PotState,
    PrivateCards,
    RunTwiceAsk,
    SeatState,
    Showdown,
    ShownHand,
    TableState,
    TurnState,
)
from .results import NoHand, NoTable, NotSeated, ServiceError, StaleMove, TableExists
from .runouts import RUN_TWICE_SECONDS, NotAtRisk, RunoutSpot, spot_odds
from .service import TableService, table_id_for
from .snapshot import seat_in_hand
from .store import DEFAULT_PATH, ENV_VAR, URL_VAR, Store, database_path
from .store_api import StoreApi
from .store_core import backup_database
from .store_db import is_postgres_url, redacted
from .store_errors import (
    BackupFailed,
    DatabaseCorrupt,
    DatabaseLocked,
    DatabaseReadOnly,
    DatabaseUnavailable,
    HandStateError,
    InsufficientChips,
    NoWallet,
    SchemaTooNew,
    StartupError,
    StoreError,
    WalletError,
)
from .store_leases import fenced_target
from .store_migrate import Migrated, MigrationRefused, migrate_to_postgres
from .store_records import (
    CommandSync,
    HandRecord,
    HandSummary,
    HiddenCards,
    LeaderboardRow,
    MemberSettings,
    Mismatch,
    TableHandSummary,
    TableRecord,
    WalletMove,
)
from .store_stats import SessionHand
from .wallet import GRANT_NOTE_MAX, Reason, refill_due

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "GRANT_NOTE_MAX",
    "RUN_TWICE_SECONDS",
    "URL_VAR",
    "BackupFailed",
    "BlindRole",
    "CoachForbidden",
    "CommandSync",
    "DatabaseCorrupt",
    "DatabaseLocked",
    "DatabaseReadOnly",
    "DatabaseUnavailable",
    "FairReport",
    "GuildRules",
    "GuildService",
    "HandRecord",
    "HandStateError",
    "HandSummary",
    "HiddenCards",
    "HistoryEntry",
    "InsufficientChips",
    "LeaderboardRow",
    "LeaseKeeper",
    "LeaseTerms",
    "MemberData",
    "MemberSeated",
    "MemberSettings",
    "Migrated",
    "MigrationRefused",
    "Mismatch",
    "NoHand",
    "NoTable",
    "NoWallet",
    "NotAtRisk",
    "NotSeated",
    "Outcome",
    "OutcomeKind",
    "PotState",
    "PrivateCards",
    "Reason",
    "RunTwiceAsk",
    "RunoutSpot",
    "SchemaTooNew",
    "SeatState",
    "ServiceError",
    "SessionHand",
    "Shards",
    "Showdown",
    "ShownHand",
    "StaleMove",
    "Standing",
    "StartupError",
    "Store",
    "StoreApi",
    "StoreError",
    "TableExists",
    "TableHandSummary",
    "TableRecord",
    "TableService",
    "TableState",
    "TurnState",
    "WalletError",
    "WalletMove",
    "WalletRead",
    "backup_database",
    "config_from_dict",
    "config_to_dict",
    "database_path",
    "decode_action",
    "decode_deck",
    "encode_action",
    "encode_deck",
    "fenced_target",
    "is_postgres_url",
    "migrate_to_postgres",
    "new_owner",
    "redacted",
    "refill_due",
    "seat_in_hand",
    "spot_odds",
    "table_id_for",
]
