import {
  AuthAnswerSchema,
  ErrorBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuth } from '../../plugins/app/auth';
import { AUTH_BUDGET } from '../../plugins/external/rate-limit';
import { login, register } from './auth.service';
import { revokeSession } from './session.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = {
    idleDays: app.env.SESSION_IDLE_DAYS,
    absoluteDays: app.env.SESSION_ABSOLUTE_DAYS,
  };

  app.post(
    '/auth/register',
    {
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary: 'Create a password account; answers a session token',
        body: RegisterBodySchema,
        response: { 201: AuthAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await register(app.db, request.body, {
        now: app.clock.now(),
        policy,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/auth/login',
    {
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; answers a session token',
        body: LoginBodySchema,
        response: { 200: AuthAnswerSchema, ...errors },
      },
    },
    async (request) =>
      login(app.db, request.body, {
        now: app.clock.now(),
        policy,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'End this session at once',
        body: z.union([z.strictObject({}), z.null()]).optional(),
        response: {
          200: z.object({ status: z.literal('success'), data: z.null() }),
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await revokeSession(app.db, getAuth(request).sessionId);
      return { status: 'success' as const, data: null };
    },
  );
};
