import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBodySchema, EXPORT_SCHEMA_PATH, exportFileJsonSchema } from '@wellspring/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATION_IDS } from './operations';

type JsonSchema = Record<string, unknown>;

/** The error envelope as the document shows it, for the answers added below. */
function errorAnswer(description: string): JsonSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ErrorBodySchema, {
    target: 'openapi-3.0',
  }) as JsonSchema;
  return { ...schema, description };
}

/**
 * Answers the zod schemas cannot state: a redirect has no body, a download is not JSON.
 * Keyed like OPERATION_IDS.
 */
/** The report for a clinician as a file (decision 084). */
const REPORT_PDF = {
  description: 'The report as a PDF: A4 or US Letter, tagged, with selectable text.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
const REPORT_CSV = {
  description: 'The same numbers as CSV: one block a section, each with a header row.',
  content: { 'text/csv': { schema: { type: 'string' } } },
};

const RAW_ANSWERS: Readonly<Record<string, Record<string, JsonSchema>>> = {
  'GET /api/health': {
    400: errorAnswer('The request is malformed (refused before routing, as any request is).'),
  },
  'GET /api/ready': {
    400: errorAnswer('The request is malformed (refused before routing, as any request is).'),
  },
  'GET /api/v1/auth/google/start': {
    302: {
      type: 'null',
      description:
        "Redirects to the provider's sign-in page and sets the cookie that binds this sign-in " +
        'to the browser (to /register when the server has no Google sign-in).',
    },
    400: errorAnswer('timeZone is not a known IANA time zone.'),
    // A redirect is this call's only success; any other status is the error envelope.
    default: errorAnswer('Any other status: the error envelope (a 500 has a requestId).'),
  },
  'GET /api/v1/account/export': {
    200: {
      description: 'The export, as a JSON file (the body POST /api/v1/account/import takes).',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  },
  'GET /api/v1/account/export/tasks.csv': {
    200: {
      description: 'Every task, as CSV with a header row.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
  },
  'GET /api/v1/account/export/moods.csv': {
    200: {
      description: 'The mood history, as CSV with a header row: date, mood, updatedAt.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
  },
  'GET /api/v1/account/export/daylio.csv': {
    200: {
      description: 'The check-ins, as a Daylio CSV export (its 2021+ header).',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
  },
  'GET /api/v1/account/export/pixels.json': {
    200: {
      description: 'The days, as a Pixels JSON backup (an array of days).',
      content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
    },
  },
  'POST /api/v1/reports/pdf': { 200: REPORT_PDF },
  'POST /api/v1/reports/csv': { 200: REPORT_CSV },
  'POST /api/v1/shared-reports/pdf': { 200: REPORT_PDF },
  'POST /api/v1/shared-reports/csv': { 200: REPORT_CSV },
};

const TOO_MANY = errorAnswer('Too many requests: wait for the time Retry-After gives.');
const STORAGE_FULL = errorAnswer(
  "STORAGE_FULL: the server's storage is full and nothing was saved; try again later.",
);
/** The methods that write, and so may find the database's disk full (decision 064). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The server the document names: PUBLIC_URL, unless it is a localhost address (the development
 * default), which would mean nothing to anyone else; then '/', which a reader resolves against
 * the address the document came from (the same server).
 */
export function documentServerUrl(publicUrl: string): string {
  return new URL(publicUrl).hostname === 'localhost' ? '/' : publicUrl;
}

function methodOf(route: RouteOptions): string {
  return [route.method].flat()[0]!.toUpperCase();
}

/**
 * What every documented operation carries besides its zod schemas (decision 030): its
 * operationId; its security, stated (`[]` on a public call); the 429 every counted call may
 * answer; the 507 every write may answer; and the answers of RAW_ANSWERS.
 */
function completeOperation(key: string, route: RouteOptions, schema: JsonSchema): JsonSchema {
  const operationId = OPERATION_IDS[key];
  if (!operationId) {
    throw new Error(`${key} has no operationId: name it in plugins/external/operations.ts`);
  }
  const response = { ...(schema.response as Record<string, JsonSchema> | undefined) };
  Object.assign(response, RAW_ANSWERS[key]);
  const isCounted = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  if (isCounted && !response[429]) response[429] = TOO_MANY;
  if (WRITES.has(methodOf(route)) && !response[507]) response[507] = STORAGE_FULL;
  return { ...schema, operationId, security: schema.security ?? [], response };
}

/** The OpenAPI document at /api/docs/json and a browsable page at /api/docs, from the zod contract. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Wellspring API',
          description:
            'Every call answers `{ status: "success", data }` or `{ status: "fail", statusCode, code, message }`. ' +
            'The same routes also answer under `/v1` for a deployment that gives the API its own host. ' +
            'Dates in history rows and diary entries are local calendar dates (YYYY-MM-DD, the ' +
            "user's own day); instants are ISO-8601 with an offset. The file GET /api/v1/account/export " +
            'writes has its own JSON Schema, with its version, at /api/docs/export-schema.json.',
          version: '1.0.0',
          // No open licence is granted: using the API is governed by the product's terms.
          license: { name: 'Wellspring Terms of Use', url: `${app.env.PUBLIC_URL}/terms` },
        },
        servers: [
          {
            url: documentServerUrl(app.env.PUBLIC_URL),
            description: 'This server; every path below starts with /api.',
          },
        ],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      // The server URL is an origin; the paths keep their /api prefix whatever it holds.
      stripBasePath: false,
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        // The /v1 copies of the /api/v1 routes are the same calls; list them once.
        if (input.url.startsWith('/v1/')) return { ...out, schema: { ...out.schema, hide: true } };
        const schema = out.schema as JsonSchema | undefined;
        if (!schema || schema.hide || methodOf(input.route) === 'HEAD') return out;
        const key = `${methodOf(input.route)} ${input.url}`;
        return { ...out, schema: completeOperation(key, input.route, schema) };
      },
    });
    // The export file's own schema, beside the document that names the routes writing it.
    app.get(EXPORT_SCHEMA_PATH, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return exportFileJsonSchema(app.env.PUBLIC_URL);
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
      staticCSP: false,
    });
  },
  { name: 'docs' },
);
