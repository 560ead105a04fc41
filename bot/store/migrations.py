"""The database schema as numbered migrations, and :func:`migrate`, which
:meth:`~bot.store.store.Store.open` runs at start to apply those not applied yet.

Each migration is a tuple of single SQL statements, run inside one transaction together with the row
that records it in ``schema_version``, on SQLite and PostgreSQL alike (a step whose SQL must differ
is a :class:`~bot.store.backend.PerDialect` pair: the triggers of migration 1); a migration is never
edited once released, a change is a new number. Migration 1 is the whole initial schema; migration 2
adds the members' display settings; migration 3 the slash commands last synced and the members' data
removals; migration 4 the players' statistics, kept as hands finish; migration 10 the
tournaments' events and their inputs, and the ledger reasons ``entry`` and ``prize``;
migration 11 the tournament structures a server saves to reuse (``event_presets``); migration 12
the seasons and the voided events; migration 13 the tournament series and their Discord scheduled
events; migration 14 the moves relayed to the process that drives their table.
"""

from __future__ import annotations

import time

from bot.store.backend import Dialect, PerDialect, Tx, pg_ddl
from bot.store.errors import SchemaTooNew

__all__ = ["LATEST", "MIGRATIONS", "Step", "migrate", "migration_statements"]

Step = str | PerDialect
"""One statement in SQLite's words, which PostgreSQL runs in its own column types
(:func:`bot.store.backend.pg_ddl`); or, where the SQL must differ, each dialect's own."""

_REASONS = "'grant','buy_in','cash_out','hand_result','refund','correction','refill'"

