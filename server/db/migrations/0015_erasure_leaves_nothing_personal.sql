-- An erasure leaves nothing personal in the audit log (decision 0072). The log stays append-only, with two more
-- updates allowed, each only for a member whose row is already erased (`deleted_at` set, in the erasure's own
-- transaction):
-- * the entries about that member (entity `members`, `entity_id` the member) keep only the fields of
--   `podium_audit_erased`: amounts, balances, role, and times; free text (an adjustment's or a suspension's reason)
--   and every other field go;
-- * the entries that member made as an operator name them by the erased row's address,
--   `deleted-<id>@deleted.invalid`, instead of their e-mail.
-- The foreign key's own `set null` (a member row deleted with its organization) stays allowed. Entity, action, ids
-- and times never change.
CREATE FUNCTION "podium_audit_erased"("entry" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "entry" IS NULL OR jsonb_typeof("entry") <> 'object' THEN "entry"
    ELSE coalesce(
      (SELECT jsonb_object_agg("key", "value") FROM jsonb_each("entry")
        WHERE "key" = ANY (ARRAY['points', 'amount', 'transactionId', 'role', 'suspendedAt', 'suspendedUntil', 'deletedAt'])),
      '{}'::jsonb)
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "podium_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "erased_subject" boolean := OLD."entity" = 'members' AND EXISTS (
    SELECT 1 FROM "users" WHERE "users"."id"::text = OLD."entity_id" AND "users"."deleted_at" IS NOT NULL);
  "erased_actor" boolean := EXISTS (
    SELECT 1 FROM "users" WHERE "users"."id" = OLD."actor_user_id" AND "users"."deleted_at" IS NOT NULL);
BEGIN
  IF (NEW."id", NEW."organization_id", NEW."entity", NEW."entity_id", NEW."action", NEW."created_at")
      IS NOT DISTINCT FROM (OLD."id", OLD."organization_id", OLD."entity", OLD."entity_id", OLD."action", OLD."created_at")
    AND (NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id" OR NEW."actor_user_id" IS NULL)
    AND (NEW."actor_email" = OLD."actor_email"
      OR ("erased_actor" AND NEW."actor_email" = 'deleted-' || OLD."actor_user_id" || '@deleted.invalid'))
    AND ((NEW."before", NEW."after") IS NOT DISTINCT FROM (OLD."before", OLD."after")
      OR ("erased_subject" AND (NEW."before", NEW."after")
        IS NOT DISTINCT FROM (podium_audit_erased(OLD."before"), podium_audit_erased(OLD."after"))))
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
