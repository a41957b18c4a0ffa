-- Sharded counters: every item insert used to add to the one 'items' row (and its owner's row) and hold
-- that row's lock until commit, so concurrent inserts of the whole system queued behind each other's
-- commit. Each connection now adds to its own shard of a key (pg_backend_pid() % 16); a count is the sum
-- of the key's shards, read through the primary key (key, shard). Existing counts become shard 0.
ALTER TABLE "counters" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "counters" DROP CONSTRAINT "counters_pkey";--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_key_shard_pk" PRIMARY KEY("key","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION counters_add(delta_key text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO counters (key, shard, n) VALUES (delta_key, pg_backend_pid() % 16, delta)
  ON CONFLICT (key, shard) DO UPDATE SET n = counters.n + EXCLUDED.n;
$$;
--> statement-breakpoint
-- A shard at 0 goes (the lock re-checks n = 0, so a concurrent add is never lost). The items of a deleted
-- owner are not subtracted from the owner's shards: users_counters_on_delete removes those rows, whichever
-- of the two triggers runs first.
CREATE OR REPLACE FUNCTION items_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('items', -(SELECT count(*) FROM old_rows));
  PERFORM counters_add('items:' || owner_id::text, -count(*)) FROM old_rows
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = old_rows.owner_id)
    GROUP BY owner_id;
  DELETE FROM counters WHERE n = 0 AND key IN (SELECT DISTINCT 'items:' || owner_id::text FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('users', -(SELECT count(*) FROM old_rows));
  DELETE FROM counters WHERE key IN (SELECT 'items:' || id::text FROM old_rows);
  RETURN NULL;
END $$;
