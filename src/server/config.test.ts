import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      seedDemo: true,
      databaseUrl: undefined,
      weather: { baseUrl: 'https://api.open-meteo.com' },
    });
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('wants the admin name and password together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'editor1' })).toThrow(/together/);
    expect(loadConfig({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'long-enough' }).admin).toEqual({
      username: 'chief',
      password: 'long-enough',
    });
  });

  it('refuses to start in production without PUBLIC_URL, so no page ever names a Host a request claimed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://sahifa.ly/' }).publicUrl).toBe(
      'https://sahifa.ly',
    );
    expect(loadConfig({}).publicUrl).toBeUndefined(); // development may run without it
  });

  it('trusts a number of proxy hops or the proxies named, never every X-Forwarded-For value', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
