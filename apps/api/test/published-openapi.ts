import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The OpenAPI document as /api/docs/json publishes it: what a client generator reads. */
export interface PublishedOpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

/** Reads the published document, through HTTP as a client would. */
export async function readPublishedOpenApi(app: FastifyInstance): Promise<PublishedOpenApi> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/**
 * Checks answers against the published document alone, not against our zod contract: the schema
 * of the call's status, with its formats (`uri` is an absolute URL, `uuid`, `date-time`) checked,
 * as a client generated from the document would expect them.
 */
export function createAnswerValidator(doc: PublishedOpenApi) {
  // OpenAPI 3.0 schemas: `nullable` is theirs; descriptions and examples are no assertions.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();

  /** The compiled schema of `METHOD /api/v1/path` (OpenAPI's `{param}` form) for a status. */
  function schemaOf(method: string, path: string, status: number): ValidateFunction {
    const key = `${method} ${path} ${status}`;
    const known = compiled.get(key);
    if (known) return known;
    const operation = doc.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is in the published document`).toBeDefined();
    const schema = operation!.responses[String(status)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} documents its ${status} answer`).toBeDefined();
    const validate = ajv.compile(schema!);
    compiled.set(key, validate);
    return validate;
  }

  return {
    schemaOf,
    /** True when the body fits the documented answer; the errors otherwise, for the message. */
    check(method: string, path: string, status: number, body: unknown) {
      const validate = schemaOf(method, path, status);
      return validate(body) ? true : ajv.errorsText(validate.errors);
    },
    /** Asserts a response is a documented answer of the call, status and body alike. */
    expectDocumented(res: LightMyRequestResponse, method: string, path: string, status = 200) {
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBe(status);
      const validate = schemaOf(method, path, status);
      const isValid = validate(res.json());
      expect(isValid ? [] : validate.errors, `${method} ${path} fits the published schema`).toEqual(
        [],
      );
    },
  };
}
