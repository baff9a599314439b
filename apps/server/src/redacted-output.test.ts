import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactWrites } from './redacted-output.ts';

/** A stream that keeps what reaches it, redacted as the shop's process output is. */
function redactedStream() {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      done();
    },
  });
  redactWrites(stream);
  return { stream, written };
}

describe('redactWrites', () => {
  it('masks addresses and tokens in text and in bytes, keeping the callback', async () => {
    const { stream, written } = redactedStream();
    // As React Router reports a failed action and the storefront a failed page.
    stream.write('[web] POST /track-order failed: no order for jo.bloggs@example.com\n');
    stream.write(Buffer.from('[web] GET /help/reply/Xq3vT9bL0pRk7sWm2yHcZa1d failed\n'), 'utf8');
    await new Promise<void>((resolve) => stream.write('GET /newsletter/confirm?token=abc\n', 'utf8', () => resolve()));
    expect(written).toEqual([
      '[web] POST /track-order failed: no order for j***@example.com\n',
      '[web] GET /help/reply/[redacted] failed\n',
      'GET /newsletter/confirm?token=[redacted]\n',
    ]);
  });
});
