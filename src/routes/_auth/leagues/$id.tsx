/** `/leagues/{id}`: a private league's table, its invite link, leaving it. */
import { createFileRoute } from '@tanstack/react-router';
import { LeaguePage } from '../../../features/leaderboards/components/league-page';

export const Route = createFileRoute('/_auth/leagues/$id')({
  staticData: { layout: 'no-bottom-nav', titleKey: 'leaderboards:league.title' },
  component: function LeagueRoute() {
    const { id } = Route.useParams();
    return <LeaguePage id={id} />;
  },
});
