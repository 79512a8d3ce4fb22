/** `/card`: the member card with its rotating code; works offline once the pass was loaded. */
import { createFileRoute } from '@tanstack/react-router';
import { getMemberPassQueryOptions } from '../../features/member-card/api/get-member-pass';
import { MemberCardPage } from '../../features/member-card/components/member-card-page';

export const Route = createFileRoute('/_auth/card')({
  staticData: { titleKey: 'member-card:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getMemberPassQueryOptions()).catch(() => undefined);
  },
  component: MemberCardPage,
});
