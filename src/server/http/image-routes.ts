// Part images over HTTP: an admin uploads one as the raw bytes of a PNG, JPEG or WebP body (tRPC's
// adapter takes JSON only), and everyone fetches uploaded images under a fixed prefix. The rules
// (admins only, real type by the first bytes, size, audit, budget) are the procedure's
// (tools.uploadImage); this file maps the body and the answers.
import type { FastifyError, FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_BYTES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { createContextInner, type AppDeps } from '../context';
import { createCaller } from '../routers';
import { UPLOADED_IMAGES_PREFIX } from '../domains/catalogue/images';
import { errorBody, sendError } from './error-response';
import { httpClient } from './security';

/** An uploaded file never changes: its name is the hash of its bytes. */
const UPLOADED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function registerImageRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.addContentTypeParser([...IMAGE_UPLOAD_TYPES], { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Refusals of the body itself say what an admin should change, in the shop's error shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', messages.imageTooLarge));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', messages.imageTypeInvalid));
    }
    return sendError(error, request, reply);
  });

  app.post('/images', { bodyLimit: MAX_IMAGE_BYTES }, async (request, reply) => {
    const caller = createCaller(
      await createContextInner({ ...deps, log: request.log }, request.headers.authorization, httpClient(request)),
    );
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return reply.status(201).send(await caller.tools.uploadImage({ bytes }));
  });

  app.get<{ Params: { file: string } }>(`${UPLOADED_IMAGES_PREFIX}:file`, async (request, reply) => {
    const image = await deps.images.readUploaded(request.params.file);
    if (!image) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    return reply
      .headers({
        'content-type': image.contentType,
        'cache-control': UPLOADED_IMAGE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      })
      .send(image.bytes);
  });
}
