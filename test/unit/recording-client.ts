/**
 * A TanStack Query client for the offline-queue unit tests: its queued action (`key`, default `['checkin']`) has the
 * app's queued-action defaults, retries at once, and records the variables of every send in `calls`.
 */
import { QueryClient } from '@tanstack/react-query';
import { queuedMutationDefaults, type QueuedActionVariables } from '../../src/offline/queued-action';

/** The mutation key of the recorded action (a check-in's). */
export const ACTION_KEY = ['checkin'];

/** Returns a new client whose action `ACTION_KEY` pushes each send's variables onto `calls` and answers `{ok: true}`. */
export function clientRecording(calls: QueuedActionVariables[]): QueryClient {
  const client = new QueryClient();
  client.setMutationDefaults(ACTION_KEY, {
    ...queuedMutationDefaults,
    retryDelay: 1,
    mutationFn: async (variables: QueuedActionVariables) => {
      calls.push(variables);
      return { ok: true };
    },
  });
  return client;
}