MIGRATIONS: dict[int, tuple[Step, ...]] = {
    1: (
        # House rules and language per guild; the rules are the engine's opaque dict.
        """CREATE TABLE guilds (
            guild_id   INTEGER PRIMARY KEY,
            rules_json TEXT,
            language   TEXT,
            updated_at REAL NOT NULL
        )""",
        # A balance is the sum of the member's ledger rows in that guild, never negative.
        """CREATE TABLE wallets (
            guild_id     INTEGER NOT NULL,
            user_id      INTEGER NOT NULL,
            balance      INTEGER NOT NULL CHECK (balance >= 0),
            hands_played INTEGER NOT NULL DEFAULT 0,
            net          INTEGER NOT NULL DEFAULT 0,
            last_refill  REAL,
            created_at   REAL NOT NULL,
            PRIMARY KEY (guild_id, user_id)
        ) WITHOUT ROWID""",
        f"""CREATE TABLE ledger (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            user_id    INTEGER NOT NULL,
            delta      INTEGER NOT NULL,
            reason     TEXT NOT NULL CHECK (reason IN ({_REASONS})),
            ref        TEXT,
            created_at REAL NOT NULL,
            FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
        )""",
        "CREATE INDEX ledger_by_member ON ledger (guild_id, user_id)",
        # A live or closed table: seats, stacks, button, level, clock live in state_json.
        """CREATE TABLE tables (
            table_id      TEXT PRIMARY KEY,
            guild_id      INTEGER NOT NULL,
            channel_id    INTEGER NOT NULL,
            state_json    TEXT NOT NULL,
            settings_json TEXT NOT NULL DEFAULT '{}',
            open          INTEGER NOT NULL DEFAULT 1,
            updated_at    REAL NOT NULL
        )""",
        "CREATE INDEX tables_open ON tables (open) WHERE open = 1",
        # A hand: its three defining facts (config, deck, actions) and the seat->member map.
        """CREATE TABLE hands (
            hand_id      INTEGER PRIMARY KEY,
            table_id     TEXT NOT NULL REFERENCES tables (table_id),
            guild_id     INTEGER NOT NULL,
            config_json  TEXT NOT NULL,
            deck         TEXT NOT NULL,
            players_json TEXT NOT NULL,
            started_at   REAL NOT NULL,
            deadline     REAL,
            finished     INTEGER NOT NULL DEFAULT 0,
            finished_at  REAL,
            result_json  TEXT
        )""",
        "CREATE INDEX hands_open ON hands (finished) WHERE finished = 0",
        "CREATE INDEX hands_by_table ON hands (table_id)",
        """CREATE TABLE hand_actions (
            hand_id  INTEGER NOT NULL REFERENCES hands (hand_id),
            seq      INTEGER NOT NULL,
            action   TEXT NOT NULL,
            deadline REAL,
            PRIMARY KEY (hand_id, seq)
        ) WITHOUT ROWID""",
        # One INSERT into hand_actions is the whole durable step: these triggers refuse an
        # action out of sequence or on a finished hand, and move the turn deadline, inside
        # the INSERT's own (autocommit) transaction.
        PerDialect(
            sqlite=(
                """CREATE TRIGGER hand_actions_check BEFORE INSERT ON hand_actions BEGIN
            SELECT RAISE(ABORT, 'no such hand')
                WHERE NOT EXISTS (SELECT 1 FROM hands WHERE hand_id = NEW.hand_id);
            SELECT RAISE(ABORT, 'the hand is finished')
                WHERE (SELECT finished FROM hands WHERE hand_id = NEW.hand_id);
            SELECT RAISE(ABORT, 'action out of sequence')
                WHERE NEW.seq != (SELECT COUNT(*) FROM hand_actions WHERE hand_id = NEW.hand_id);
        END""",
                """CREATE TRIGGER hand_actions_deadline AFTER INSERT ON hand_actions BEGIN
            UPDATE hands SET deadline = NEW.deadline WHERE hand_id = NEW.hand_id;
        END""",
            ),
            # The same checks in PL/pgSQL; the row lock on the hand orders an action and the
            # hand's end even when two processes race.
            postgresql=(
                """CREATE FUNCTION hand_actions_check() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE done BIGINT;
                BEGIN
                    SELECT finished INTO done FROM hands WHERE hand_id = NEW.hand_id FOR UPDATE;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'no such hand';
                    END IF;
                    IF done <> 0 THEN
                        RAISE EXCEPTION 'the hand is finished';
                    END IF;
                    IF NEW.seq <> (SELECT COUNT(*) FROM hand_actions WHERE hand_id = NEW.hand_id)
                    THEN
                        RAISE EXCEPTION 'action out of sequence';
                    END IF;
                    RETURN NEW;
                END $$""",
                """CREATE TRIGGER hand_actions_check BEFORE INSERT ON hand_actions
                FOR EACH ROW EXECUTE FUNCTION hand_actions_check()""",
                """CREATE FUNCTION hand_actions_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE hands SET deadline = NEW.deadline WHERE hand_id = NEW.hand_id;
                    RETURN NULL;
                END $$""",
                """CREATE TRIGGER hand_actions_deadline AFTER INSERT ON hand_actions
                FOR EACH ROW EXECUTE FUNCTION hand_actions_deadline()""",
            ),
        ),
        # Who played which hand, for "my last hands" and the per-hand net.
        """CREATE TABLE hand_players (
            hand_id  INTEGER NOT NULL REFERENCES hands (hand_id),
            player   INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            user_id  INTEGER NOT NULL,
            net      INTEGER,
            PRIMARY KEY (hand_id, player)
        ) WITHOUT ROWID""",
        "CREATE INDEX hand_players_by_member ON hand_players (guild_id, user_id, hand_id)",
    ),
    2: (
        # A member's own settings per guild; no row means every default (all off).
        """CREATE TABLE member_settings (
            guild_id    INTEGER NOT NULL,
            user_id     INTEGER NOT NULL,
            dm          INTEGER NOT NULL DEFAULT 0,
            four_colour INTEGER NOT NULL DEFAULT 0,
            updated_at  REAL,
            PRIMARY KEY (guild_id, user_id)
        )""",
    ),
    3: (
        # The slash commands last published per scope ('global' or 'guild:<id>'): a hash of
        # the payload, so a start publishes only when the commands changed.
        """CREATE TABLE command_syncs (
            scope        TEXT PRIMARY KEY,
            payload_hash TEXT NOT NULL,
            commands     INTEGER NOT NULL,
            synced_at    REAL NOT NULL
        )""",
        # One row per member whose data a server removed; -id stands for that member in the
        # wallet, ledger and hand rows kept for the audit. The member's id is not kept.
        """CREATE TABLE erasures (
            id        INTEGER PRIMARY KEY,
            guild_id  INTEGER NOT NULL,
            erased_at REAL NOT NULL
        )""",
    ),
    4: (
        # Player statistics (bot.stats.counters counters) summed per member, hour, table and
        # session, added to as each hand finishes: any period is a sum over a few of these rows.
        # ``hour`` is the hand's end in whole hours since the epoch; ``last_hand`` the
        # newest hand counted in the row, to find a member's latest session.
        """CREATE TABLE stats_hours (
            guild_id          INTEGER NOT NULL,
            user_id           INTEGER NOT NULL,
            hour              INTEGER NOT NULL,
            table_id          TEXT NOT NULL,
            session           INTEGER NOT NULL,
            last_hand         INTEGER NOT NULL,
            hands             INTEGER NOT NULL,
            vpip_chances      INTEGER NOT NULL,
            vpip              INTEGER NOT NULL,
            pfr               INTEGER NOT NULL,
            three_bet_chances INTEGER NOT NULL,
            three_bets        INTEGER NOT NULL,
            aggressive        INTEGER NOT NULL,
            calls             INTEGER NOT NULL,
            saw_flop          INTEGER NOT NULL,
            showdowns         INTEGER NOT NULL,
            showdowns_won     INTEGER NOT NULL,
            net               INTEGER NOT NULL,
            biggest_pot       INTEGER NOT NULL,
            PRIMARY KEY (guild_id, user_id, hour, table_id, session)
        ) WITHOUT ROWID""",
        # The table session each counted hand belongs to, for the session's stack chart.
        """CREATE TABLE hand_sessions (
            hand_id  INTEGER PRIMARY KEY REFERENCES hands (hand_id),
            table_id TEXT NOT NULL,
            session  INTEGER NOT NULL
        )""",
        "CREATE INDEX hand_sessions_by_session ON hand_sessions (table_id, session, hand_id)",
    ),
    6: (
        # The provably fair deck: the salt of the deck's commitment (hex), revealed in the
        # hand's history; NULL for hands dealt before it existed.
        "ALTER TABLE hands ADD COLUMN deck_salt TEXT",
        # Run it twice: NULL when the run-out was not held (run once, as always), 0 while the
        # players are choosing, then 1 or 2 boards.
        "ALTER TABLE hands ADD COLUMN run_count INTEGER CHECK (run_count IN (0, 1, 2))",
        # The learning mode, per member (off by default; a server may forbid it).
        "ALTER TABLE member_settings ADD COLUMN coach INTEGER NOT NULL DEFAULT 0",
    ),
    8: (
        # Which process drives a table when several share the database (bot.tables.leases): the
        # owner renews expires_at; epoch counts the owners the lease has had. A row is never
        # deleted, so the write fence (bot.store.leases) can always name the current owner.
        """CREATE TABLE leases (
            table_id   TEXT PRIMARY KEY,
            owner      TEXT NOT NULL,
            epoch      BIGINT NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX leases_by_owner ON leases (owner)",
        # The write fence: a new hand, a hand's update and an action are refused unless the
        # table's lease (if it has one) names the writing process. On SQLite the fence is a
        # set of TEMP triggers each process installs on its own connection, with its owner id
        # (bot.store.leases.install_fence); on PostgreSQL one trigger function reads the
        # owner from the session's setting holdem.owner, sent as the connection opens. The
        # lease row is read FOR SHARE: a takeover (an UPDATE of that row) waits for a write in
        # flight, and a write after the takeover sees the new owner.
        PerDialect(
            sqlite=(),
            postgresql=(
                """CREATE FUNCTION lease_fence() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    fenced TEXT;
                    holder TEXT;
                BEGIN
                    IF TG_TABLE_NAME = 'hand_actions' THEN
                        SELECT table_id INTO fenced FROM hands WHERE hand_id = NEW.hand_id;
                    ELSE
                        fenced := NEW.table_id;
                    END IF;
                    SELECT owner INTO holder FROM leases WHERE table_id = fenced FOR SHARE;
                    IF FOUND AND holder IS DISTINCT FROM
                            current_setting('holdem.owner', true) THEN
                        RAISE EXCEPTION 'lease lost: table % is leased by %', fenced, holder;
                    END IF;
                    RETURN NEW;
                END
                $$""",
                "CREATE TRIGGER hand_actions_lease_fence BEFORE INSERT ON hand_actions "
                "FOR EACH ROW EXECUTE FUNCTION lease_fence()",
                "CREATE TRIGGER hands_lease_fence BEFORE INSERT OR UPDATE ON hands "
                "FOR EACH ROW EXECUTE FUNCTION lease_fence()",
            ),
        ),
    ),
    9: (
        # The fence covers the table's own row too: opening a table over another process's,
        # saving its seats, a buy-in or a cash-out, closing it (so that a process in a dead
        # owner's lease window could overwrite the open table and lose its players' chips).
        # The trigger function of migration 8 fences NEW.table_id for any table but
        # hand_actions; SQLite's TEMP triggers are bot.store.leases.install_fence's.
        PerDialect(
            sqlite=(),
            postgresql=(
                "CREATE TRIGGER tables_lease_fence BEFORE INSERT OR UPDATE ON tables "
                "FOR EACH ROW EXECUTE FUNCTION lease_fence()",
            ),
        ),
    ),
    10: (
        # Tournaments (bot.store.events): an event's row holds what the bot keeps of
        # it (the director's config, the bot's settings, the event message, its status); its
        # inputs are the director's log, one row per input in seq order (0, 1, 2 ...), from
        # which the event is rebuilt at a restart. table_id is the event's lease key,
        # "event:<id>", on both tables, so migration 8's fence covers them unchanged.
        """CREATE TABLE events (
            event_id      INTEGER PRIMARY KEY,
            guild_id      INTEGER NOT NULL,
            channel_id    INTEGER NOT NULL,
            message_id    INTEGER,
            table_id      TEXT,
            name          TEXT NOT NULL,
            config_json   TEXT NOT NULL,
            settings_json TEXT NOT NULL,
            status        TEXT NOT NULL
                CHECK (status IN ('registering','running','finished','cancelled')),
            created_at    REAL NOT NULL,
            updated_at    REAL NOT NULL
        )""",
        "CREATE INDEX events_open ON events (status) WHERE status IN ('registering','running')",
        "CREATE INDEX events_by_guild ON events (guild_id, event_id)",
        """CREATE TABLE event_inputs (
            event_id   INTEGER NOT NULL REFERENCES events (event_id),
            seq        INTEGER NOT NULL,
            table_id   TEXT NOT NULL,
            data_json  TEXT NOT NULL,
            ref        TEXT,
            created_at REAL NOT NULL,
            PRIMARY KEY (event_id, seq)
        ) WITHOUT ROWID""",
        # Two ledger reasons for the events' chips: 'entry' (a buy-in to an event) and
        # 'prize' (a place paid). SQLite cannot change a CHECK in place: the ledger is
        # rebuilt the documented way (a new table, the rows copied with their ids, the old one
        # dropped, the new one renamed; nothing refers to the ledger, so the foreign keys
        # hold throughout); PostgreSQL swaps the constraint.
        PerDialect(
            sqlite=(
                f"""CREATE TABLE ledger_10 (
            id         INTEGER PRIMARY KEY,
            guild_id   INTEGER NOT NULL,
            user_id    INTEGER NOT NULL,
            delta      INTEGER NOT NULL,
            reason     TEXT NOT NULL CHECK (reason IN ({_REASONS},'entry','prize')),
            ref        TEXT,
            created_at REAL NOT NULL,
            FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
        )""",
                "INSERT INTO ledger_10 (id, guild_id, user_id, delta, reason, ref, created_at) "
                "SELECT id, guild_id, user_id, delta, reason, ref, created_at FROM ledger",
                "DROP TABLE ledger",
                "ALTER TABLE ledger_10 RENAME TO ledger",
                "CREATE INDEX ledger_by_member ON ledger (guild_id, user_id)",
            ),
            postgresql=(
                "ALTER TABLE ledger DROP CONSTRAINT ledger_reason_check",
                "ALTER TABLE ledger ADD CONSTRAINT ledger_reason_check "
                f"CHECK (reason IN ({_REASONS},'entry','prize'))",
            ),
        ),
        # The fence of an event's writes: its inputs, and its row's updates (on SQLite,
        # bot.store.leases.install_fence's TEMP triggers).
        PerDialect(
            sqlite=(),
            postgresql=(
                "CREATE TRIGGER event_inputs_lease_fence BEFORE INSERT ON event_inputs "
                "FOR EACH ROW EXECUTE FUNCTION lease_fence()",
                "CREATE TRIGGER events_lease_fence BEFORE UPDATE ON events "
                "FOR EACH ROW EXECUTE FUNCTION lease_fence()",
            ),
        ),
    ),
    11: (
        # A server's saved tournament structures, by name (bot.store.events.save_preset):
        # the director's config without its seed, reused by /holdem tournament create.
        """CREATE TABLE event_presets (
            guild_id    INTEGER NOT NULL,
            name        TEXT NOT NULL,
            config_json TEXT NOT NULL,
            created_by  INTEGER NOT NULL,
            updated_at  REAL NOT NULL,
            PRIMARY KEY (guild_id, name)
        ) WITHOUT ROWID""",
    ),
    12: (
        # Seasons (bot.store.seasons): a league's window, its points rule and where its
        # champion is posted; its table as last computed (recomputed from the events' logs,
        # never the truth). event_voids: events an admin struck from seasons and ratings.
        """CREATE TABLE seasons (
            season_id          INTEGER PRIMARY KEY,
            guild_id           INTEGER NOT NULL,
            name               TEXT NOT NULL,
            starts_at          REAL NOT NULL,
            ends_at            REAL NOT NULL,
            rule_json          TEXT NOT NULL,
            channel_id         INTEGER NOT NULL,
            table_json         TEXT,
            champion_posted_at REAL,
            created_at         REAL NOT NULL
        )""",
        "CREATE INDEX seasons_by_guild ON seasons (guild_id, season_id)",
        """CREATE TABLE event_voids (
            event_id  INTEGER PRIMARY KEY REFERENCES events (event_id),
            guild_id  INTEGER NOT NULL,
            voided_by INTEGER NOT NULL,
            voided_at REAL NOT NULL
        )""",
    ),
    13: (
        # Series (bot.store.series): a tournament repeated daily or weekly, its template
        # (the director's config, the bot's settings) and its first start; each event of a
        # series names it in its settings ("series", "occurrence"), so the events' rows say
        # which occurrences exist. scheduled_events: the Discord scheduled event of each,
        # written before Discord is asked (discord_id NULL until it answers) so a restart
        # finds it, or adopts the one Discord made, instead of making a second.
        """CREATE TABLE series (
            series_id     INTEGER PRIMARY KEY,
            guild_id      INTEGER NOT NULL,
            channel_id    INTEGER NOT NULL,
            name          TEXT NOT NULL,
            every         TEXT NOT NULL CHECK (every IN ('daily','weekly')),
            time_zone     TEXT NOT NULL,
            first_start   REAL NOT NULL,
            template_json TEXT NOT NULL,
            created_by    INTEGER NOT NULL,
            active        INTEGER NOT NULL DEFAULT 1,
            refused_at    REAL,
            created_at    REAL NOT NULL
        )""",
        "CREATE INDEX series_by_guild ON series (guild_id, series_id)",
        """CREATE TABLE scheduled_events (
            event_id    INTEGER PRIMARY KEY REFERENCES events (event_id),
            guild_id    INTEGER NOT NULL,
            series_id   INTEGER NOT NULL REFERENCES series (series_id),
            discord_id  INTEGER,
            starts_at   REAL NOT NULL,
            name        TEXT NOT NULL,
            deleted     INTEGER NOT NULL DEFAULT 0,
            reminded    TEXT NOT NULL DEFAULT '[]',
            updated_at  REAL NOT NULL
        )""",
    ),
    14: (
        # A move that reached a process which does not drive its table (bot.activity.relay):
        # written here, applied once by the table's lease holder, its answer written back.
        # request_id is the member's own key (member:request), so a request sent again is
        # answered with its first answer. state: waiting, applying (by applier, under the
        # table's lease epoch), answered; answer_json the HTTP status and body.
        """CREATE TABLE table_requests (
            request_id  TEXT PRIMARY KEY,
            table_id    TEXT NOT NULL,
            member      INTEGER NOT NULL,
            move_json   TEXT NOT NULL,
            state       TEXT NOT NULL CHECK (state IN ('waiting','applying','answered')),
            applier     TEXT,
            epoch       BIGINT,
            answer_json TEXT,
            created_at  REAL NOT NULL,
            answered_at REAL
        )""",
        "CREATE INDEX table_requests_open ON table_requests (state) WHERE state <> 'answered'",
    ),
}

LATEST = max(MIGRATIONS)


def migration_statements(version: int, dialect: Dialect) -> tuple[str, ...]:
    """Migration ``version`` as ``dialect`` runs it: a plain statement in its column types
    (:func:`~bot.store.backend.pg_ddl`), a :class:`PerDialect` one as written for it."""
    out: list[str] = []
    for step in MIGRATIONS[version]:
        if isinstance(step, PerDialect):
            out.extend(step.for_dialect(dialect))
        else:
            out.append(pg_ddl(step) if dialect is Dialect.POSTGRESQL else step)
    return tuple(out)


async def migrate(tx: Tx, where: str) -> None:
    """Bring the database ``where`` up to :data:`LATEST` inside the transaction ``tx``.

    Raises :class:`SchemaTooNew` for a database a newer bot has written.
    """
    lock = tx.dialect.migration_lock
    if lock is not None:
        await tx.fetch(lock)
    await tx.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at REAL)"
        if tx.dialect is Dialect.SQLITE
        else "CREATE TABLE IF NOT EXISTS schema_version "
        "(version BIGINT PRIMARY KEY, applied_at DOUBLE PRECISION)"
    )
    rows = await tx.fetch("SELECT version FROM schema_version")
    applied = {int(row[0]) for row in rows}
    current = max(applied, default=0)
    if current > LATEST:
        raise SchemaTooNew(
            f"the database {where} has schema version {current}, newer than this "
            f"bot's {LATEST}: update the bot",
            path=where,
            found=current,
            known=LATEST,
        )
    # Numbers are reserved ahead and land in any order, so a gap is normal: apply every
    # migration not yet recorded, lowest first, not just those above the top.
    for version in sorted(MIGRATIONS.keys() - applied):
        for statement in migration_statements(version, tx.dialect):
            await tx.execute(statement)
        await tx.execute(
            "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
            (version, float(int(time.time()))),
        )
