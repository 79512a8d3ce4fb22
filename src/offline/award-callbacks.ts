/**
 * The settle callbacks shared by queued actions that earn points (video view, article read, chapter view): the
 * answer carries the new balance (`points`), shown at once; then the user and the changed list refetch.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Builds `{onSuccess, onSettled}` for an award action.
 * @param queryClient the app's client
 * @param keys `userKey`: the current user's query key (its data has `points`); `listKey`: the list the action changed
 * @returns callbacks to spread into the action's `optimistic` callbacks
 */
export function awardCallbacks(queryClient: QueryClient, { userKey, listKey }: { userKey: QueryKey; listKey: QueryKey }) {
  return {
    onSuccess: (result: { points: number }) => {
      queryClient.setQueryData<{ points: number } | null>(userKey, (user) => (user ? { ...user, points: result.points } : user));
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: userKey }), queryClient.invalidateQueries({ queryKey: listKey })]),
  };
}
