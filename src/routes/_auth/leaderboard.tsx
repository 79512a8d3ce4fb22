/** `/leaderboard`: the organization's table by period, the fan's leagues. */
import { createFileRoute } from '@tanstack/react-router';
import { getLeaderboardQueryOptions, getLeaguesQueryOptions } from '../../features/leaderboards/api/get-leaderboard';
import { LeaderboardPage } from '../../features/leaderboards/components/leaderboard-page';

export const Route = createFileRoute('/_auth/leaderboard')({
  staticData: { layout: 'default', titleKey: 'leaderboards:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getLeaderboardQueryOptions('week')).catch(() => undefined);
    queryClient.ensureQueryData(getLeaguesQueryOptions()).catch(() => undefined);
  },
  component: LeaderboardPage,
});
