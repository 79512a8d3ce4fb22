/**
 * The database every server test file starts from: migrated, with the demo organization seeded once per run (global
 * setup), so that a file copies it instead of importing the demo document again. The seed's dates are moved to the
 * run's start (`seedDemoOrganization`), minutes before a file's own clock: the demo's nearest dates are hours away.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';
import { organizations } from '../../server/db/schema';
import { seedDemoOrganization } from '../../server/seed/demo';

/** The seeded organization's public key, in every test database. */
export const ORG_KEY = 'pk_test_alpine_racing';

/** Seeds the demo organization (key `ORG_KEY`) into a migrated template database, its dates moved to now. */
export async function seedTemplate(db: DbOrTx): Promise<void> {
  await seedDemoOrganization(db, { organizationKey: ORG_KEY, now: new Date() });
}

/**
 * The seeded organization of a database copied from the template.
 * @throws Error when the database holds no organization with `ORG_KEY` (it was not copied from the template)
 */
export async function seededOrganization(db: DbOrTx) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.publicKey, ORG_KEY));
  if (!organization) throw new Error('the test database holds no seeded organization: it was not copied from the template');
  return organization;
}
