/**
 * Row factories shared by the demo seed and the tests (Epic Stack habit: the seed reuses the test factories).
 * Each inserts and returns rows; nothing here checks for existing data.
 */
import { randomBytes } from 'node:crypto';
import type { RankCode } from '../../src/contracts/organization';
import type { DbOrTx } from '../db/client';
import { challenges, organizations, ranks, type CheckinRewardRow } from '../db/schema';

type RankSeed = { code: RankCode; title: string; threshold: number; translations?: Record<string, { title?: string }> };

/** Ranks P10..P1 with the demo thresholds (lifetime points). */
export const DEFAULT_RANKS: RankSeed[] = [
  { code: 'P10', title: 'Rookie', threshold: 0 },
  { code: 'P9', title: 'Karting Ace', threshold: 100 },
  { code: 'P8', title: 'Junior Driver', threshold: 250 },
  { code: 'P7', title: 'Reserve Driver', threshold: 500 },
  { code: 'P6', title: 'Racer', threshold: 1000 },
  { code: 'P5', title: 'Points Scorer', threshold: 2000 },
  { code: 'P4', title: 'Podium Hunter', threshold: 3500 },
  { code: 'P3', title: 'Race Winner', threshold: 5500 },
  { code: 'P2', title: 'Pole Sitter', threshold: 8000 },
  { code: 'P1', title: 'World Champion', threshold: 12000 },
];

/** The demo check-in cycle: 10 points a day, 25 on day 3, 100 on day 7, then again from day 1. */
const DEFAULT_CHECKIN_REWARDS: CheckinRewardRow[] = [
  { day: 1, points: 10 },
  { day: 2, points: 10 },
  { day: 3, points: 25 },
  { day: 4, points: 10 },
  { day: 5, points: 10 },
  { day: 6, points: 10 },
  { day: 7, points: 100 },
];

/** Inserts an organization with ranks (defaults: the demo ranks and rewards, Europe/Paris, a random token). */
export async function createOrganization(
  db: DbOrTx,
  input: {
    name: string;
    publicKey: string;
    token?: string;
    timeZone?: string;
    brandColor?: string;
    logoMediaId?: string | null;
    checkinRewards?: CheckinRewardRow[];
    ranks?: RankSeed[];
    /** More settings (short name, translations, internal e-mail domains, cars page, ...). */
    settings?: Partial<
      Pick<typeof organizations.$inferInsert, 'shortName' | 'translations' | 'internalEmailDomains' | 'defaultLanguage' | 'carsPage'>
    >;
  },
) {
  const [organization] = await db
    .insert(organizations)
    .values({
      name: input.name,
      publicKey: input.publicKey,
      token: input.token ?? `ot_${randomBytes(24).toString('base64url')}`,
      timeZone: input.timeZone ?? 'Europe/Paris',
      brandColor: input.brandColor ?? '#0055A4',
      logoMediaId: input.logoMediaId ?? null,
      checkinRewards: input.checkinRewards ?? DEFAULT_CHECKIN_REWARDS,
      ...input.settings,
    })
    .returning();
  const rankSeeds = input.ranks ?? DEFAULT_RANKS;
  if (rankSeeds.length) {
    await db.insert(ranks).values(rankSeeds.map((r) => ({ organizationId: organization.id, ...r })));
  }
  return organization;
}

type ChallengeSeed = Omit<typeof challenges.$inferInsert, 'organizationId'>;

/** Inserts challenges for an organization. */
export async function createChallenges(db: DbOrTx, organizationId: string, seeds: ChallengeSeed[]) {
  if (seeds.length === 0) return [];
  return db
    .insert(challenges)
    .values(seeds.map((s) => ({ ...s, organizationId })))
    .returning();
}
