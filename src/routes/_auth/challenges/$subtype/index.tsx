/**
 * `/challenges/{subtype}` (spec §2): the challenges of one subtype and its history. The subtype must be one of
 * `CHALLENGE_SUBTYPES`; anything else is a 404 (spec §2 "a route whose validate check fails shows the error
 * page"). Route files stay free of zod: they are part of the first load.
 */
import { createFileRoute } from '@tanstack/react-router';
import { RouteValidationError } from '../../../../components/route-error';
import { isChallengeSubtype } from '../../../../contracts/constants';
import { getChallengeHistoryQueryOptions } from '../../../../features/challenges/api/get-challenge-history';
import { getChallengesQueryOptions } from '../../../../features/challenges/api/get-challenges';
import { SubtypeChallenges } from '../../../../features/challenges/components/subtype-challenges';

export const Route = createFileRoute('/_auth/challenges/$subtype/')({
  staticData: { layout: 'default' },
  params: {
    parse: (params) => {
      if (!isChallengeSubtype(params.subtype)) throw new RouteValidationError();
      return { subtype: params.subtype };
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
