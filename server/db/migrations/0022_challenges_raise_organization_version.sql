-- Any change of a challenge raises organizations.version too, so server processes can keep an organization's
-- challenges in memory beside the organization and notice a change made by any process (or by hand) from the
-- version read with each session (server/db/challenge-cache.ts).
CREATE TRIGGER "challenges_organization_version" AFTER INSERT OR UPDATE OR DELETE ON "challenges"
  FOR EACH ROW EXECUTE FUNCTION "podium_bump_organization_version"();
