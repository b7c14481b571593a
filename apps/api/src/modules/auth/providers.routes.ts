import { SignInProvidersAnswerSchema, type SignInProviders } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const providersRoutes: FastifyPluginAsyncZod<{ providers: SignInProviders }> = async (
  app,
  { providers },
) => {
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in the server offers: Google, the development sign-in, or neither',
        response: { 200: SignInProvidersAnswerSchema },
      },
    },
    async (_request, reply) => {
      // Fixed for the life of the process, but asked again on each visit: a restart may change it.
      reply.header('Cache-Control', 'no-cache');
      return { status: 'success' as const, data: providers };
    },
  );
};
