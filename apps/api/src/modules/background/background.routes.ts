import {
  BackgroundAnswerSchema,
  BackgroundListAnswerSchema,
  ErrorBodySchema,
  SelectBackgroundBodySchema,
  UserIdParamsSchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { listBackgrounds, listOwnedBackgrounds, selectBackground } from './background.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const backgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/background',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['background'],
        summary: 'Every background; with a bearer token, owned and selected are the caller’s',
        response: { 200: BackgroundListAnswerSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listBackgrounds(app.db, request.authContext),
    }),
  );

  app.get(
    '/background/user/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['background'],
        security: [{ bearer: [] }],
        summary: 'The backgrounds the user owns',
        params: UserIdParamsSchema,
        response: { 200: BackgroundListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.params.userId);
      return { status: 'success' as const, data: await listOwnedBackgrounds(app.db, auth) };
    },
  );

  app.patch(
    '/background/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['background'],
        security: [{ bearer: [] }],
        summary: 'Select an owned background',
        querystring: UserIdQuerySchema,
        body: SelectBackgroundBodySchema,
        response: { 200: BackgroundAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await selectBackground(app.db, auth, request.body.backgroundId),
      };
    },
  );
};
