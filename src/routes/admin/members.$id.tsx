/**
 * `/admin/members/{id}`: one member's page in the console: profile, care actions (points
 * adjustment, suspension, data requests) and their record. Its own route rather than the generic edit page:
 * members are not edited through a form of fields.
 */
import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '../../features/console/components/member-page';

export const Route = createFileRoute('/admin/members/$id')({
  component: MemberRoute,
});

function MemberRoute() {
  const { id } = Route.useParams();
  return <MemberPage key={id} id={id} />;
}
