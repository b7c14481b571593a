import {
  ErrorBodySchema,
  GetUserQuerySchema,
  UpdateUserBodySchema,
  UserIdQuerySchema,
  UserAnswerSchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { getUserMood, getUserView, updateUser } from './user.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = {
    emailVerification: app.env.EMAIL_VERIFICATION === 'on',
    publicUrl: app.env.PUBLIC_URL,
  };
  app.get(
    '/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, or only their mood with fields=mood',
        security: [{ bearer: [] }],
        querystring: GetUserQuerySchema,
        response: { 200: UserAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const data =
        request.query.fields === 'mood'
          ? await getUserMood(app.db, auth)
          : await getUserView(app.db, auth, settings);
      return { status: 'success' as const, data };
    },
  );

  app.patch(
    '/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Change the name, mood, onboarding and announcement flags or the time zone',
        security: [{ bearer: [] }],
        querystring: UserIdQuerySchema,
        body: UpdateUserBodySchema,
        response: { 200: UserAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await updateUser(app.db, auth, request.body, app.clock.now(), settings);
      return { status: 'success' as const, data };
    },
  );
};
