/**
 * Internal-user flag (spec §5, §6): an e-mail ending in one of the organization's internal domains
 * (`config.internalEmailDomains`) marks the user as internal, for analytics only.
 */

/**
 * Whether the e-mail belongs to an internal domain. Takes the e-mail and the list of domains (e.g.
 * `['podium.example']`); matching is case-insensitive, on the whole domain or a subdomain of it
 * (`a@team.podium.example` is internal, `a@notpodium.example` is not). Returns false for an empty list or a
 * malformed e-mail.
 */
export function isInternalUser(email: string | null | undefined, internalDomains: readonly string[]): boolean {
  if (!email) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!domain) return false;
  return internalDomains.some((raw) => {
    const internal = raw.trim().toLowerCase().replace(/^@/, '');
    return internal !== '' && (domain === internal || domain.endsWith(`.${internal}`));
  });
}
