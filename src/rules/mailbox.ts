/**
 * The mailbox an e-mail address delivers to (decision 0070): the key of the sign-in send limits, so that spelling
 * one mailbox several ways does not multiply its allowance. Never an account's identity: `crowd1+a@x` and
 * `crowd1@x` stay two accounts, they only share the limits on codes sent.
 */

/** Domains whose mailboxes ignore dots in the local part, mapped to the one domain they share. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * Takes an e-mail address (any case, surrounding blanks ignored); returns its mailbox: lower-cased, the plus-tag
 * removed from the local part (`name+tag@x` -> `name@x`, as most providers deliver both alike; a local part that
 * starts with `+` keeps it), and for Gmail (`gmail.com`, `googlemail.com`, one domain) the dots of the local part
 * removed too. A string without `@` is returned lower-cased and trimmed. Pure; never throws.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless === undefined) return `${local}@${domain}`;
  return `${local.replaceAll('.', '') || local}@${dotless}`;
}
