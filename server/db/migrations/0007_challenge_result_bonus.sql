ALTER TABLE "challenge_responses" ADD COLUMN "bonus_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Arcade answers that matched the right option at answer time were paid the challenge's bonus with the option's
-- points: record it as held, so a later result entry pays only differences (decision 0055).
UPDATE "challenge_responses" AS r SET "bonus_points" = c."points"
FROM "challenges" AS c
WHERE c."id" = r."challenge_id" AND r."correct" IS TRUE AND c."type" = 'poll' AND c."points" > 0;
