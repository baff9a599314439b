import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config.ts';

describe('API configuration', () => {
  it('has a working default for every setting', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', demoData: true });
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/\.data$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadApiConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('fails at start-up naming the variable that is wrong', () => {
    expect(() => loadApiConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadApiConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });
});
