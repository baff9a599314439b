import type { FastifyInstance, FastifyReply } from 'fastify';

/** Something an instance needs before it takes traffic: resolves when ready, rejects (or takes too long) when not. */
export interface ReadinessCheck {
  name: string;
  ready(): Promise<void>;
}

/** Whether an instance takes traffic: `drain()` (on SIGTERM) turns `/readyz` to 503 for good, while requests still run. */
export interface Readiness {
  readonly draining: boolean;
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** A check that has not answered by then fails this poll; it goes on, and a later poll may find it done (a catalogue loading). */
const CHECK_DEADLINE_MS = 2_000;

/** Probes bypass the rate limit, overload protection and the API docs: they say what state the instance is in, whatever it is. */
export const probeRouteOptions = {
  schema: { hide: true },
  config: { rateLimit: false as const, pressureHandler: () => undefined },
};

/**
 * `/livez`: the process answers (a failing one is restarted). `/readyz`: it should be sent traffic:
 * not draining, and every check passing (the API's: its database answers and its catalogue is
 * loaded; the storefront's alone has none, so a slow API tier does not take every web instance out
 * of rotation with it). Both under any host name, as probes ask by address (decision 0070).
 */
export function installProbes(app: FastifyInstance, checks: readonly ReadinessCheck[]): Readiness {
  let draining = false;
  const readiness: Readiness = {
    get draining() {
      return draining;
    },
    drain: () => void (draining = true),
  };
  app.decorate('readiness', readiness);
  const answer = (reply: FastifyReply, status: 200 | 503, body: object) =>
    reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
  app.get('/livez', probeRouteOptions, (_request, reply) => answer(reply, 200, { status: 'ok' }));
  app.get('/readyz', probeRouteOptions, async (_request, reply) => {
    if (draining) return answer(reply, 503, { status: 'draining' });
    const failing = (await Promise.all(checks.map(async (check) => ((await passes(check)) ? null : check.name)))).filter((name) => name !== null);
    return failing.length ? answer(reply, 503, { status: 'unready', failing }) : answer(reply, 200, { status: 'ready' });
  });
  return readiness;
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(resolve, CHECK_DEADLINE_MS, false)));
  try {
    return await Promise.race([check.ready().then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
