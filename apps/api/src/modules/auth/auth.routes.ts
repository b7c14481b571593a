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
import { sendVerificationLink } from './email-links.service';
import { revokeSession } from './session-store';

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
  const emailVerification = app.env.EMAIL_VERIFICATION === 'on';

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
      const now = app.clock.now();
      const answer = await register(app.db, request.body, {
        now,
        policy,
        userAgent: request.headers['user-agent'],
        emailVerification,
        publicUrl: app.env.PUBLIC_URL,
      });
      // The account works at once; the link that verifies its email goes out in the background.
      const linkContext = {
        db: app.db,
        now,
        mailer: app.mailer,
        publicUrl: app.env.PUBLIC_URL,
        verification: emailVerification,
        log: request.log,
      };
      const { id: userId, email, name } = answer.userData;
      await sendVerificationLink(linkContext, { userId, email, name }).catch((err: unknown) =>
        request.log.error({ err }, 'the verification link of a new account was not sent'),
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { ...AUTH_BUDGET, signIn: 'password' },
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
        emailVerification,
        publicUrl: app.env.PUBLIC_URL,
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
