/**
 * The sign-in pages' note of what a visitor was invited to: when the path remembered for after
 * sign-in is an invite link, the invite's league, who started it and the club. In the app layer because it ties the
 * session feature (the remembered path) to the leaderboards feature (the invite).
 */
import { lazy, Suspense, useState } from 'react';
import { inviteCodeOfPath } from '../features/leaderboards/share-invite';
import { getPostLoginRedirect } from '../features/session/post-login-redirect';

/**
 * The note and the invite's API (with its contracts) load only for a visitor who came through an invite link, so a
 * plain visit to the sign-in page does not evaluate them.
 */
const InviteContext = lazy(() => import('../features/leaderboards/components/invite-context').then((m) => ({ default: m.InviteContext })));

/** Renders the invite's note, or nothing when the remembered path is no invite link. Reads the path once. */
export function Invitation() {
  const [code] = useState(() => inviteCodeOfPath(getPostLoginRedirect()));
  return code ? (
    <Suspense fallback={null}>
      <InviteContext code={code} />
    </Suspense>
  ) : null;
}
