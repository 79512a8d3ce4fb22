/**
 * `/challenges/{subtype}/{challenge}` (spec §2): one challenge. The subtype is validated with zod; an unknown
 * challenge (404) or one of another subtype is a 404 page.
 */
import { onlineManager } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { NotFoundError } from '../../../api/errors';
import { ChallengeSubtypeSchema } from '../../../contracts/challenge';
import { getChallengeQueryOptions } from '../../../features/challenges/api/get-challenge';
import { ChallengeDetail } from '../../../features/challenges/components/challenge-detail';

const ParamsSchema = z.object({ subtype: ChallengeSubtypeSchema, challenge: z.string().min(1).max(64) });

export const Route = createFileRoute('/challenges/$subtype/$challenge')({
  staticData: { layout: 'default' },
  params: {
    parse: (params) => {
      const parsed = ParamsSchema.safeParse(params);
      if (!parsed.success) throw notFound();
      return parsed.data;
    },
    stringify: (params) => ({ subtype: params.subtype, challenge: params.challenge }),
  },
  loader: async ({ context: { queryClient }, params }) => {
    const options = getChallengeQueryOptions(params.challenge);
    // Offline without a cached copy the query would pause: let the page show its loading state instead.
    if (!onlineManager.isOnline() && !queryClient.getQueryData(options.queryKey)) return;
    try {
      const challenge = await queryClient.ensureQueryData({ ...options, revalidateIfStale: true });
      if (challenge.subtype !== params.subtype) throw notFound();
    } catch (error) {
      if (error instanceof NotFoundError) throw notFound();
      throw error;
    }
  },
  component: ChallengeRoute,
});

function ChallengeRoute() {
  const { challenge } = Route.useParams();
  return <ChallengeDetail challengeId={challenge} />;
}
