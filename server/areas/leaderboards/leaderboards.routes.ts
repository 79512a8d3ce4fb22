/**
 * Leaderboards and private leagues (rules in `server/areas/leaderboards/leaderboards.service.ts`), members only but for
 * an invite's preview:
 * - `GET /leaderboards?period=week|month|season|all`: the organization's table, top rows and the member's own row.
 * - `GET /leaderboards/name`, `PUT /leaderboards/name {shown}`: the member's choice to show or hide their username.
 * - `GET /leagues`, `POST /leagues {name}`: the member's leagues; create one (the creator is its first member).
 * - `GET /leagues/invites/{code}`, `POST /leagues/invites/{code}`: what an invite link shows (visitors too: decision
 *   0082); join by it.
 * - `GET /leagues/{id}/table?period=`: a league's table; `DELETE /leagues/{id}/members/me`: leave it.
 */
import {
  InviteCodeSchema,
  LeaderboardNameInputSchema,
  LeaderboardNameResponseSchema,
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
  LeagueInputSchema,
  LeagueInviteResponseSchema,
  LeagueListResponseSchema,
  LeagueResponseSchema,
  LeagueTableResponseSchema,
} from '../../../src/contracts/leaderboard';
import { PathIdSchema } from '../../../src/contracts/common';
import {
  chooseName,
  createLeague,
  joinLeague,
  leaveLeague,
  listLeagues,
  readInvite,
  readLeaderboard,
  readLeagueTable,
  readNameChoice,
} from './leaderboards.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';

/** `GET /leaderboards`. */
const leaderboardRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's table of a period: the top rows and the member's own row",
  description:
    'Points earned in the period (spends do not count); equal points share a place (1, 2, 2, 4). ' +
    "Week and month are the organization's time zone's; `season` is the operator's current season.",
  tags: ['leaderboards'],
  query: LeaderboardQuerySchema,
  response: LeaderboardResponseSchema,
});

/** `GET /leaderboards/name`. */
const nameChoiceRoute = declareRoute({
  method: 'get',
  path: '/name',
  summary: "Whether tables show the member's username, and what they chose",
  tags: ['leaderboards'],
  response: LeaderboardNameResponseSchema,
});

/** `PUT /leaderboards/name`. */
const chooseNameRoute = declareRoute({
  method: 'put',
  path: '/name',
  summary: "Shows or hides the member's username in tables",
  tags: ['leaderboards'],
  body: LeaderboardNameInputSchema,
  response: LeaderboardNameResponseSchema,
});

/** `GET /leagues`. */
const leaguesRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: 'The leagues the member belongs to',
  tags: ['leaderboards'],
  response: LeagueListResponseSchema,
});

/** `POST /leagues`. */
const createLeagueRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Creates a private league; the member is its first member',
  tags: ['leaderboards'],
  body: LeagueInputSchema,
  response: LeagueResponseSchema,
  status: 201,
});

/** `GET /leagues/invites/{code}`. */
const inviteRoute = declareRoute({
  method: 'get',
  path: '/invites/{code}',
  summary: "What an invite link shows before joining: the league's name and size and who started it",
  description: 'Open to visitors (organization key) too, so the sign-in page can say what they were invited to (decision 0082).',
  tags: ['leaderboards'],
  auth: 'visitor-or-member',
  params: { code: InviteCodeSchema },
  response: LeagueInviteResponseSchema,
  errors: { 404: 'NotFound: no league of the organization has this invite code.' },
});

/** `POST /leagues/invites/{code}`. */
const joinRoute = declareRoute({
  method: 'post',
  path: '/invites/{code}',
  summary: 'Joins the league of an invite link (joining again changes nothing)',
  tags: ['leaderboards'],
  params: { code: InviteCodeSchema },
  response: LeagueResponseSchema,
  errors: {
    404: 'NotFound: no league of the organization has this invite code.',
    409: 'LeagueFull: the league holds its most members (details.maxMembers).',
  },
});

/** `GET /leagues/{id}/table`. */
const leagueTableRoute = declareRoute({
  method: 'get',
  path: '/{id}/table',
  summary: "A league's table of a period: every member, those who earned nothing at 0",
  tags: ['leaderboards'],
  params: { id: PathIdSchema },
  query: LeaderboardQuerySchema,
  response: LeagueTableResponseSchema,
  errors: { 404: 'NotFound: no league of the member has this id.' },
});

/** `DELETE /leagues/{id}/members/me`. */
const leaveRoute = declareRoute({
  method: 'delete',
  path: '/{id}/members/me',
  summary: 'Leaves a league (the last member to leave deletes it)',
  tags: ['leaderboards'],
  params: { id: PathIdSchema },
  response: null,
  status: 204,
  errors: { 404: 'NotFound: the member is not in a league with this id.' },
});

/** The leaderboard routes, mounted at `/api/leaderboards`. */
export function leaderboardRoutes(deps: AppDeps) {
  const { db } = deps;
  return routeGroup()
    .openapi(leaderboardRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { period } = c.req.valid('query');
      return sendData(c, await readLeaderboard(db, principal, period, deps.clock()));
    })
    .openapi(nameChoiceRoute, async (c) => {
      const { organization, user } = requireUser(c.get('principal'));
      return sendData(c, await readNameChoice(db, organization, user, deps.clock()));
    })
    .openapi(chooseNameRoute, async (c) => {
      const { organization, user } = requireUser(c.get('principal'));
      const { shown } = c.req.valid('json');
      await chooseName(db, user.id, shown);
      return sendData(c, await readNameChoice(db, organization, user, deps.clock()));
    });
}

/** The league routes, mounted at `/api/leagues`. */
export function leagueRoutes(deps: AppDeps) {
  const { db } = deps;
  return routeGroup()
    .openapi(leaguesRoute, async (c) => sendData(c, await listLeagues(db, requireUser(c.get('principal')))))
    .openapi(createLeagueRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { name } = c.req.valid('json');
      return sendData(c, await createLeague(db, principal, name), 201);
    })
    .openapi(inviteRoute, async (c) => {
      const principal = c.get('principal');
      const reader = { organization: principal.organization, user: principal.kind === 'user' ? principal.user : null };
      return sendData(c, await readInvite(db, reader, c.req.valid('param').code, deps.clock()));
    })
    .openapi(joinRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { code } = c.req.valid('param');
      return sendData(c, await joinLeague(db, principal, code));
    })
    .openapi(leagueTableRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const { period } = c.req.valid('query');
      return sendData(c, await readLeagueTable(db, principal, id, period, deps.clock()));
    })
    .openapi(leaveRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      await leaveLeague(db, principal, id);
      return c.body(null, 204);
    });
}
