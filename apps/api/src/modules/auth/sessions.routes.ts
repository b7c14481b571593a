import {
  ChangePasswordBodySchema,
  ErrorBodySchema,
  PasswordStatusAnswerSchema,
  SetPasswordBodySchema,
  RevokedAnswerSchema,
  SessionIdParamsSchema,
  SessionListAnswerSchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuth } from '../../plugins/app/auth';
import { AUTH_BUDGET } from '../../plugins/external/rate-limit';
import { changePassword } from './change-password';
import { endOtherSessions, endSession, listSessions } from './session-management';
import { hasPassword, setFirstPassword } from './set-password';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['auth'], security: [{ bearer: [] }] };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: "The caller's signed-in browsers",
        response: { 200: SessionListAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listSessions(app.db, getAuth(request), app.clock.now()),
    }),
  );

  app.delete(
    '/auth/sessions/:sessionId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'End one of the caller’s sessions',
        params: SessionIdParamsSchema,
        response: { 200: RevokedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await endSession(app.db, getAuth(request), request.params.sessionId);
      return { status: 'success' as const, data: { revoked: 1 } };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'End every session but this one',
        body: z.union([z.strictObject({}), z.null()]).optional(),
        response: { 200: RevokedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const revoked = await endOtherSessions(app.db, auth.userId, auth.sessionId);
      return { status: 'success' as const, data: { revoked } };
    },
  );

  app.get(
    '/auth/password',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Whether the account has a Wellspring password',
        response: { 200: PasswordStatusAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { hasPassword: await hasPassword(app.db, getAuth(request)) },
    }),
  );

  app.put(
    '/auth/password',
    {
      onRequest: app.authenticate,
      config: AUTH_BUDGET,
      schema: {
        ...doc,
        summary:
          'Set a first password on an account made by Google sign-in (from a session opened in the last 15 minutes)',
        body: SetPasswordBodySchema,
        response: { 200: PasswordStatusAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await setFirstPassword(app.db, getAuth(request), request.body, app.clock.now());
      return { status: 'success' as const, data: { hasPassword: true } };
    },
  );

  app.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      config: AUTH_BUDGET,
      schema: {
        ...doc,
        summary:
          'Change the password (the current one is required); ends the other sessions unless kept',
        body: ChangePasswordBodySchema,
        response: { 200: RevokedAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        revoked: await changePassword(app.db, getAuth(request), request.body, app.clock.now()),
      },
    }),
  );
};
