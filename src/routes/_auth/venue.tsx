/**
 * `/venue` (decisions 0059, 0068): check in at the venue by code. `?event=&token=` is the link a venue QR code holds
 * (a phone's own camera opens it): the page checks in with it at once, then drops it from the address so a reload
 * does not send it again.
 */
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { VenueCheckinPage } from '../../features/venue/components/venue-checkin-page';
import { getVenuesAttendedQueryOptions } from '../../features/venue/api/get-venues-attended';

type VenueSearch = { event?: string; token?: string };

export const Route = createFileRoute('/_auth/venue')({
  staticData: { titleKey: 'venue:title' },
  validateSearch: (search: Record<string, unknown>): VenueSearch => ({
    ...(typeof search.event === 'string' ? { event: search.event } : {}),
    ...(typeof search.token === 'string' ? { token: search.token } : {}),
  }),
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getVenuesAttendedQueryOptions()).catch(() => undefined);
  },
  component: VenueRoute,
});

function VenueRoute() {
  const { event, token } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onLinkUsed = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <VenueCheckinPage link={event && token ? { eventId: event, token } : undefined} onLinkUsed={onLinkUsed} />;
}
