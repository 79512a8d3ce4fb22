CREATE TABLE "sweepstake_winners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sweepstake_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"ticket" integer NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "result_entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "result_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "seed_commitment" text;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "draw_seed" text;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sweepstakes" ADD COLUMN "claim_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "sweepstake_winners" ADD CONSTRAINT "sweepstake_winners_sweepstake_id_sweepstakes_id_fk" FOREIGN KEY ("sweepstake_id") REFERENCES "public"."sweepstakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstake_winners" ADD CONSTRAINT "sweepstake_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sweepstake_winners_sweepstake_place_uq" ON "sweepstake_winners" USING btree ("sweepstake_id","place");--> statement-breakpoint
CREATE INDEX "sweepstake_winners_user_idx" ON "sweepstake_winners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "point_transactions_org_created_idx" ON "point_transactions" USING btree ("organization_id","created_at");