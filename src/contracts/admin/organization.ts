/**
 * Admin contract of the organization's settings (spec §3 Organization): the body of
 * `PATCH /api/admin/organization` (any of the fields; the merged settings are validated again in full) and what
 * `GET /api/admin/organization` answers. Shared by the server, the console's forms and the tests.
 *
 * Rules: brand colour `#rrggbb`; time zone an IANA zone the runtime knows; default language `en` or `fr`; internal
 * e-mail domains are lower-case host names; the check-in ladder follows `checkinLadderProblems`
 * (src/contracts/checkin.ts: days 1..n in order, points >= 0).
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { checkinLadderProblems } from '../checkin';
import { MediaRefSchema, requiredText, translationsOf } from './common';
import { CarsPageSchema } from './cars-page';

/** Languages the fan app speaks. */
const LanguageSchema = z.enum(['en', 'fr']);

/** True when `zone` is a time zone the runtime's Intl knows (IANA names, e.g. `Europe/Paris`, and `UTC`). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An e-mail domain (`example.com`), trimmed and lower-cased. */
const EmailDomainSchema = z
  .string()
  .max(253)
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Not an e-mail domain');

/** One rung of the check-in ladder: streak day (1-based) -> points. Day order and sign are the ladder rule's
 * (`checkinLadderProblems`, reported per rung); the contract bounds them to the database's 32-bit integers. */
const CheckinRungSchema = z.object({ day: z.int32(), points: z.int32().max(100_000) });

/** Every setting of the organization as an operator writes it (no cross-field rules). */
const OrganizationFieldsSchema = z.object({
  name: requiredText(100),
  /** Name of the installed app (web app manifest `short_name`). */
  shortName: requiredText(30).nullable().default(null),
  logoMediaId: MediaRefSchema.nullable().default(null),
  brandColor: z
    .string()
    .max(7)
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb'),
  timeZone: z.string().max(64).refine(isTimeZone, 'Not a known IANA time zone'),
  defaultLanguage: LanguageSchema,
  internalEmailDomains: z.array(EmailDomainSchema).max(50),
  checkinRewards: z.array(CheckinRungSchema).max(366),
  translations: translationsOf({ name: TextSchema.trim().max(100), shortName: TextSchema.trim().max(30) }),
  /** The cars page (a car brand's program; null hides the page's content). */
  carsPage: CarsPageSchema.nullable().default(null),
  /** Days after the day they were earned that points expire (src/rules/points-expiry.ts); null = never. */
  pointsExpireAfterDays: z.number().int().min(1).max(3650).nullable().default(null),
  /** Points each side of a referral earns after the newcomer's first check-in or answer (0 = none). */
  referralPoints: z.number().int().min(0).max(100_000).default(100),
  /** Rewarded referrals per referrer per calendar month; past it only the newcomer earns. */
  referralMonthlyLimit: z.number().int().min(0).max(1000).default(10),
});

type OrganizationFields = z.output<typeof OrganizationFieldsSchema>;

/** The cross-field rules of the settings, as zod issues on the offending field. */
function checkOrganization(o: OrganizationFields, ctx: z.RefinementCtx): void {
  for (const problem of checkinLadderProblems(o.checkinRewards)) {
    ctx.addIssue({
      code: 'custom',
      path: problem.index === null ? ['checkinRewards'] : ['checkinRewards', problem.index],
      message: problem.message,
    });
  }
  if (new Set(o.internalEmailDomains).size !== o.internalEmailDomains.length) {
    ctx.addIssue({ code: 'custom', path: ['internalEmailDomains'], message: 'Each domain once' });
  }
}

/** The settings with every rule (what a PATCH merged onto the stored settings must pass). */
export const OrganizationSettingsSchema = OrganizationFieldsSchema.superRefine(checkOrganization);
export type OrganizationSettings = z.output<typeof OrganizationSettingsSchema>;

/** `PATCH /api/admin/organization` body: any of the fields. */
export const OrganizationPatchSchema = OrganizationFieldsSchema.partial().strict();

/** The settings as the admin API answers them, with the organization's id. */
export const AdminOrganizationSchema = OrganizationFieldsSchema.extend({ id: z.string() });
export type AdminOrganization = z.infer<typeof AdminOrganizationSchema>;
export const AdminOrganizationResponseSchema = envelope(AdminOrganizationSchema);
