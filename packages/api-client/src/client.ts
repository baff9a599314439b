// Only zod-free modules at runtime: the browser bundle must not carry the contracts' schemas.
import { fillPath, type EndpointDefinition, type RequestInput, type ResponseOf, type ServiceEndpoints } from '@shop/contracts/endpoint';

/**
 * A failed request: holds the HTTP status and the response data, or the error message when there
 * is no data (spec §8). `status` is 0 when no response arrived at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
  /** The problem+json `code`, when the server sent one. */
  get code(): string | undefined {
    const data = this.data as { code?: unknown } | null;
    return data && typeof data === 'object' && typeof data.code === 'string' ? data.code : undefined;
  }
}

export interface ClientOptions {
  /** The service's base address, e.g. `https://shop.example/api/basket`. Required. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Headers sent with every call, e.g. a static API key. */
  headers?: Record<string, string>;
  /** Called before each request; its token is sent as `Authorization: Bearer …`. */
  getAccessToken?: () => string | undefined | Promise<string | undefined>;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type IsOptional<E extends EndpointDefinition> = E['params'] extends object ? false : E['body'] extends object ? false : true;

type ClientMethod<E extends EndpointDefinition> =
  IsOptional<E> extends true
    ? (input?: RequestInput<E>, options?: CallOptions) => Promise<ResponseOf<E>>
    : (input: RequestInput<E>, options?: CallOptions) => Promise<ResponseOf<E>>;

export type ServiceClient<S extends ServiceEndpoints> = { [K in keyof S]: ClientMethod<S[K]> };

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** No answer arrived (or not whole): status 0, with the reason as the message. */
function noAnswer(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, message, message);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** What a client needs of an endpoint at runtime: its method and path (`routes.generated.ts`). */
export type EndpointRoute = readonly [method: string, path: string];
export type ServiceRoutes<S extends ServiceEndpoints> = { readonly [K in keyof S]: EndpointRoute };

/**
 * Builds one typed method per endpoint of a service: types from the declarations (`S`), requests
 * from their routes, so a client holds no schemas.
 */
export function createServiceClient<S extends ServiceEndpoints>(routes: ServiceRoutes<S>, options: ClientOptions): ServiceClient<S> {
  if (!options?.baseUrl) throw new Error('baseUrl is required');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;

  const call = async (
    [method, path]: EndpointRoute,
    input: { params?: unknown; query?: unknown; body?: unknown } = {},
    callOptions: CallOptions = {},
  ): Promise<unknown> => {
    const url = baseUrl + fillPath(path, input.params as Record<string, unknown>) + buildQuery(input.query as Record<string, unknown>);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = await options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    Object.assign(headers, callOptions.headers);

    let body: BodyInit | undefined;
    if (input.body !== undefined) {
      if (input.body instanceof FormData) body = input.body;
      else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input.body);
      }
    }

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal: callOptions.signal });
    } catch (error) {
      throw noAnswer(error);
    }
    let data: unknown;
    try {
      data = await readBody(response);
    } catch (error) {
      // A success whose body never arrived whole (the page navigated away, the connection dropped)
      // is no answer at all: resolving it as `undefined` would read as "nothing there".
      if (response.ok) throw noAnswer(error);
    }
    if (!response.ok) {
      const detail = (data as { detail?: unknown } | undefined)?.detail;
      const message = typeof detail === 'string' ? detail : `${response.status} ${response.statusText}`;
      throw new ApiError(response.status, data ?? message, message);
    }
    return data;
  };

  // A method is made when first asked for: the storefront makes a client per page and call, of services with dozens of
  // endpoints, and making every method each time was a hundredth of a page's CPU (issue 36).
  const methods = new Map<string, (input?: never, callOptions?: CallOptions) => Promise<unknown>>();
  return new Proxy({} as ServiceClient<S>, {
    get(_client, name) {
      if (typeof name !== 'string' || !Object.hasOwn(routes, name)) return undefined;
      let method = methods.get(name);
      if (!method) {
        const route = (routes as Record<string, EndpointRoute>)[name]!;
        method = (input?: never, callOptions?: CallOptions) => call(route, input, callOptions);
        methods.set(name, method);
      }
      return method;
    },
  });
}

/** The routes of declared endpoints, computed at runtime (tools and tests; browsers use `routes.generated.ts`). */
export function routesOf<S extends ServiceEndpoints>(endpoints: S): ServiceRoutes<S> {
  return Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, [endpoint.method, endpoint.path] as const])) as ServiceRoutes<S>;
}

/** A client straight from endpoint declarations, for code that has the schemas anyway (tests, tools). */
export const createClientFromEndpoints = <S extends ServiceEndpoints>(endpoints: S, options: ClientOptions): ServiceClient<S> =>
  createServiceClient<S>(routesOf(endpoints), options);
