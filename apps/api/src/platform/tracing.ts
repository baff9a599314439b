import { context, propagation, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry traces (decision 0070), off unless started: `OTEL_TRACES_EXPORTER=otlp` sends them
 * over OTLP/HTTP, to where the standard `OTEL_EXPORTER_OTLP_*` settings say (a local collector at
 * port 4318 by default); a test hands its own exporter. Off, nothing here runs per request: no hook
 * is installed and the wrappers hand back what they were given. One trace follows a page view from
 * the storefront's request through its API calls (`traceparent`, in process or over HTTP) to each
 * SQL statement and each payment gateway call. Only the API's own spans: no automatic
 * instrumentation of every library, whose patching costs each request more than the shop's work.
 */
let tracer: Tracer | null = null;
let provider: TracerProvider | null = null;

export async function startTracing(settings: { exporter: 'none' | 'otlp'; serviceName?: string } | { spanExporter: SpanExporter }): Promise<void> {
  if (tracer) return;
  let processor;
  if ('spanExporter' in settings) processor = new SimpleSpanProcessor({ exporter: settings.spanExporter });
  else if (settings.exporter === 'otlp') {
    // Loaded only when asked for: the exporter brings protobuf encoders a shop without traces never needs.
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  } else return;
  provider = new TracerProvider({ spanProcessors: [processor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = trace.getTracer('plumbline');
}

/** Sends the spans still held (on shutdown) and stops tracing. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
  provider = null;
  tracer = null;
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracingEnabled = (): boolean => tracer !== null;

declare module 'fastify' {
  interface FastifyRequest {
    span: Span | null;
  }
}

/**
 * A server span per request, named by its route's pattern, child of the caller's (`traceparent`),
 * and the rest of the request run in its context, so what it calls (SQL, the gateway, the API from a
 * page's loaders) is traced under it.
 */
export function traceRequests(app: FastifyInstance): void {
  const active = tracer;
  if (!active) return;
  app.decorateRequest('span', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const span = active.startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': request.routeOptions.url ?? '', 'shop.request_id': String(request.id) },
      },
      parent,
    );
    request.span = span;
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const span = request.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** `headers` with the active trace's `traceparent` added (the web tier's calls to the API); as given when tracing is off. */
export function withTraceContext(headers: Record<string, string>): Record<string, string> {
  if (!tracer) return headers;
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * Runs `work` in a span of its own under the active one (a SQL statement, a gateway call), ended when
 * its promise settles, or at once when it answers synchronously; just `work` when tracing is off.
 */
export function traced<T>(name: string, kind: SpanKind, attributes: Record<string, string>, work: () => T): T {
  const active = tracer;
  if (!active) return work();
  const span = active.startSpan(name, { kind, attributes });
  const failed = (error: unknown) => {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    span.end();
    return error;
  };
  let result: T;
  try {
    result = context.with(trace.setSpan(context.active(), span), work);
  } catch (error) {
    throw failed(error);
  }
  if (!(result instanceof Promise)) {
    span.end();
    return result;
  }
  return result.then(
    (value: unknown) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      throw failed(error);
    },
  ) as T;
}

/** `target` with each of its methods traced as `<prefix>.<method>` (a payment gateway's calls); `target` itself when tracing is off. */
export function tracedMethods<T extends object>(target: T, prefix: string, attributes: Record<string, string>): T {
  if (!tracer) return target;
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) =>
        traced(`${prefix}.${property}`, SpanKind.CLIENT, attributes, () => (value as (...a: unknown[]) => unknown).apply(object, args));
    },
  });
}

export { SpanKind };
/** Keeps finished spans in memory: for tests that read a trace (`startTracing({ spanExporter })`). */
export { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
