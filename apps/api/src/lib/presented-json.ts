import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * The serializer of a long list whose items a presenter builds field by field (decision 058: GET
 * /diary, GET /task):
 * JSON.stringify alone. The zod type provider's serializer encodes the whole answer against its
 * schema first; for GET /diary's every entry (100 for the bench's user) that was about a third of
 * the request's CPU: a uuid, a timestamp and a date pattern per entry. The presenter's return type
 * is the contract's, so no field can be added by mistake, and the API suite checks each answer
 * against the published OpenAPI document (`test/published-openapi.ts`).
 */
export const presentedJson: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
