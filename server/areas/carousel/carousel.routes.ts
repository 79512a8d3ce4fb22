/**
 * The rewards carousel (spec §3-§4, §7-§8), mounted at `/api/carousel` behind authentication and Idempotency-Key:
 * - `GET /`: the organization's live cards (written by operators at `/api/admin/carousel-cards`: neither drafts
 *   nor archived, inside their window), texts in the request's language, in display order; visitors too. The
 *   underage gate is the client's (src/rules/underage.ts), from the member's birthday.
 * Members only:
 * - `DELETE /{id}`: remembers that the member dismissed card `{id}`; 200 with `{cardId, dismissedAt}`
 *   (a second delete answers the first time); 422 for an id that is not a card id.
 * - `GET /dismissed`: the member's dismissed cards, newest first.
 */
import {
  CarouselCardIdSchema,
  CarouselCardListResponseSchema,
  CarouselDismissalListResponseSchema,
  CarouselDismissalResponseSchema,
} from '../../../src/contracts/carousel';
import { requireUser } from '../../kernel/authenticate';
import type { AppDeps } from '../../kernel/types';
import { sendData } from '../../lib/http';
import { languageOf } from '../../lib/localize';
import { declareRoute, routeGroup, validationFailedWith } from '../../lib/openapi';
import { dismissCard, dismissedCards, liveCards } from './carousel.service';

/** `GET /carousel`. */
const liveRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's live rewards-carousel cards, in display order",
  tags: ['carousel'],
  auth: 'visitor-or-member',
  response: CarouselCardListResponseSchema,
});

/** `GET /carousel/dismissed`. */
const dismissedRoute = declareRoute({
  method: 'get',
  path: '/dismissed',
  summary: "The member's dismissed carousel cards, newest first",
  tags: ['carousel'],
  response: CarouselDismissalListResponseSchema,
});

/** `DELETE /carousel/{id}`. */
const dismissRoute = declareRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Remembers that the member dismissed a carousel card',
  description: 'Dismissing a card twice answers the first `dismissedAt`.',
  tags: ['carousel'],
  params: { id: CarouselCardIdSchema },
  // Any well-formed card id is dismissed, so the route never answers 404.
  invalidParams: 'ValidationFailed',
  response: CarouselDismissalResponseSchema,
  errors: { 422: 'ValidationFailed: the id is not a card id.' },
});

/** Builds the carousel route group for one app. */
export function carouselRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(liveRoute, async (c) => {
      const { organization } = c.get('principal');
      return sendData(c, await liveCards(deps, organization.id, languageOf(c)));
    })
    .openapi(dismissedRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      return sendData(c, await dismissedCards(deps, user.id));
    })
    .openapi(
      dismissRoute,
      async (c) => {
        const { user } = requireUser(c.get('principal'));
        const { id: cardId } = c.req.valid('param');
        return sendData(c, await dismissCard(deps, user.id, cardId));
      },
      // A malformed card id is 422 ValidationFailed here (as documented), not the 404 of other path parameters.
      validationFailedWith('Invalid card id'),
    );
}
