/**
 * Runtime config served at `/config.json` (ARCHITECTURE §1). The client reads it at boot; nothing
 * organization-specific is a build-time constant.
 */
import { z } from 'zod';

export const RuntimeConfigSchema = z.object({
  /** API origin/prefix, `/api` by default. */
  apiOrigin: z.string(),
  /** Public organization key, the bearer when no session exists. */
  organizationKey: z.string(),
  auth: z.object({
    mode: z.enum(['local', 'supabase']),
    supabaseUrl: z.string().nullable(),
    supabaseAnonKey: z.string().nullable(),
  }),
  loggedOffDashboard: z.boolean(),
  tabsEnabled: z.boolean(),
  /** Base URL of the media CDN (PDFs, videos), `/cdn` by default. */
  cdnBase: z.string(),
  excludedChallengeIds: z.array(z.string()),
  /** E-mail domains whose users are flagged internal for analytics (spec §5). */
  internalEmailDomains: z.array(z.string()),
  analytics: z.object({ key: z.string().nullable(), host: z.string().nullable() }),
  telemetry: z.object({
    endpoint: z.string().nullable(),
    serviceName: z.string(),
    environment: z.string(),
    version: z.string(),
  }),
  /**
   * Reconnect jitter window in ms: after the network returns, the refetches and the
   * offline queue's replay start after a random delay in [0, window). Absent: the client's default (3000 ms).
   */
  reconnectJitterMs: z.number().int().nonnegative().optional(),
  /** Build/deploy version of the server, for diagnostics. */
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
