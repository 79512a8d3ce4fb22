CREATE TABLE "playlist_videos" (
	"playlist_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"order_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"draft" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"key" text,
	"rank_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"draft" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carousel_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"media_id" uuid,
	"icon" text DEFAULT 'gift' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"underage_gate" boolean DEFAULT false NOT NULL,
	"is_ad" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"stops_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"draft" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "internal_email_domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ranks" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "body_markdown" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "file_media_id" uuid;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "file_media_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "winner_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_videos" ADD CONSTRAINT "playlist_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_cards" ADD CONSTRAINT "carousel_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_videos_playlist_video_uq" ON "playlist_videos" USING btree ("playlist_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_videos_playlist_order_uq" ON "playlist_videos" USING btree ("playlist_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_org_slug_uq" ON "playlists" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "benefits_org_key_uq" ON "benefits" USING btree ("organization_id","key");--> statement-breakpoint
CREATE INDEX "benefits_org_rank_idx" ON "benefits" USING btree ("organization_id","rank_code");--> statement-breakpoint
CREATE UNIQUE INDEX "carousel_cards_org_key_uq" ON "carousel_cards" USING btree ("organization_id","key");--> statement-breakpoint
CREATE INDEX "audit_log_org_created_idx" ON "audit_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_org_entity_idx" ON "audit_log" USING btree ("organization_id","entity","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_org_key_uq" ON "challenges" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "media_org_key_uq" ON "media" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_org_key_uq" ON "stories" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sweepstakes_org_key_uq" ON "sweepstakes" USING btree ("organization_id","key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('member', 'operator'));--> statement-breakpoint
-- The audit log is append-only: no statement may rewrite an entry (rows still go with their organization). The one
-- update allowed is the foreign key's own `set null` when the operator's member row is deleted: the entry keeps
-- `actor_email`.
CREATE FUNCTION "podium_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."actor_user_id" IS NOT NULL AND NEW."actor_user_id" IS NULL
    AND (NEW."id", NEW."organization_id", NEW."actor_email", NEW."entity", NEW."entity_id", NEW."action", NEW."before", NEW."after", NEW."created_at")
      IS NOT DISTINCT FROM
        (OLD."id", OLD."organization_id", OLD."actor_email", OLD."entity", OLD."entity_id", OLD."action", OLD."before", OLD."after", OLD."created_at")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "podium_audit_log_append_only"();
