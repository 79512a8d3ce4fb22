/**
 * Member routes (spec §7): `GET /api/user/me` (401 without a session; with the member's next points expiry), `PATCH /api/user/me`
 * (UserUpdateSchema; see `areas/profile/profile.service.ts` for the rules), `GET /api/user/me/transactions?limit=&before=`,
 * `GET /api/user/me/pass` (the member card), and the
 * member's data rights: `GET /api/user/me/export` (all their data, a JSON download) and
 * `DELETE /api/user/me {confirmation}` (erasure: personal data erased, sessions revoked, ledger kept; the
 * organization's last operator is refused with 409 LastOperator).
 */
import { AccountDeletionSchema, DataExportSchema } from '../../../src/contracts/data-rights';
import {
  TransactionListQuerySchema,
  TransactionListResponseSchema,
  UserResponseSchema,
  UserUpdateSchema,
} from '../../../src/contracts/user';
import { MemberPassResponseSchema } from '../../../src/contracts/member-pass';
import { memberPassOf } from './member-pass.service';
import { eraseOwnAccount, exportDisposition, exportOwnData } from './member-care.service';
import { memberNextExpiry } from './profile.service';
import { listTransactions, serializeUser, updateProfile } from './profile.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';
import { languageOf } from '../../lib/localize';
import { passTexts } from './member-pass.service';

/** `GET /user/me`. */
const meRoute = declareRoute({
  method: 'get',
  path: '/me',
  summary: 'The signed-in member, with points and rank',
  tags: ['user'],
  response: UserResponseSchema,
});

/** `GET /user/me/pass`. */
const passRoute = declareRoute({
  method: 'get',
  path: '/me/pass',
  summary: "The member's card: name, number, rank, member since, the club's branding and the pass secret",
  description: 'The app derives the rotating QR code and short code from `secret` on the device, offline too (decision 0078).',
  tags: ['user'],
  response: MemberPassResponseSchema,
});

/** `PATCH /user/me`. */
const updateRoute = declareRoute({
  method: 'patch',
  path: '/me',
  summary: "Updates the member's profile",
  description: 'A birthday cannot change once set.',
  tags: ['user'],
  body: UserUpdateSchema,
  response: UserResponseSchema,
  errors: {
    409: 'Conflict: this username is taken.',
    422: 'BirthdayImmutable: a birthday is already set; ValidationFailed: the body breaks the contract.',
  },
});

/** `GET /user/me/transactions`. */
const transactionsRoute = declareRoute({
  method: 'get',
  path: '/me/transactions',
  summary: "The member's points history, newest first",
  tags: ['user'],
  query: TransactionListQuerySchema,
  response: TransactionListResponseSchema,
});

/** `GET /user/me/export`. */
const exportRoute = declareRoute({
  method: 'get',
  path: '/me/export',
  summary: "All of the member's data as a JSON download (GDPR art. 15 and 20)",
  description: 'Every row of theirs in each member-owned table; never code or token hashes.',
  tags: ['user'],
  response: DataExportSchema,
});

/** `DELETE /user/me`. */
const deleteRoute = declareRoute({
  method: 'delete',
  path: '/me',
  summary: "Deletes the member's account (GDPR art. 17) after a typed confirmation",
  description: 'Personal data erased, sessions revoked; ledger rows kept (by member id only) so totals and draws stay exact.',
  tags: ['user'],
  body: AccountDeletionSchema,
  response: null,
  status: 204,
  errors: {
    409: "LastOperator: the member is the organization's last operator (they give the role to someone else first).",
    422: 'ValidationFailed: the confirmation is missing or wrong.',
  },
});

/** Builds the member's own routes, mounted at `/api/user`. */
export function userRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(meRoute, async (c) => {
      const { user, ranks, organization } = requireUser(c.get('principal'));
      return sendData(c, serializeUser(deps, user, ranks, await memberNextExpiry(deps.db, organization, user.id, deps.clock())));
    })
    .openapi(passRoute, async (c) => {
      const { user, ranks, organization } = requireUser(c.get('principal'));
      return sendData(c, memberPassOf(deps, user, ranks, organization, passTexts(organization, ranks, languageOf(c))));
    })
    .openapi(updateRoute, async (c) => {
      const { user, ranks, organization } = requireUser(c.get('principal'));
      const input = c.req.valid('json');
      const updated = await updateProfile(deps, user.id, input);
      return sendData(c, serializeUser(deps, updated, ranks, await memberNextExpiry(deps.db, organization, user.id, deps.clock())));
    })
    .openapi(transactionsRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      const query = c.req.valid('query');
      return sendData(c, await listTransactions(deps.db, user.id, query));
    })
    .openapi(exportRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      c.header('Content-Disposition', exportDisposition(user.id));
      return c.json(await exportOwnData(deps, user.id));
    })
    .openapi(deleteRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      await eraseOwnAccount(deps, { id: user.id, organizationId: user.organizationId });
      return c.body(null, 204);
    });
}
