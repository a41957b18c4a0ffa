-- One account per e-mail address whatever its letter case: the address stays stored as typed, and a
-- unique index on lower(email) replaces the case-sensitive constraint (every lookup compares lower(email)).
-- Accounts that already share an address up to case cannot be merged automatically: the migration stops,
-- naming them (address as stored, and id), and changes nothing (drizzle runs the pending migrations in one transaction). Writes to
-- users wait while it runs, so no new collision can slip in between the check and the index.
LOCK TABLE "users" IN SHARE MODE;--> statement-breakpoint
DO $$
DECLARE
  groups integer;
  listed text;
BEGIN
  SELECT count(*), string_agg(addresses, '; ' ORDER BY addresses) FILTER (WHERE n <= 20)
    INTO groups, listed
    FROM (
      SELECT string_agg(format('%s (id %s)', email, id), ', ' ORDER BY email) AS addresses,
             row_number() OVER (ORDER BY lower(email)) AS n
        FROM "users"
       GROUP BY lower(email)
      HAVING count(*) > 1
    ) AS collisions;
  IF groups > 0 THEN
    RAISE EXCEPTION 'migration 0005_email_case_insensitive: % e-mail address(es) belong to more than one account when letter case is ignored: %',
      groups, listed || CASE WHEN groups > 20 THEN format(' (and %s more)', groups - 20) ELSE '' END
      USING HINT = 'Give each of these accounts a distinct address or delete the extra ones (UPDATE users SET email = ... WHERE id = ...), then run the migration again.';
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));
