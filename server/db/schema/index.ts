/**
 * The database schema, one file per area, re-exported here for drizzle (client, migrations, queries).
 * A new area adds `server/db/schema/<area>.ts` and one line below, then runs `npm run db:generate`.
 */
export * from './organizations';
export * from './users';
export * from './points';
export * from './challenges';
export * from './checkins';
export * from './media';
export * from './infra';
export * from './content';
export * from './sweepstakes';
export * from './activations';
export * from './consent';
export * from './carousel';
export * from './profile';
export * from './rewards';
export * from './reward-catalogue';
export * from './audit';
export * from './figures';
export * from './leagues';
export * from './venue';
export * from './push';
export * from './points-expiry';
export * from './referrals';
