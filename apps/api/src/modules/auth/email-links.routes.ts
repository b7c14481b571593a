import {
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  LinkSentAnswerSchema,
  ResetPasswordAnswerSchema,
  ResetPasswordBodySchema,
  VerifyEmailAnswerSchema,
  VerifyEmailBodySchema,
} from '@wellspring/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuth } from '../../plugins/app/auth';
import { AUTH_BUDGET } from '../../plugins/external/rate-limit';
import {
  requestPasswordReset,
  resendVerificationLink,
  resetPassword,
  verifyEmail,
  type LinkContext,
} from './email-links.service';

const errors = {
  400: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Email verification and "Forgot password?": the routes that send and follow emailed links. */
export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkContext = (request: FastifyRequest): LinkContext => ({
    db: app.db,
    now: app.clock.now(),
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    verification: app.env.EMAIL_VERIFICATION === 'on',
    log: request.log,
  });

  app.post(
    '/auth/verify-email',
    {
      // The sign-in budget: these routes send mail or take tokens.
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary: 'Follow a verification link: its token (from the link) proves the email',
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await verifyEmail(linkContext(request), request.body.token);
      return { status: 'success' as const, data: { emailVerified: true as const } };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: app.authenticate,
      // The sign-in budget: these routes send mail or take tokens.
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Send the verification link again (at most one a minute, five an hour)',
        body: z.union([z.strictObject({}), z.null()]).optional(),
        response: { 202: LinkSentAnswerSchema, 401: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await resendVerificationLink(linkContext(request), getAuth(request).userId);
      return reply.code(202).send({ status: 'success' as const, data: null });
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      // The sign-in budget: these routes send mail or take tokens.
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a password-reset link; the same answer whether or not the email has an account',
        body: ForgotPasswordBodySchema,
        response: { 202: LinkSentAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(linkContext(request), request.body.email);
      return reply.code(202).send({ status: 'success' as const, data: null });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      // The sign-in budget: these routes send mail or take tokens.
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary: 'Follow a reset link: sets the new password and ends every session',
        body: ResetPasswordBodySchema,
        response: { 200: ResetPasswordAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const revoked = await resetPassword(linkContext(request), request.body);
      return { status: 'success' as const, data: { revoked } };
    },
  );
};
