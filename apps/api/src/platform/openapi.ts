import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SERVICES } from '@shop/contracts';
import type { ApiConfig } from '../config.ts';

const problemResponse = {
  description: 'A problem (RFC 9457) with a stable `code`',
  // Problem carries `.meta({ id })`, so the transform lists it under components.schemas.
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

/** OpenAPI 3.1 generated from the contracts, at /api/openapi.json and browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, config: ApiConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plumbline shop API',
        version: '0.1.0',
        description: 'Every call of the shop, one prefix per service. Errors are `application/problem+json` with a stable `code`.',
      },
      servers: [{ url: config.publicUrl }],
      tags: Object.entries(SERVICES).map(([name, service]) => ({ name, description: service.title })),
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { response?: Record<string, unknown> };
      if (schema?.response && !input.url.endsWith('*')) {
        schema.response = { ...schema.response, '4XX': problemResponse, '5XX': problemResponse };
      }
      return output;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
