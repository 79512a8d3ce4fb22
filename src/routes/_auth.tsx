/**
 * The members-only layout (pathless: URLs are unchanged). Every page under `src/routes/_auth/` needs a signed-in
 * member; its `beforeLoad` is the member guard (spec §2, `guardMemberRoute` in `-guards.ts`): a visitor goes to `/`
 * and the path is remembered for after sign-in, then the post-login redirect, new-user and underage rules apply.
 * A page open to visitors belongs under `_open/` instead; `createAppRouter` checks the two agree
 * with the `open` mark.
 */
import { createFileRoute } from '@tanstack/react-router';
import { guardMemberRoute } from './-guards';

export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location, preload }) => guardMemberRoute({ context, location, preload }),
});
