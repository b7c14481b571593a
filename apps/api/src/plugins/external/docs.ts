import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/json and a browsable page at /api/docs, from the zod contract. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Wellspring API',
          description:
            'Every call answers `{ status: "success", data }` or `{ status: "fail", statusCode, code, message }`. ' +
            'The same routes also answer under `/v1` for a deployment that gives the API its own host.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        // The /v1 copies of the /api/v1 routes are the same calls; list them once.
        if (input.url.startsWith('/v1/')) return { ...out, schema: { ...out.schema, hide: true } };
        return out;
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
      staticCSP: false,
    });
  },
  { name: 'docs' },
);
