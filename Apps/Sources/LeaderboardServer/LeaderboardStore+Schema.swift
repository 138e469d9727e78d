// LeaderboardStore+Schema: the tables and their migrations.
//   player(id, name, nameKey UNIQUE (lowercased name), tokenHash UNIQUE, createdAt)
//   score(id, playerId, level, score)                   every accepted submission
//   best(level, playerId, score)                        each player's best per level: top N reads only this
//   bestCount(level, score, players)                    how many players have each best score: a rank is a sum
//                                                       over at most the level's maximum score rows (a few
//                                                       thousand, since scores are bounded), however many players
//   submissionKey(playerId, key, scoreId, level, score, createdAt)   idempotency keys still remembered
// v1 kept the key in `score` under a UNIQUE constraint, for ever; v2 moves keys out so that they can expire; v3 keeps
// the keys in their primary key's b-tree (WITHOUT ROWID) and drops the index by score row (only audits joined on it):
// two b-trees fewer to write for each submission; v4 keeps `bestCount` up to date by triggers on `best`, so that a
// submission raises its best with one statement.

import GRDB

extension LeaderboardStore {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        tokenHash TEXT NOT NULL UNIQUE);
                    CREATE TABLE score (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        playerId INTEGER NOT NULL REFERENCES player(id),
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL,
                        idempotencyKey TEXT NOT NULL,
                        UNIQUE (playerId, idempotencyKey));
                    CREATE INDEX score_by_level ON score(level, score DESC);
                    """)
        }
        migrator.registerMigration("v2: unique names, expiring keys, best per level") { db in
            try db.execute(
                sql: """
                    ALTER TABLE player ADD COLUMN nameKey TEXT;
                    ALTER TABLE player ADD COLUMN createdAt REAL NOT NULL DEFAULT 0;
                    UPDATE player SET nameKey = lower(name)
                        WHERE id IN (SELECT MIN(id) FROM player GROUP BY lower(name));
                    CREATE UNIQUE INDEX player_by_name ON player(nameKey);
                    CREATE TABLE submissionKey (
                        playerId INTEGER NOT NULL,
                        key TEXT NOT NULL,
                        scoreId INTEGER NOT NULL,
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL,
                        createdAt REAL NOT NULL,
                        PRIMARY KEY (playerId, key));
                    CREATE INDEX submissionKey_by_age ON submissionKey(createdAt);
                    CREATE INDEX submissionKey_by_score ON submissionKey(scoreId);
                    INSERT INTO submissionKey SELECT playerId, idempotencyKey, id, level, score, 0 FROM score;
                    CREATE TABLE score2 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        playerId INTEGER NOT NULL REFERENCES player(id),
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL);
                    INSERT INTO score2 SELECT id, playerId, level, score FROM score;
                    DROP TABLE score;
                    ALTER TABLE score2 RENAME TO score;
                    CREATE TABLE best (
                        level INTEGER NOT NULL,
                        playerId INTEGER NOT NULL REFERENCES player(id),
                        score INTEGER NOT NULL,
                        PRIMARY KEY (level, playerId)) WITHOUT ROWID;
                    CREATE INDEX best_by_score ON best(level, score DESC, playerId);
                    INSERT INTO best SELECT level, playerId, MAX(score) FROM score GROUP BY level, playerId;
                    CREATE TABLE bestCount (
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL,
                        players INTEGER NOT NULL,
                        PRIMARY KEY (level, score)) WITHOUT ROWID;
                    INSERT INTO bestCount SELECT level, score, COUNT(*) FROM best GROUP BY level, score;
                    """)
        }
        migrator.registerMigration("v3: keys without rowid") { db in
            try db.execute(
                sql: """
                    CREATE TABLE submissionKey3 (
                        playerId INTEGER NOT NULL,
                        key TEXT NOT NULL,
                        scoreId INTEGER NOT NULL,
                        level INTEGER NOT NULL,
                        score INTEGER NOT NULL,
                        createdAt REAL NOT NULL,
                        PRIMARY KEY (playerId, key)) WITHOUT ROWID;
                    INSERT INTO submissionKey3 SELECT playerId, key, scoreId, level, score, createdAt FROM submissionKey;
                    DROP TABLE submissionKey;
                    ALTER TABLE submissionKey3 RENAME TO submissionKey;
                    CREATE INDEX submissionKey_by_age ON submissionKey(createdAt);
                    """)
        }
        migrator.registerMigration("v4: bestCount by triggers") { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER best_inserted AFTER INSERT ON best BEGIN
                        INSERT INTO bestCount (level, score, players) VALUES (NEW.level, NEW.score, 1)
                            ON CONFLICT (level, score) DO UPDATE SET players = players + 1;
                    END;
                    CREATE TRIGGER best_raised AFTER UPDATE OF score ON best BEGIN
                        UPDATE bestCount SET players = players - 1 WHERE level = OLD.level AND score = OLD.score;
                        DELETE FROM bestCount WHERE level = OLD.level AND score = OLD.score AND players <= 0;
                        INSERT INTO bestCount (level, score, players) VALUES (NEW.level, NEW.score, 1)
                            ON CONFLICT (level, score) DO UPDATE SET players = players + 1;
                    END;
                    """)
        }
        return migrator
    }
}
