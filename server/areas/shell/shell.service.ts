/**
 * What the app shell reads of the deployment's organization (the one of `ORGANIZATION_KEY`): its settings for the
 * web app manifest and icons, its logo's bytes, and its internal e-mail domains for the runtime config.
 */
import { eq } from 'drizzle-orm';
import { media, organizations } from '../../db/schema';
import type { AppDeps } from '../../kernel/types';

/** The organization of `ORGANIZATION_KEY`, or undefined before it exists. */
export async function deploymentOrganization(deps: AppDeps) {
  const [organization] = await deps.db.select().from(organizations).where(eq(organizations.publicKey, deps.env.ORGANIZATION_KEY));
  return organization;
}

/** The internal e-mail domains of the organization of `ORGANIZATION_KEY` (none before it exists). */
export async function internalEmailDomains(deps: AppDeps): Promise<string[]> {
  return (await deploymentOrganization(deps))?.internalEmailDomains ?? [];
}

/** The bytes of the media `mediaId` (from the row for seeded images, else from the media storage), or null. */
export async function mediaBytes(deps: AppDeps, mediaId: string): Promise<Uint8Array | null> {
  const [logo] = await deps.db.select({ bytes: media.bytes, storageKey: media.storageKey }).from(media).where(eq(media.id, mediaId));
  if (!logo) return null;
  return logo.storageKey ? await deps.storage.get(logo.storageKey) : logo.bytes;
}
