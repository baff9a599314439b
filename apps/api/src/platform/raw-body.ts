import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PlatformErrors } from './errors.ts';

/**
 * Routes whose JSON bodies are also kept as the exact text sent (a webhook's signature covers those
 * bytes, not the parsed JSON): `register` binds them in a scope of their own, reading the text with `rawBodyOf`.
 */
export async function withRawJsonBodies(
  app: FastifyInstance,
  bodyLimit: number,
  register: (scope: FastifyInstance, rawBodyOf: (request: FastifyRequest) => string) => void,
): Promise<void> {
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
      rawBodies.set(request, String(body));
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(PlatformErrors.malformedBody('The request body is not valid JSON.'), undefined);
      }
    });
    register(scope, (request) => rawBodies.get(request) ?? '');
  });
}
