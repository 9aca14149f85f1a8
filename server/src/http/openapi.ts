import type { RouteDef } from '@signet/shared';
import { ZApiErrorSchema } from '@signet/shared';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete (s as { $schema?: unknown }).$schema;
  return s as JsonSchema;
};

/** Turns an object schema of params/query into OpenAPI parameter objects. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * Builds the OpenAPI 3.1 document from the shared route table; the table is the only source.
 */
export function buildOpenApi(
  table: Record<string, RouteDef>,
  info: { title?: string; version?: string; serverUrl?: string } = {},
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(table)) {
    const method = route.method.toLowerCase();
    const status = String(route.status ?? 200);
    const tag = route.tags?.[0] ?? route.path.split('/')[2] ?? 'api';
    const responses: Record<string, unknown> = {
      [status]:
        status === '204'
          ? { description: 'No content' }
          : {
              description: route.summary,
              content: { 'application/json': { schema: toSchema(route.response, 'output') } },
            },
    };
    if (route.params || route.query || route.body)
      responses['400'] = errorResponse('Invalid input');
    if (route.body) responses['413'] = errorResponse('Body larger than 1 MB');
    if (route.auth === 'user') responses['401'] = errorResponse('Not signed in');
    if (route.auth === 'nas') {
      responses['404'] = errorResponse('Wrong signing link, or the request is no longer open');
      responses['429'] = errorResponse('Too many wrong signing links from this address');
    }
    responses['500'] = errorResponse('Internal error');
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags ? [...route.tags] : [tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
      ...(route.auth === 'user'
        ? { security: [{ bearer: [] }] }
        : route.auth === 'optional'
          ? { security: [{}, { bearer: [] }] }
          : route.auth === 'nas'
            ? { security: [{ directSigner: [] }] }
            : { security: [] }),
    };
    paths[route.path] ??= {};
    const entry = paths[route.path];
    if (entry) entry[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'Signet API', version: info.version ?? '1.0.0' },
    servers: [{ url: info.serverUrl ?? '/api' }],
    paths,
    components: {
      schemas: { Error: toSchema(ZApiErrorSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        directSigner: {
          type: 'http',
          scheme: 'basic',
          description:
            'A direct signer: the request id as user name and the `userid` of the signing link `/view/{id}/{userid}` as password. Document downloads and page images also take `?token=` (the document token of the request read).',
        },
      },
    },
  };
}
