-- Exact counts for list responses without scanning: statement-level triggers with transition tables
-- add and subtract per statement, so bulk loads (COPY, multi-row INSERT) pay once per statement.
CREATE FUNCTION counters_add(delta_key text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO counters (key, n) VALUES (delta_key, delta)
  ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
$$;
--> statement-breakpoint
CREATE FUNCTION items_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('items', (SELECT count(*) FROM new_rows));
  PERFORM counters_add('items:' || owner_id::text, count(*)) FROM new_rows GROUP BY owner_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION items_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('items', -(SELECT count(*) FROM old_rows));
  PERFORM counters_add('items:' || owner_id::text, -count(*)) FROM old_rows GROUP BY owner_id;
  -- An owner with no items left needs no row (and a deleted owner must leave none behind).
  DELETE FROM counters WHERE n = 0 AND key IN (SELECT DISTINCT 'items:' || owner_id::text FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION items_counters_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('items:' || owner_id::text, -count(*)) FROM old_rows GROUP BY owner_id;
  PERFORM counters_add('items:' || owner_id::text, count(*)) FROM new_rows GROUP BY owner_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('users', (SELECT count(*) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counters_add('users', -(SELECT count(*) FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_counters_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_counters_on_insert();
--> statement-breakpoint
CREATE TRIGGER items_counters_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_counters_on_delete();
--> statement-breakpoint
CREATE TRIGGER items_counters_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_counters_on_update();
--> statement-breakpoint
CREATE TRIGGER users_counters_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_counters_on_insert();
--> statement-breakpoint
CREATE TRIGGER users_counters_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_counters_on_delete();
--> statement-breakpoint
INSERT INTO counters (key, n) SELECT 'users', count(*) FROM users;
--> statement-breakpoint
INSERT INTO counters (key, n) SELECT 'items', count(*) FROM items;
--> statement-breakpoint
INSERT INTO counters (key, n) SELECT 'items:' || owner_id::text, count(*) FROM items GROUP BY owner_id;
