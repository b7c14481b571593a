import { AppError, AuthAnswerSchema, ErrorBodySchema, TimeZoneSchema } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_BUDGET } from '../../plugins/external/rate-limit';
import { readCookie, serializeCookie } from './oidc/cookies';
import { finishSignIn, startSignIn, type OidcClient } from './oidc/oidc.service';

/** The cookie that binds a sign-in in progress to the browser that started it. */
export const OIDC_BINDING_COOKIE = 'ws_oidc';

/** Where the Google buttons lead when the server has no sign-in provider: sign-up with email. */
export const REGISTER_PAGE = '/register';
const NOT_SET_UP = 'Google sign-in is not set up on this server. Please sign up with your email.';
/** The answer to an exchange without `state`: a client that skipped the start (decision 030). */
export const SIGN_IN_NOT_STARTED =
  'Sign-in must start at /api/v1/auth/google/start: it sends you to the provider, which comes ' +
  'back with the code and the state this call needs.';

export const googleRoutes: FastifyPluginAsyncZod<{
  oidc: OidcClient | undefined;
  /** How /metrics counts the sign-ins: the development provider's are 'dev'. */
  signInMethod: 'google' | 'dev';
}> = async (app, { oidc, signInMethod }) => {
  const policy = {
    idleDays: app.env.SESSION_IDLE_DAYS,
    absoluteDays: app.env.SESSION_ABSOLUTE_DAYS,
  };
  const secure = app.env.PUBLIC_URL.startsWith('https://');

  app.get(
    '/auth/google/start',
    {
      config: AUTH_BUDGET,
      schema: {
        tags: ['auth'],
        summary: 'Start "Sign in with Google": redirects to the provider',
        querystring: z.strictObject({ timeZone: TimeZoneSchema.optional() }),
      },
    },
    async (request, reply) => {
      // No provider (production without Google): a stale Google button still goes somewhere.
      if (!oidc) {
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`${app.env.PUBLIC_URL}${REGISTER_PAGE}`, 302);
      }
      const { redirectTo, binding } = await startSignIn(
        app.db,
        oidc,
        app.clock.now(),
        request.query.timeZone,
      );
      return reply
        .header(
          'Set-Cookie',
          serializeCookie(OIDC_BINDING_COOKIE, binding, { maxAgeSeconds: 600, secure }),
        )
        .header('Cache-Control', 'no-store')
        .redirect(redirectTo, 302);
    },
  );

  app.get(
    '/auth/google',
    {
      config: { ...AUTH_BUDGET, signIn: signInMethod },
      schema: {
        tags: ['auth'],
        summary: "Finish the sign-in: exchanges the provider's authorization code",
        description:
          'A sign-in starts at `GET /api/v1/auth/google/start`, which sets the cookie and the ' +
          '`state` this call checks; without `state` the answer is a 400 saying so.',
        querystring: z.strictObject({
          credential: z.string().min(1).max(2048),
          state: z
            .string()
            .max(512)
            .optional()
            .describe('The state the provider sent back; required (see the description).'),
          iss: z.string().max(512).optional(),
        }),
        response: {
          200: AuthAnswerSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // The binding is single use, like the state: clear it whatever the outcome.
      reply.header(
        'Set-Cookie',
        serializeCookie(OIDC_BINDING_COOKIE, '', { maxAgeSeconds: 0, secure }),
      );
      reply.header('Cache-Control', 'no-store');
      if (!oidc) throw new AppError('OIDC_FAILED', NOT_SET_UP);
      if (!request.query.state) throw new AppError('SIGN_IN_NOT_STARTED', SIGN_IN_NOT_STARTED);
      return finishSignIn(
        app.db,
        oidc,
        {
          code: request.query.credential,
          state: request.query.state,
          iss: request.query.iss,
          binding: readCookie(request.headers.cookie, OIDC_BINDING_COOKIE),
        },
        {
          now: app.clock.now(),
          policy,
          userAgent: request.headers['user-agent'],
          emailVerification: app.env.EMAIL_VERIFICATION === 'on',
          publicUrl: app.env.PUBLIC_URL,
          log: (error) =>
            request.log.warn(
              { errorName: (error as Error)?.name, errorCode: (error as { code?: string })?.code },
              'sign-in exchange refused',
            ),
        },
      );
    },
  );
};
