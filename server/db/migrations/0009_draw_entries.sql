ALTER TABLE "sweepstakes" ADD COLUMN "draw_entries" jsonb;--> statement-breakpoint
-- Sweepstakes created before draws existed get their secret seed and its commitment here (new ones get theirs from
-- the server's crypto.randomBytes at creation): 32 bytes hashed from two random UUIDs (244 bits from the
-- database's strong random source), committed to as SHA-256 of the seed's bytes, exactly like the server does.
UPDATE "sweepstakes" SET "draw_seed" = "s"."seed", "seed_commitment" = encode(sha256(decode("s"."seed", 'hex')), 'hex')
FROM (
  SELECT "id", encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex') AS "seed"
  FROM "sweepstakes" WHERE "seed_commitment" IS NULL AND "drawn_at" IS NULL
) AS "s"
WHERE "sweepstakes"."id" = "s"."id";
