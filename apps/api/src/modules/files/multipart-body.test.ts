import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createMultipartBodyParser } from './multipart-body.ts';

const parse = (chunks: Buffer[], limit: number, field: string) =>
  new Promise<Buffer>((resolve, reject) => {
    createMultipartBodyParser({ limit, field })(undefined, Readable.from(chunks), (error, body) => (error ? reject(error) : resolve(body!)));
  });

describe('createMultipartBodyParser', () => {
  it('gives the whole body as one Buffer when it is within the limit', async () => {
    const body = await parse([Buffer.from('abc'), Buffer.from('def')], 6, 'file');
    expect(body.toString()).toBe('abcdef');
  });

  it('refuses a body past the limit as FILE_TOO_LARGE for the field it is given', async () => {
    const error = await parse([Buffer.from('abc'), Buffer.from('defg')], 6, 'photos').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    expect((error as AppError).errors).toEqual([expect.objectContaining({ path: 'photos' })]);
  });
});
