/**
 * The content document over HTTP (format: `src/contracts/admin/content-document.ts`):
 * - `GET /api/admin/export` -> `{data: document}`, media bytes inline (base64).
 * - `POST /api/admin/import` (the document, media inline) -> `{data: ImportSummary}`; 422 listing every problem
 *   with its JSON path, nothing written.
 * Mounted before the API's 1 MB body limit (a document carries its images): up to `MAX_DOCUMENT_BYTES`.
 * Operators only, like every `/api/admin` route.
 */
import type { MiddlewareHandler } from 'hono';
import {
  ContentDocumentResponseSchema,
  ContentDocumentSchema,
  ImportSummaryResponseSchema,
} from '../../../src/contracts/admin/content-document';
import { NOT_A_CONTENT_DOCUMENT, exportDocumentInline, importDocumentInline } from './content-document.service';
import { ApiError } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup, validationFailedWith } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { authenticate } from '../../kernel/authenticate';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';
import { operatorsOnly, requireOperator } from './operator';

/** Largest content document accepted by `POST /api/admin/import`, in bytes. */
const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** Export and import routes, for `app.route('/api/admin', ...)`. */
export function contentTransferRoutes(deps: AppDeps) {
  const guard: MiddlewareHandler<AppEnv>[] = [authenticate(deps), operatorsOnly()];
  const limit = requestBodyLimit({
    maxSize: MAX_DOCUMENT_BYTES,
    onError: () => {
      throw new ApiError(413, 'PayloadTooLarge', 'A content document can be at most 50 MB');
    },
  });

  /** `GET /export`. */
  const exportRoute = declareRoute({
    method: 'get',
    path: '/export',
    summary: "Exports the organization's settings and content as one content document (media inline)",
    tags: ['admin'],
    auth: 'operator',
    response: ContentDocumentResponseSchema,
    middleware: guard,
  });

  /** `POST /import`: its body limit and operator check come before anything reads the body. */
  const importRoute = declareRoute({
    method: 'post',
    path: '/import',
    summary: "Imports a content document: all or nothing, idempotent by each item's key",
    description: "Each list's items are validated with their admin resource's contract.",
    tags: ['admin'],
    auth: 'operator',
    body: ContentDocumentSchema,
    response: ImportSummaryResponseSchema,
    errors: {
      413: 'PayloadTooLarge: the document is larger than 50 MB.',
      422: 'ValidationFailed: every problem of the document, each with its JSON path; nothing is written.',
    },
    idempotencyKey: false,
    middleware: [limit, ...guard],
  });

  return routeGroup()
    .openapi(exportRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const document = await exportDocumentInline(deps, organization.id);
      return sendData(c, document);
    })
    .openapi(
      importRoute,
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        // The declaration checked the document's outline; the importer bounds its depth and validates each list's
        // items with their resource's contract, naming every problem with its path.
        const summary = await importDocumentInline(deps, organization.id, user, c.req.valid('json'));
        return sendData(c, summary);
      },
      // A document that breaks the contract is answered as the importer answers it.
      validationFailedWith(NOT_A_CONTENT_DOCUMENT),
    );
}
