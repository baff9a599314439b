/**
 * Latency at a fixed request rate, measured the way wrk2 does: requests are scheduled evenly
 * (open loop), sent over a pool of keep-alive connections, and each latency is counted from when
 * the request was due, not when it could be sent, so a server that falls behind is charged for the
 * queue it builds (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: each connection sends its whole quota for the second as fast
 * as it can and then waits for the next second, so the server sees a burst of `rate` requests at
 * the top of every second; and its coordinated-omission correction assumes a 1 ms interval, adding
 * synthetic samples for any answer slower than that. Both measure the generator, not the rate.
 *
 * Why raw sockets rather than `node:http`: the generator shares this 2-core machine with the
 * server, and an answer that arrives while its own event loop is stalled is counted late. With
 * `node:http` (a request, a response and their header objects per call, a timer per request) it
 * stalled 12–24 ms in every round of `bench:unseen`. Here the requests are written out before the
 * round starts, each connection reads its answers into one reused buffer, and one timer paces the
 * round, so a round allocates little beyond the latencies it records.
 */
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadResult } from './lib.ts';

export interface PacedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Bytes for an upload (a multipart body with files), text otherwise. */
  body?: string | Uint8Array;
}

export interface PacedOptions {
  rate: number;
  seconds: number;
  /** Keep-alive connections at most (requests wait for a free one, and that wait counts). */
  connections?: number;
  /** The request to send next: varied per call, so a mix of inputs is measured. */
  next: () => PacedRequest;
  timeoutMs?: number;
}

/** A request as it goes on the wire: its head, and its body (shared when the caller reuses one). */
interface Wire {
  head: Buffer;
  body: Uint8Array | null;
}

