/** `/digital-downloads` (spec §2, §7): the club's PDFs from the CDN. */
import { createFileRoute } from '@tanstack/react-router';
import { getDownloadsQueryOptions } from '../../features/downloads/api/get-downloads';
import { DownloadsPage } from '../../features/downloads/components/downloads-page';

export const Route = createFileRoute('/_auth/digital-downloads')({
  staticData: { layout: 'default', titleKey: 'downloads:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getDownloadsQueryOptions()).catch(() => undefined);
  },
  component: DownloadsPage,
});
