/**
 * Member routes (spec §7): `GET /api/user/me` (401 without a session), `PATCH /api/user/me`
 * (UserUpdateSchema; see `domain/users.ts` for the rules), `GET /api/user/me/transactions?limit=&before=`.
 */
import { Hono } from 'hono';
import { TransactionListQuerySchema, TransactionListResponseSchema, UserResponseSchema, UserUpdateSchema } from '../../../src/contracts/user';
import { listTransactions, serializeUser, updateProfile } from '../../domain/users';
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';

export function userRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/me', documented({
      summary: 'The signed-in member, with points and rank',
      tags: ['user'],
      response: UserResponseSchema,
    }), async (c) => {
      const { user, ranks } = requireUser(c.get('principal'));
      return sendData(c, serializeUser(deps, user, ranks));
    })
    .patch('/me', documented({
      summary: "Updates the member's profile",
      description: 'A birthday cannot change once set.',
      tags: ['user'],
      body: UserUpdateSchema,
      response: UserResponseSchema,
      errors: {
        409: 'Conflict: this username is taken.',
        422: 'BirthdayImmutable: a birthday is already set; ValidationFailed: the body breaks the contract.',
      },
    }), async (c) => {
      const { user, ranks } = requireUser(c.get('principal'));
      const input = await readJson(c, UserUpdateSchema);
      const updated = await updateProfile(deps, user.id, input);
      return sendData(c, serializeUser(deps, updated, ranks));
    })
    .get('/me/transactions', documented({
      summary: "The member's points history, newest first",
      tags: ['user'],
      query: TransactionListQuerySchema,
      response: TransactionListResponseSchema,
    }), async (c) => {
      const { user } = requireUser(c.get('principal'));
      const query = parseWith(TransactionListQuerySchema, c.req.query(), 'Invalid query');
      return sendData(c, await listTransactions(deps.db, user.id, query));
    });
}

