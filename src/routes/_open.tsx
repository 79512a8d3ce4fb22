/**
 * The layout of the pages open to visitors (pathless: URLs are unchanged): `/`, `/login`, `/login/verify-email`,
 * each marked `open`. Its `beforeLoad` runs guard 1 (a just-created hosted-session user on `/` goes to `/welcome`)
 * then the main guard's open-route rules (spec §2, `guardOpenRoute` in `-guards.ts`): a signed-in member is sent on,
 * to the stored post-login path, `/dashboard`, or `/` in logged-off dashboard mode.
 */
import { createFileRoute } from '@tanstack/react-router';
import { guardOpenRoute } from './-guards';

export const Route = createFileRoute('/_open')({
  // `/welcome` is a route of this build (`_auth/welcome.tsx`): guard 1 applies (spec §2 "only if the route exists").
  beforeLoad: ({ context, location, preload }) => guardOpenRoute({ context, location, preload, welcomeRouteExists: true }),
});
