/** TRUST_PROXY: a client cannot choose its own address by writing X-Forwarded-For. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ TRUST_PROXY: '1' }) });
});
afterAll(() => t.close());

it('keys rate limits on the address our one proxy saw, not on the left-most value the client wrote', async () => {
  const signUp = (i: number, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { fullName: 'قارئ', email: `reader-${i}@example.ly` },
    });
  // Ten sign-ups a minute per address: a new spoofed left-most value each time does not make a new address.
  for (let i = 0; i < 10; i++) expect((await signUp(i, `10.9.9.${i}, 198.51.100.7`)).statusCode).toBe(201);
  expect((await signUp(10, '10.9.9.99, 198.51.100.7')).statusCode).toBe(429);
  // A reader behind another address is not affected.
  expect((await signUp(11, '10.9.9.99, 198.51.100.8')).statusCode).toBe(201);
});
