import { z } from 'zod';
import { MAX_ID } from '../../../src/contracts/common';
import type { Endpoint } from '../../../src/contracts/endpoint';
import { ZErrorReply } from '../../../src/contracts/errors';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../../src/contracts/idempotency';
import { hasRight, PUBLIC, roles } from '../../../src/contracts/permissions';
import { takesIdempotencyKey } from '../../http/idempotency';

/**
 * zod's JSON Schema of a contract, with the fields zod cannot describe (ids, phones, currencies...:
 * `documentedAs` in src/contracts/common.ts) replaced by what the server really accepts.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
    override: ({ jsonSchema: json }) => {
      const documented = (json as { openapi?: Record<string, unknown> }).openapi;
      if (!documented) return;
      const nullable = (json as { nullable?: boolean }).nullable;
      for (const key of Object.keys(json)) delete (json as Record<string, unknown>)[key];
      Object.assign(json, documented, nullable ? { nullable: true } : {});
    },
  });

function parameters(endpoint: Endpoint) {
  const fromObject = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
    }));
  };
  return [
    ...fromObject(endpoint.params, 'path'),
    ...fromObject(endpoint.query, 'query'),
    ...(withKey(endpoint) ? [idempotencyKeyParameter] : []),
  ];
}

/** An authenticated POST without its own body key takes the Idempotency-Key header (server/http/idempotency.ts). */
const withKey = (endpoint: Endpoint) =>
  endpoint.method === 'post' && endpoint.right !== PUBLIC && takesIdempotencyKey(endpoint.path);
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: `A UUID made once per form and sent on every retry of it: per user and key the request runs once; a retry with the same path and body gets the first 2xx reply again (with \`${REPLAYED_HEADER}: true\`), other input with the key 422, a retry while the first still runs 409 with Retry-After. A refusal keeps nothing: the key may be used again. Kept for a day.`,
  schema: { type: 'string', format: 'uuid' },
};

const refusalText: Record<number, string> = {
  400: 'Invalid input: `fieldErrors` names each field and its rule; nothing was changed',
  401: 'Not signed in, or the token is no longer valid',
  402: 'The card payment was refused',
  403: 'Signed in without the right this operation needs (a webhook: its signature is missing or wrong)',
  404: 'No such record in your centre',
  409: 'Refused by the current state of the data (taken, changed meanwhile, not allowed now)',
  422: 'The Idempotency-Key was already used for another request (another path or body)',
  413: 'The request body is too large',
  415: 'The body is not of a media type or encoding this operation reads',
  429: 'Too many requests: `Retry-After` says when to try again',
  500: 'Unexpected failure: the reply carries only a trace id',
  502: 'The card provider failed or could not be reached',
  503: 'Card payments are not configured on this server',
};

/** Whether the input holds an id (an int4 integer, as documentedAs gives every id) anywhere. */
function namesRecords(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  return JSON.stringify(jsonSchema(schema, 'input')).includes(`"maximum":${MAX_ID}`);
}

/** The refusals an endpoint really gives: from its input, right, path and method, plus its own. */
export function refusalsOf(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([500, ...(endpoint.refusals ?? [])]);
  const writes = endpoint.method !== 'get';
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.upload || writes) statuses.add(400);
  if (endpoint.right !== PUBLIC) {
    statuses.add(401);
    if (!roles.every((role) => hasRight([role], endpoint.right))) statuses.add(403);
  }
  // A record named in the path, or an id in the query or body that names no record of the centre.
  if (endpoint.params || namesRecords(endpoint.query) || namesRecords(endpoint.body)) statuses.add(404);
  if (writes) statuses.add(409); // concurrent writes of the same rows, and each write's own rules
  if (endpoint.body || endpoint.upload || writes) statuses.add(413).add(415);
  if (withKey(endpoint)) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

function requestBody(endpoint: Endpoint) {
  if (endpoint.upload) {
    const file = { schema: { type: 'string', format: 'binary' } };
    return { requestBody: { required: true, content: Object.fromEntries(endpoint.upload.map((t) => [t, file])) } };
  }
  if (!endpoint.body) return {};
  return {
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } },
  };
}

/** OpenAPI 3 document built from the same contracts that validate requests. */
export function buildOpenApi(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  for (const endpoint of endpoints) {
    const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    const status = String(endpoint.status ?? 200);
    paths[path] ??= {};
    paths[path][endpoint.method] = {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: endpoint.right === PUBLIC ? 'Public.' : `Requires the right \`${endpoint.right}\`.`,
      ...(endpoint.right === PUBLIC ? { security: [] } : {}),
      parameters: parameters(endpoint),
      ...requestBody(endpoint),
      responses: {
        [status]: endpoint.reply
          ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(endpoint.reply, 'output') } } }
          : { description: status === '204' ? 'No content' : 'OK' },
        ...Object.fromEntries(refusalsOf(endpoint).map((code) => [code, { description: refusalText[code], ...error }])),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Level Up API', version: '1' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(ZErrorReply, 'output') },
    },
    paths,
  };
}
