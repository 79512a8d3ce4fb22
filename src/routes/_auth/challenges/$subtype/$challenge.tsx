/**
 * `/challenges/{subtype}/{challenge}` (spec §2): one challenge. The subtype must be one of
 * `CHALLENGE_SUBTYPES` and the id 1-64 characters; an unknown challenge (404) or one of another subtype is a
 * 404 page. Route files stay free of zod: they are part of the first load.
 */
import { onlineManager } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundError } from '../../../../api/errors';
import { isRouteId, RouteValidationError } from '../../../../components/route-error';
import { isChallengeSubtype } from '../../../../contracts/constants';
import { getChallengeQueryOptions } from '../../../../features/challenges/api/get-challenge';
import { ChallengeDetail } from '../../../../features/challenges/components/challenge-detail';

export const Route = createFileRoute('/_auth/challenges/$subtype/$challenge')({
  staticData: { layout: 'default' },
  params: {
    parse: (params) => {
      const { subtype, challenge } = params;
      if (!isChallengeSubtype(subtype) || !isRouteId(challenge)) throw new RouteValidationError();
      return { subtype, challenge };
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
