import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config.ts';

/** FILES_* settings (README's settings table): a folder by default, a bucket when FILES_S3_BUCKET is set. */
describe('where uploaded files are kept', () => {
  it('is the folder files/ in DATA_DIR by default, or FILES_DIR', () => {
    expect(loadApiConfig({}).files).toEqual({ kind: 'local', dir: path.resolve('.data/files') });
    expect(loadApiConfig({ DATA_DIR: '/srv/shop' }).files).toEqual({ kind: 'local', dir: '/srv/shop/files' });
    expect(loadApiConfig({ FILES_DIR: '/mnt/uploads' }).files).toEqual({ kind: 'local', dir: '/mnt/uploads' });
  });

  it('is a bucket of Amazon S3 when only FILES_S3_BUCKET (and the region) is set, with the SDK finding credentials', () => {
    expect(loadApiConfig({ FILES_S3_BUCKET: 'plumbline-uploads', FILES_S3_REGION: 'eu-west-2' }).files).toEqual({
      kind: 's3',
      bucket: 'plumbline-uploads',
      endpoint: undefined,
      region: 'eu-west-2',
      forcePathStyle: false,
      prefix: '',
      credentials: undefined,
    });
  });

  it('is a bucket of another S3-compatible store by its address, path-style unless told otherwise', () => {
    const settings = {
      FILES_S3_BUCKET: 'uploads',
      FILES_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      FILES_S3_ACCESS_KEY_ID: 'shop',
      FILES_S3_SECRET_ACCESS_KEY: 'a-long-secret',
      FILES_S3_PREFIX: 'shop/documents/',
    };
    expect(loadApiConfig(settings).files).toEqual({
      kind: 's3',
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'shop/documents/',
      credentials: { accessKeyId: 'shop', secretAccessKey: 'a-long-secret' },
    });
    expect(loadApiConfig({ ...settings, FILES_S3_FORCE_PATH_STYLE: 'false' }).files).toMatchObject({ forcePathStyle: false });
  });

  it('stops start-up naming each wrong setting', () => {
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'Not_A_Bucket' })).toThrow(
      'FILES_S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    );
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /FILES_S3_ENDPOINT: must be the store's http:\/\/ or https:\/\/ address/,
    );
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_S3_REGION: 'EU West' })).toThrow(
      'FILES_S3_REGION: must be a region name, such as eu-west-2',
    );
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_S3_PREFIX: '/uploads' })).toThrow(/FILES_S3_PREFIX: must be folder names ending in a slash/);
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/FILES_S3_FORCE_PATH_STYLE/);
  });

  it('refuses settings that contradict each other', () => {
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_S3_ACCESS_KEY_ID: 'shop' })).toThrow(
      'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY are set together, or neither',
    );
    expect(() => loadApiConfig({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9000', FILES_S3_PREFIX: 'a/' })).toThrow(
      'FILES_S3_ENDPOINT, FILES_S3_PREFIX are set, so FILES_S3_BUCKET must be set too',
    );
    expect(() => loadApiConfig({ FILES_S3_BUCKET: 'uploads', FILES_DIR: '/mnt/uploads' })).toThrow('FILES_DIR and FILES_S3_BUCKET are both set');
  });
});
