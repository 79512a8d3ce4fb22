/** Display helpers for a user (pure). */
import type { User } from '../../contracts/user';

/** "First Last", else the username, else the e-mail's local part. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  if (full) return full;
  if (user.username) return user.username;
  return user.email.split('@')[0] ?? user.email;
}

/** One or two initials for the avatar placeholder. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const name = displayName(user);
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}
