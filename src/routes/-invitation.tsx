/**
 * The sign-in pages' note of what a visitor was invited to (decision 0082): when the path remembered for after
 * sign-in is an invite link, the invite's league, who started it and the club. In the app layer because it ties the
 * session feature (the remembered path) to the leaderboards feature (the invite).
 */
import { useState } from 'react';
import { InviteContext } from '../features/leaderboards/components/invite-context';
import { inviteCodeOfPath } from '../features/leaderboards/share-invite';
import { getPostLoginRedirect } from '../features/session/post-login-redirect';

/** Renders the invite's note, or nothing when the remembered path is no invite link. Reads the path once. */
export function Invitation() {
  const [code] = useState(() => inviteCodeOfPath(getPostLoginRedirect()));
  return code ? <InviteContext code={code} /> : null;
}
