/**
 * The demo organization "Alpine Racing" (decision 0051): a content document, `server/seed/demo/content.json`, with
 * its media files beside it in `server/seed/demo/media/`, seeded through the same importer as
 * `npm run content -- import`, so every seeded item passes the console's own rules. Its dates are moved by the
 * time since the document's `exportedAt`: a fresh demo always has live, scheduled and ended challenges, stories,
 * sweepstakes and activations. Videos and PDFs of the demo live on the demo CDN (`server/seed/cdn/`).
 *
 * The document reads naturally in English and French: ranks, benefits, carousel cards, the cars page,
 * 16 challenges of every subtype, stories, videos, Markdown articles, playlists, sweepstakes, activations with
 * badges, consents and digital downloads. Edit it like any club would: in the console, then
 * `npm run content -- export server/seed/demo/content.json`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { organizations } from '../db/schema';
import { importContentDocument } from '../areas/console/content-document.service';
import { createOrganization } from './factories';

/** Directory of the demo content document and its media. */
const DEMO_DIR = fileURLToPath(new URL('./demo/', import.meta.url));

/**
 * Creates the demo organization with the public key `organizationKey` and imports the demo document into it, in one
 * transaction.
 * @param options.now the seeding time: the document's dates are moved to it
 * @returns the organization row, with the document's settings
 * @throws ApiError 422 when the demo document breaks a rule (a bug of the document, caught by the tests)
 */
export async function seedDemoOrganization(db: DbOrTx, options: { organizationKey: string; now: Date }) {
  const document: unknown = JSON.parse(await readFile(join(DEMO_DIR, 'content.json'), 'utf8'));
  return db.transaction(async (tx) => {
    const created = await createOrganization(tx, { name: 'Alpine Racing', publicKey: options.organizationKey });
    await importContentDocument(tx, document, {
      organizationId: created.id,
      actor: { id: null, email: 'demo seed', organizationId: created.id },
      now: options.now,
      readFile: (path) => readFile(join(DEMO_DIR, path)),
      rebase: true,
    });
    const [organization] = await tx.select().from(organizations).where(eq(organizations.id, created.id));
    return organization;
  });
}
