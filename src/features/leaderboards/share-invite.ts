/**
 * Sharing a league's invite link: the Web Share API where the browser has it, else the clipboard.
 * Returns what happened, so the caller can say so (a toast after a copy; nothing after a share sheet).
 */

/** `shared`: the share sheet was used; `copied`: the link is on the clipboard; `cancelled`: the fan closed the sheet. */
type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * Shares `url` titled `title` with `text`.
 * @throws Error when neither sharing nor the clipboard is available (or the clipboard refuses)
 */
export async function shareInvite(url: string, title: string, text: string): Promise<ShareOutcome> {
  const data = { url, title, text };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Any other failure (not allowed here, no target): fall back to the clipboard.
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}

/** The absolute invite link of `code` on this origin. */
export const inviteUrl = (code: string) => new URL(`/leagues/join/${encodeURIComponent(code)}`, window.location.origin).toString();

/**
 * The invite code of a path, when it is an invite link's (`/leagues/join/{code}`, search and hash ignored), else
 * null. Pure. Lets the sign-in pages tell an invitee what they were invited to from the path remembered for after
 * sign-in.
 */
export function inviteCodeOfPath(path: string | null): string | null {
  const match = /^\/leagues\/join\/([A-Za-z0-9_-]{8,32})\/?(?:[?#].*)?$/.exec(path ?? '');
  return match ? match[1] : null;
}
