/**
 * The contract the fuzzer generates from: the JSON schemas of the published OpenAPI document, per
 * operation.
 */

import { API } from './settings';

// The contract: JSON schemas of the OpenAPI document.

/** The parts of JSON Schema (OpenAPI 3.0 flavour) the contract uses; anything else fails loudly. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** 'POST /task/completed', as routeKeys writes it. */
  key: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The path under /api/v1, with ':name' for path parameters. */
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  /** True when the route asks for a bearer token. */
  secured: boolean;
}

export interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function readOperations(doc: OpenApiDoc): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [openApiPath, methods] of Object.entries(doc.paths)) {
    if (!openApiPath.startsWith(`${API}/`)) continue;
    const path = openApiPath.slice(API.length).replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      out.set(key, {
        key,
        method: method.toUpperCase() as Operation['method'],
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path'),
        body: op.requestBody ? (op.requestBody.content?.['application/json']?.schema ?? {}) : null,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}
