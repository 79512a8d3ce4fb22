/**
 * Member routes (spec §7): `GET /api/user/me` (401 without a session), `PATCH /api/user/me`
 * (UserUpdateSchema; see `domain/users.ts` for the rules), `GET /api/user/me/transactions?limit=&before=`.
 */
import { Hono } from 'hono';
import { TransactionListQuerySchema, UserUpdateSchema } from '../../../src/contracts/user';
import { listTransactions, serializeUser, updateProfile } from '../../domain/users';
import { parseWith, readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';

export function userRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/me', async (c) => {
      const { user, ranks } = requireUser(c.get('principal'));
      return sendData(c, serializeUser(deps, user, ranks));
    })
    .patch('/me', async (c) => {
      const { user, ranks } = requireUser(c.get('principal'));
      const input = await readJson(c, UserUpdateSchema);
      const updated = await updateProfile(deps, user.id, input);
      return sendData(c, serializeUser(deps, updated, ranks));
    })
    .get('/me/transactions', async (c) => {
      const { user } = requireUser(c.get('principal'));
      const query = parseWith(TransactionListQuerySchema, c.req.query(), 'Invalid query');
      return sendData(c, await listTransactions(deps.db, user.id, query));
    });
}

