import {
  ErrorBodySchema,
  GetUserQuerySchema,
  UpdateUserBodySchema,
  UserIdQuerySchema,
  UserAnswerSchema,
} from '@wellspring/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentedJson } from '../../lib/presented-json';
import { assertOwnId } from '../../plugins/app/auth';
import { takeSessionRead, type SessionRead } from '../../plugins/app/session-read';
import { findSessionWithUserRead } from './user-read.repository';
import { readUserForAnswer } from './user-snapshot';
import { getUserMood, getUserView, updateUser } from './user.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/** GET /user's streak, read by the session lookup's statement (decision 048). */
const USER_READ: SessionRead<{ diaryStreak: number }> = { lookup: findSessionWithUserRead };

/** The mood alone needs no more than the user's row, which every lookup reads. */
const chooseUserRead = (request: FastifyRequest) =>
  (request.query as { fields?: unknown }).fields === 'mood'
    ? undefined
    : (USER_READ as SessionRead<unknown>);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = {
    emailVerification: app.env.EMAIL_VERIFICATION === 'on',
    publicUrl: app.env.PUBLIC_URL,
  };
  app.get(
    '/user',
    {
      onRequest: app.authenticate,
      config: { sessionRead: chooseUserRead },
      // The hottest read: its answer is presentUser's, field by field (decision 058).
      serializerCompiler: presentedJson,
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
      // A read that writes nothing: it may answer from the row the session lookup read.
      const snapshot = readUserForAnswer(request);
      const data =
        request.query.fields === 'mood'
          ? await getUserMood(app.db, auth, snapshot)
          : await getUserView(
              app.db,
              auth,
              snapshot,
              settings,
              takeSessionRead(request, USER_READ),
            );
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
