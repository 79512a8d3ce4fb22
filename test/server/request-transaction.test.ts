/**
 * The ambient request transaction stays right while its store is switched off between requests:
 * overlapping requests each see their own transaction to the end, and nothing outside one sees any.
 */
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import { currentRequestTransaction, runInRequestTransaction } from '../../server/db/request-transaction';

/** A stand-in transaction: only its identity matters here. */
const fakeTx = (name: string) => ({ name }) as unknown as Tx;

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('request transaction context', () => {
  it('keeps each overlapping request on its own transaction when another one ends first', async () => {
    const a = fakeTx('a');
    const b = fakeTx('b');
    const aMayEnd = deferred();
    const bMayEnd = deferred();
    const seen: Array<[string, Tx | undefined]> = [];
    const runA = runInRequestTransaction(a, async () => {
      await aMayEnd.promise;
      seen.push(['a', currentRequestTransaction()]);
    });
    const runB = runInRequestTransaction(b, async () => {
      await bMayEnd.promise;
      await Promise.resolve();
      seen.push(['b', currentRequestTransaction()]);
    });
    aMayEnd.resolve();
    await runA;
    // A has ended while B still runs: B's context must survive it.
    expect(currentRequestTransaction()).toBeUndefined();
    bMayEnd.resolve();
    await runB;
    expect(seen).toEqual([
      ['a', a],
      ['b', b],
    ]);
    expect(currentRequestTransaction()).toBeUndefined();
  });

  it('finds the transaction again in a request that starts after every earlier one ended', async () => {
    await runInRequestTransaction(fakeTx('first'), async () => undefined);
    const second = fakeTx('second');
    const found = await runInRequestTransaction(second, async () => {
      await new Promise((r) => setImmediate(r));
      return currentRequestTransaction();
    });
    expect(found).toBe(second);
  });

  it('ends the run with the error of a request that failed, and sees no transaction afterwards', async () => {
    await expect(
      runInRequestTransaction(fakeTx('failing'), async () => {
        throw new Error('statement failed');
      }),
    ).rejects.toThrow('statement failed');
    expect(currentRequestTransaction()).toBeUndefined();
  });
});
