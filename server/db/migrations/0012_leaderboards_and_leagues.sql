CREATE TABLE "leaderboard_names" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"shown" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"organization_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "leaderboard_scores_user_id_period_period_key_pk" PRIMARY KEY("user_id","period","period_key")
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"league_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_members_league_id_user_id_pk" PRIMARY KEY("league_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"invite_code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_names" ADD CONSTRAINT "leaderboard_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_scores_table_idx" ON "leaderboard_scores" USING btree ("organization_id","period","period_key","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "league_members_user_idx" ON "league_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_invite_code_uq" ON "leagues" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_org_starts_uq" ON "seasons" USING btree ("organization_id","starts_at");--> statement-breakpoint
-- Which week or month an instant falls in, in an IANA time zone (decision 0061): the Monday of its ISO week or the
-- first day of its month, 'YYYY-MM-DD'. PostgreSQL converts the zone (daylight saving included); the ledger trigger
-- and the tables' readers both call this one function.
CREATE OR REPLACE FUNCTION podium_period_key(period text, at timestamptz, zone text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(date_trunc(period, at AT TIME ZONE zone), 'YYYY-MM-DD')
$$;
--> statement-breakpoint
-- Keeps leaderboard_scores as ledger rows are written: a positive row adds to the member's week, month, current
-- season (the latest that started by the row's time) and all-time scores. Spends (negative rows) earn nothing.
-- One statement per ledger statement (a transition table), not one per row: a result credited to thousands of
-- members in one set-based insert is counted with one set-based upsert. Rows are upserted in one order (member,
-- period, key) whatever the statement, so concurrent credits of the same member never deadlock.
CREATE OR REPLACE FUNCTION podium_leaderboard_credit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_scores AS s (organization_id, period, period_key, user_id, points)
    SELECT n.organization_id, p.period, p.period_key, n.user_id, sum(n.amount)::int
    FROM new_rows n
    JOIN organizations o ON o.id = n.organization_id
    CROSS JOIN LATERAL (VALUES
      ('week', podium_period_key('week', n.created_at, o.time_zone)),
      ('month', podium_period_key('month', n.created_at, o.time_zone)),
      ('season', (SELECT se.id::text FROM seasons se
        WHERE se.organization_id = n.organization_id AND se.starts_at <= n.created_at
        ORDER BY se.starts_at DESC LIMIT 1)),
      ('all', '')
    ) AS p(period, period_key)
    WHERE n.amount > 0 AND p.period_key IS NOT NULL
    GROUP BY n.organization_id, p.period, p.period_key, n.user_id
    ORDER BY n.user_id, p.period, p.period_key
  ON CONFLICT (user_id, period, period_key) DO UPDATE SET points = s.points + excluded.points;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_leaderboard AFTER INSERT ON point_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_leaderboard_credit();
--> statement-breakpoint
-- The scores of the ledger written before this migration (no season exists yet).
INSERT INTO leaderboard_scores (organization_id, period, period_key, user_id, points)
SELECT t.organization_id, p.period, p.period_key, t.user_id, sum(t.amount)::int
FROM point_transactions t
JOIN organizations o ON o.id = t.organization_id
CROSS JOIN LATERAL (VALUES
  ('week', podium_period_key('week', t.created_at, o.time_zone)),
  ('month', podium_period_key('month', t.created_at, o.time_zone)),
  ('all', '')
) AS p(period, period_key)
WHERE t.amount > 0
GROUP BY t.organization_id, p.period, p.period_key, t.user_id;
--> statement-breakpoint
-- An erased member (decision 0053) leaves every table and league: no username or place is left behind.
CREATE OR REPLACE FUNCTION podium_leaderboard_erase() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leaderboard_scores WHERE user_id = NEW.id;
  DELETE FROM league_members WHERE user_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_erased_leaderboard AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) EXECUTE FUNCTION podium_leaderboard_erase();
