/**
 * Profile extras (spec §7):
 * - `profileRoutes`, mounted at `/api/user` next to the core's user routes: `POST /me/identify {email}`
 *   records the identification and answers `{identified: true}`.
 * - `avatarRoutes`, mounted at `/api/media` before the API's 1 MB body limit (an avatar may be 5 MB), each
 *   route with its own authentication, Idempotency-Key and body limit (the public `GET /api/media/{id}`
 *   of the core stays untouched):
 *   `POST /media` takes the raw image (`application/octet-stream`, or an image/* type), recognises PNG,
 *   JPEG or WebP by its bytes (else 415 UnsupportedMediaType), at most 5 MB (else 413 PayloadTooLarge),
 *   re-encodes it without metadata (`acceptMedia`; an undecodable image is 422), stores it in `media` and
 *   answers 201 `{name, fileName, contentType, sizeBytes, url}`;
 *   `POST /media/set-avatar {name}` makes one of the member's own uploads the avatar (404 otherwise) and
 *   answers `{name, avatarUrl}`; `GET /user/me` then shows `avatarUrl` = `/api/media/{name}`.
 */
import { UserIdentifyResponseSchema, UserIdentifySchema } from '../../../src/contracts/consent';
import { MAX_AVATAR_BYTES, MediaUploadResponseSchema, SetAvatarResponseSchema, SetAvatarSchema } from '../../../src/contracts/media';
import { authenticate, requireUser } from '../../kernel/authenticate';
import { idempotency } from '../../kernel/idempotency';
import type { AppDeps } from '../../kernel/types';
import { ApiError, badRequest } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';
import { declareRoute, routeGroup } from '../../lib/openapi';
import { recordIdentification, setAvatar, storeAvatar } from './avatar.service';

/** What an avatar upload may be sent as: raw bytes, or one of the accepted image types (checked again by its bytes). */
const ACCEPTED_UPLOAD_TYPES = /^(application\/octet-stream|image\/(png|jpeg|webp))\b/i;

/** `POST /user/me/identify`. */
const identifyRoute = declareRoute({
  method: 'post',
  path: '/me/identify',
  summary: 'Records the e-mail the member identifies with',
  tags: ['user'],
  body: UserIdentifySchema,
  response: UserIdentifyResponseSchema,
});

/** Builds `POST /me/identify` (mounted under `/api/user`). */
export function profileRoutes(deps: AppDeps) {
  return routeGroup().openapi(identifyRoute, async (c) => {
    const { user } = requireUser(c.get('principal'));
    const { email } = c.req.valid('json');
    await recordIdentification(deps, user.id, email);
    return sendData(c, { identified: true as const });
  });
}

/** Builds `POST /` and `POST /set-avatar` (mounted under `/api/media`, before the API's body limit). */
export function avatarRoutes(deps: AppDeps) {
  // Mounted before the API's body limit and authentication: each route limits its body and authenticates itself,
  // before its declaration reads the body.
  const guard = [authenticate(deps), idempotency(deps)];
  const tooLarge = () => new ApiError(413, 'PayloadTooLarge', 'An avatar can be at most 5 MB');
  const uploadLimit = requestBodyLimit({
    maxSize: MAX_AVATAR_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  const jsonLimit = requestBodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw new ApiError(413, 'PayloadTooLarge', 'Request body is too large');
    },
  });

  /** `POST /media/set-avatar`. */
  const setAvatarRoute = declareRoute({
    method: 'post',
    path: '/set-avatar',
    summary: "Makes one of the member's uploads the avatar",
    tags: ['media'],
    body: SetAvatarSchema,
    response: SetAvatarResponseSchema,
    errors: { 404: 'NotFound: no uploaded image of yours has this name.' },
    middleware: [jsonLimit, ...guard],
  });

  /** `POST /media`. */
  const uploadRoute = declareRoute({
    method: 'post',
    path: '/',
    summary: 'Uploads an avatar image (PNG, JPEG or WebP, at most 5 MB)',
    description:
      'The raw image bytes; the type is recognised from the bytes, not from headers. The image is stored re-encoded, without metadata.',
    tags: ['media'],
    body: { mediaTypes: ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp'], maxBytes: MAX_AVATAR_BYTES },
    response: MediaUploadResponseSchema,
    status: 201,
    errors: {
      400: 'BadRequest: the upload is empty.',
      413: "PayloadTooLarge: larger than 5 MB, or past the member's daily upload bytes.",
      415: 'UnsupportedMediaType: not application/octet-stream or an image type, or not a PNG, JPEG or WebP image.',
      422: 'ValidationFailed: the bytes start like an image but cannot be decoded.',
      429: "TooManyRequests: past the member's daily upload count (Retry-After).",
    },
    middleware: [uploadLimit, ...guard],
  });

  return routeGroup()
    .openapi(setAvatarRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      const { name } = c.req.valid('json');
      await setAvatar(deps, user.id, name);
      return sendData(c, { name, avatarUrl: `${deps.env.PUBLIC_API_ORIGIN}/media/${name}` });
    })
    .openapi(uploadRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const type = c.req.header('content-type') ?? '';
      if (!ACCEPTED_UPLOAD_TYPES.test(type)) {
        throw new ApiError(415, 'UnsupportedMediaType', 'Send the image as application/octet-stream');
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length === 0) throw badRequest('The upload is empty');
      if (bytes.length > MAX_AVATAR_BYTES) throw tooLarge();
      return sendData(c, await storeAvatar(deps, { userId: user.id, organizationId: organization.id, bytes }), 201);
    });
}