function toWire(request: PacedRequest, host: string): Wire {
  const body = request.body === undefined ? null : typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.byteLength}`);
  return { head: Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body };
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/**
 * Where the answer at the front of `buffer[0, length)` ends, and its status; null until all of it
 * has arrived. Reads what HTTP/1.1 keep-alive answers need: a content length, chunks, or neither
 * (a 204 or 304).
 */
export function answerEnd(buffer: Buffer, length: number): { end: number; status: number; close: boolean } | null {
  const headEnd = buffer.subarray(0, length).indexOf(CRLF_CRLF);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = head.includes('\r\nconnection: close');
  const bodyStart = headEnd + 4;
  const contentLength = /\r\ncontent-length: *(\d+)/.exec(head);
  if (contentLength) {
    const end = bodyStart + Number(contentLength[1]);
    return end <= length ? { end, status, close } : null;
  }
  if (!head.includes('\r\ntransfer-encoding: chunked')) return { end: bodyStart, status, close };
  // Chunks: a size in hex, CRLF, the bytes, CRLF; a size of 0 (and a blank line) ends them.
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.subarray(at, length).indexOf('\r\n');
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', at, at + lineEnd), 16);
    at += lineEnd + 2;
    if (size === 0) {
      const trailerEnd = buffer.subarray(at, length).indexOf('\r\n');
      return trailerEnd < 0 ? null : { end: at + trailerEnd + 2, status, close };
    }
    at += size + 2;
    if (at > length) return null;
  }
}

/** One keep-alive connection, one request at a time, answers read into a buffer it keeps. */
class Connection {
  #socket: net.Socket;
  #buffer = Buffer.allocUnsafe(64 * 1024);
  #length = 0;
  /** When the request in flight was due (performance.now()), or -1 while idle. */
  due = -1;
  sentAt = 0;

  readonly #port: number;
  readonly #host: string;
  readonly #onAnswer: (connection: Connection, status: number) => void;
  readonly #onError: (connection: Connection) => void;

  constructor(port: number, host: string, onAnswer: (connection: Connection, status: number) => void, onError: (connection: Connection) => void) {
    this.#port = port;
    this.#host = host;
    this.#onAnswer = onAnswer;
    this.#onError = onError;
    this.#socket = this.#connect();
  }

  #connect(): net.Socket {
    const socket = net.connect({ port: this.#port, host: this.#host, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (socket !== this.#socket) return;
      this.#length = 0;
      this.#socket = this.#connect();
      if (this.due >= 0) this.#onError(this);
    });
    return socket;
  }

  send(wire: Wire, due: number): void {
    this.due = due;
    this.sentAt = performance.now();
    this.#length = 0;
    this.#socket.cork();
    this.#socket.write(wire.head);
    if (wire.body) this.#socket.write(wire.body);
    this.#socket.uncork();
  }

  /** Gives up on the request in flight (a timeout): the connection is dropped and made again. */
  abandon(): void {
    this.#socket.destroy();
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = new net.Socket();
    socket.destroy();
  }

  #replace(): void {
    const socket = this.#socket;
    this.#socket = this.#connect();
    socket.destroy();
  }

  #read(chunk: Buffer): void {
    if (this.#length + chunk.length > this.#buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#length + chunk.length));
      this.#buffer.copy(grown, 0, 0, this.#length);
      this.#buffer = grown;
    }
    chunk.copy(this.#buffer, this.#length);
    this.#length += chunk.length;
    if (this.due < 0) return;
    const answer = answerEnd(this.#buffer, this.#length);
    if (!answer) return;
    this.#length = 0;
    // The server is closing this one: the next request goes over a new connection.
    if (answer.close) this.#replace();
    this.#onAnswer(this, answer.status);
  }
}

export async function pacedLoad(name: string, origin: string, options: PacedOptions): Promise<LoadResult> {
  const target = new URL(origin);
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Every request of the round, written out before it starts: making them is not the round's work.
  const wires: Wire[] = Array.from({ length: total }, () => toWire(options.next(), target.host));
  const latencies = new Float64Array(total);
  // How late each request left this process: a generator that falls behind is charged to the server.
  const lateness = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  let non2xx = 0;
  let settled = 0;
  let sent = 0;
  // Requests due while every connection is busy wait here, in order; that wait counts.
  const waiting: number[] = [];
  let waitingFrom = 0;
  const idle: Connection[] = [];
  // When the round starts: request n is due at start + n × interval.
  let start = 0;
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const settle = (connection: Connection) => {
    connection.due = -1;
    if (++settled === total) finish();
    else if (waitingFrom < waiting.length) dispatch(connection, waiting[waitingFrom++]!);
    else idle.push(connection);
  };
  const onAnswer = (connection: Connection, status: number) => {
    if (status >= 200 && status < 300) latencies[answered++] = performance.now() - connection.due;
    else non2xx++;
    settle(connection);
  };
  const onError = (connection: Connection) => {
    errors++;
    settle(connection);
  };
  const dispatch = (connection: Connection, index: number) => {
    const due = start + index * interval;
    lateness[index] = performance.now() - due;
    connection.send(wires[index]!, due);
  };
  const port = Number(target.port || 80);
  const pool = Array.from({ length: options.connections ?? 50 }, () => new Connection(port, target.hostname, onAnswer, onError));
  idle.push(...pool);
  // This process's own stalls (its collections, its sending): an answer that arrives during one is counted late.
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  start = performance.now();
  const tick = () => {
    const now = performance.now();
    // Timers fire a little late now and then: send everything already due, each timed from when it was due.
    while (sent < total && start + sent * interval <= now) {
      const index = sent++;
      const connection = idle.pop();
      if (connection) dispatch(connection, index);
      else waiting.push(index);
    }
    if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
  };
  tick();
  // One sweep for the round's timeouts rather than a timer per request.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const connection of pool) if (connection.due >= 0 && now - connection.sentAt > timeoutMs) connection.abandon();
  }, 250);
  await done;
  clearInterval(sweep);
  const elapsed = (performance.now() - start) / 1000;
  stalls.disable();
  for (const connection of pool) connection.close();
  const sorted = latencies.subarray(0, answered).toSorted();
  const percentile = (p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10 : 0);
  return {
    name,
    requestsPerSecond: Math.round(answered / elapsed),
    total: answered,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors,
    non2xx,
    sentLateP99: Math.round(lateness.toSorted()[Math.floor(total * 0.99)] ?? 0),
    generatorStallMaxMs: Math.round(stalls.max / 1e5) / 10,
  };
}
