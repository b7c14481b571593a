import {
  BackgroundAnswerSchema,
  BackgroundListAnswerSchema,
  BackgroundOwnershipListAnswerSchema,
  ErrorBodySchema,
  SelectBackgroundBodySchema,
  UserIdParamsSchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { presentBackground, presentOwnership } from './background.presenter';
import { listBackgrounds, listOwnedBackgrounds, selectBackground } from './background.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const backgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.env.PUBLIC_URL;

  app.get(
    '/background',
    {
      schema: {
        tags: ['background'],
        summary: 'Every background: id, name, URL and tier (no token; the same for everyone)',
        description:
          'Whether the user owns a background and whether it is the selected one are computed by ' +
          'the client: owned when GET /v1/background/user/{userId} has a record with its id as ' +
          'backgroundId, selected when its URL is the user’s selectedBackgroundURL.',
        response: { 200: BackgroundListAnswerSchema },
      },
    },
    async () => ({
      status: 'success' as const,
      data: (await listBackgrounds(app.db)).map((b) => presentBackground(b, publicUrl)),
    }),
  );

  app.get(
    '/background/user/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['background'],
        security: [{ bearer: [] }],
        summary: 'The owned backgrounds: one ownership record each, with backgroundId',
        params: UserIdParamsSchema,
        response: { 200: BackgroundOwnershipListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.params.userId);
      const owned = await listOwnedBackgrounds(app.db, auth);
      return { status: 'success' as const, data: owned.map(presentOwnership) };
    },
  );

  app.patch(
    '/background/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['background'],
        security: [{ bearer: [] }],
        summary: 'Select an owned background; answers it (its URL is now selectedBackgroundURL)',
        querystring: UserIdQuerySchema,
        body: SelectBackgroundBodySchema,
        response: { 200: BackgroundAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const selected = await selectBackground(app.db, auth, request.body.backgroundId);
      return { status: 'success' as const, data: presentBackground(selected, publicUrl) };
    },
  );
};
