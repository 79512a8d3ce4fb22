/**
 * First-start seeding: on a database without any organization, creates the demo organization (Alpine Racing,
 * public key `ORGANIZATION_KEY`). Later starts leave the data alone.
 */
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import { seedDemoOrganization } from './demo';

/**
 * Seeds the demo organization when the database has no organization.
 * @returns true when it seeded
 */
export async function seedIfEmpty(db: Db, options: { organizationKey: string; now?: Date }): Promise<boolean> {
  const [any] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  if (any) return false;
  await seedDemoOrganization(db, { organizationKey: options.organizationKey, now: options.now ?? new Date() });
  return true;
}
