/**
 * The member's personal referral link (decision 0028): the app's sign-in page with `?ref={userId}`. The spec's API
 * has no referral call, so the link only tells the club who invited whom (in its analytics); no points are
 * promised. Pure.
 */

/** Builds `{origin}/?ref={userId}` (the user id URL-encoded). */
export function referralLink(origin: string, userId: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('ref', userId);
  return url.toString();
}
