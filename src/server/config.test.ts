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
});
