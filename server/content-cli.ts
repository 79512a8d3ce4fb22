/**
 * `npm run content -- export <file.json>` and `npm run content -- import <file.json>`: the organization's content
 * document (format: `src/contracts/admin/content-document.ts`) to and from a file, on the database the server uses
 * (`DATABASE_URL`, else the embedded PGlite in `PODIUM_DATA_DIR`) and the organization of `ORGANIZATION_KEY`.
 * Export writes the media files beside the document (`media/<key>.<ext>`); import reads them from there, runs in
 * one transaction and prints what it created and updated, or every problem with its JSON path (exit code 1).
 * Importing into a database without the organization creates it first (empty, default ranks), so a club can start
 * from its own document instead of the demo.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { CONTENT_DOCUMENT_LISTS } from '../src/contracts/admin/content-document';
import { openDatabase } from './db/runtime';
import { organizations } from './db/schema';
import { exportContentDocument, importContentDocument } from './areas/console/content-document.service';
import { processEnv } from './env';
import { ApiError } from './lib/errors';
import { createOrganization } from './seed/factories';
import { mediaStorageFor } from './lib/storage/media-storage';

const USAGE = 'usage: npm run content -- export <file.json> | import <file.json>';

/** Runs the command; returns the process exit code. */
async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'export' && command !== 'import') || !file) {
    console.error(USAGE);
    return 2;
  }
  const env = processEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PODIUM_DATA_DIR, poolSize: 2 });
  const storage = mediaStorageFor(env);
  const path = resolve(file);
  const base = dirname(path);
  try {
    let [organization] = await database.db.select().from(organizations).where(eq(organizations.publicKey, env.ORGANIZATION_KEY));
    if (command === 'export') {
      if (!organization) {
        console.error(`No organization with the key ${env.ORGANIZATION_KEY} in this database`);
        return 1;
      }
      const document = await exportContentDocument(database.db, {
        organizationId: organization.id,
        storage,
        now: new Date(),
        mediaFiles: {
          writeFile: async (relative, bytes) => {
            await mkdir(dirname(join(base, relative)), { recursive: true });
            await writeFile(join(base, relative), bytes);
          },
        },
      });
      await writeFile(path, JSON.stringify(document, null, 2) + '\n');
      const items = CONTENT_DOCUMENT_LISTS.reduce((n, list) => n + document[list].length, 0);
      console.log(`exported ${items} items (${document.media.length} media files) to ${path}`);
      return 0;
    }
    const document: unknown = JSON.parse(await readFile(path, 'utf8'));
    organization ??= await createOrganization(database.db, { name: 'Podium', publicKey: env.ORGANIZATION_KEY });
    const summary = await importContentDocument(database.db, document, {
      organizationId: organization.id,
      actor: { id: null, email: 'npm run content', organizationId: organization.id },
      now: new Date(),
      readFile: (relative) => readFile(join(base, relative)),
    });
    console.log(`imported ${path}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged`);
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(error.message);
      for (const d of (error.details as Array<{ path: string; message: string }> | undefined) ?? [])
        console.error(`  ${d.path}: ${d.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
