ALTER TABLE "organizations" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Any change of an organization or of its ranks raises organizations.version, so server processes can keep both
-- in memory and notice a change made by any process (or by hand) from the version read with each session.
CREATE FUNCTION "podium_bump_organization_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    NEW.version := OLD.version + 1;
    RETURN NEW;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "organizations" SET "version" = "version" + 1 WHERE "id" = OLD."organization_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."organization_id" IS DISTINCT FROM OLD."organization_id") THEN
    UPDATE "organizations" SET "version" = "version" + 1 WHERE "id" = NEW."organization_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "organizations_version" BEFORE UPDATE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "podium_bump_organization_version"();
--> statement-breakpoint
CREATE TRIGGER "ranks_organization_version" AFTER INSERT OR UPDATE OR DELETE ON "ranks"
  FOR EACH ROW EXECUTE FUNCTION "podium_bump_organization_version"();
