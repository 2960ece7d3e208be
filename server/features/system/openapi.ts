import { z } from 'zod';
import type { Endpoint } from '../../../src/contracts/endpoint';
import { ZErrorReply } from '../../../src/contracts/errors';
import { PUBLIC } from '../../../src/contracts/permissions';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

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
  return [...fromObject(endpoint.params, 'path'), ...fromObject(endpoint.query, 'query')];
}

/** OpenAPI 3 document built from the same contracts that validate requests. */
export function buildOpenApi(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
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
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: endpoint.reply
          ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(endpoint.reply, 'output') } } }
          : { description: 'No content' },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
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
