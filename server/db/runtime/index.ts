/**
 * The database runtime (decision 0096), the one entry the rest of the server imports: opening a database on either
 * engine, units of work (one transaction on a connection of its own, ambient for what its work awaits), prepared
 * statements that run on the ambient unit's connection, and batching (one statement for the calls of one
 * event-loop turn; one transaction for the keyed requests of one turn).
 */
export { openDatabase, type Database } from './engines';
export { afterCommit, ambientDb, currentTransaction, currentUnit, runInUnitOf, settleAfterCommit, unitOfWork } from './unit-of-work';
export { prepareQueries, prepareStatement } from './statements';
export { perTransactionBatch, perTurnBatch } from './turn-batch';
export { createRequestGroups } from './request-groups';
