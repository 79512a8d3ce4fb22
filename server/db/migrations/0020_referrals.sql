CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"newcomer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	"referrer_points" integer,
	"newcomer_points" integer,
	"reward_month" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."newcomer_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "referral_points" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "referral_monthly_limit" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_newcomer_id_users_id_fk" FOREIGN KEY ("newcomer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_org_code_uq" ON "referral_codes" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_newcomer_uq" ON "referrals" USING btree ("newcomer_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","reward_month");--> statement-breakpoint
CREATE INDEX "referrals_org_claimed_idx" ON "referrals" USING btree ("organization_id","claimed_at");--> statement-breakpoint
CREATE INDEX "referrals_org_rewarded_idx" ON "referrals" USING btree ("organization_id","rewarded_at");