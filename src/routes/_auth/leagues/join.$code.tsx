/**
 * `/leagues/join/{code}`: an invite link. Under the signed-in layout, so a visitor signs in first and
 * is brought back here.
 */
import { createFileRoute } from '@tanstack/react-router';
import { JoinLeaguePage } from '../../../features/leaderboards/components/join-league-page';

export const Route = createFileRoute('/_auth/leagues/join/$code')({
  staticData: { layout: 'no-bottom-nav', titleKey: 'leaderboards:join.title' },
  component: function JoinRoute() {
    const { code } = Route.useParams();
    return <JoinLeaguePage code={code} />;
  },
});
