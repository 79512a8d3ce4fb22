/**
 * Session token store (spec §3 Session: "stored under fixed local keys"; key `podium.session.token`).
 * The storage itself lives beside the HTTP client (`src/api/credentials.ts`), which attaches the token as the
 * bearer; this module is the session feature's entry point to it.
 */
export { getSessionToken, setSessionToken, clearSessionToken } from '../../api/credentials';
