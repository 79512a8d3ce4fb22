/**
 * `/challenges/{subtype}` (spec §2): the challenges of one subtype and its history. The subtype is validated
 * with zod; anything else is a 404 (spec §2 "a route whose validate check fails shows the error page").
 */
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { ChallengeSubtypeSchema } from '../../../contracts/challenge';
import { getChallengeHistoryQueryOptions } from '../../../features/challenges/api/get-challenge-history';
import { getChallengesQueryOptions } from '../../../features/challenges/api/get-challenges';
import { SubtypeChallenges } from '../../../features/challenges/components/subtype-challenges';

const ParamsSchema = z.object({ subtype: ChallengeSubtypeSchema });

export const Route = createFileRoute('/challenges/$subtype/')({
  staticData: { layout: 'default' },
  params: {
    parse: (params) => {
      const parsed = ParamsSchema.safeParse(params);
      if (!parsed.success) throw notFound();
      return parsed.data;
    },
    stringify: (params) => ({ subtype: params.subtype }),
  },
  loader: ({ context: { queryClient }, params }) => {
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getChallengeHistoryQueryOptions(params.subtype)).catch(() => undefined);
  },
  component: SubtypeRoute,
});

function SubtypeRoute() {
  const { subtype } = Route.useParams();
  return <SubtypeChallenges key={subtype} subtype={subtype} />;
}
