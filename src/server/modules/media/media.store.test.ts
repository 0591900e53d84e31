/**
 * The two media drivers keep one contract, checked against real storage: a folder, and an S3-protocol server
 * (s3rver) through the AWS SDK. Moving media from local to s3 copies every file once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { copyMedia, localMediaStore, s3MediaStore, type MediaFile, type MediaStore } from './media.store';

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-media-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const files = (tag: string): MediaFile[] => [
  { name: '400.webp', body: Buffer.from(`small ${tag}`), contentType: 'image/webp' },
  { name: '1200.webp', body: Buffer.from(`large ${tag}`), contentType: 'image/webp' },
  { name: 'og.jpg', body: Buffer.from(`share ${tag}`), contentType: 'image/jpeg' },
];
const read = async (store: MediaStore, id: string, name: string) => {
  const obj = await store.get(id, name);
  if (!obj) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
  return { type: obj.contentType, text: Buffer.concat(chunks).toString() };
};
const listed = async (store: MediaStore) => {
  const out: string[] = [];
  for await (const f of store.list()) out.push(`${f.key}:${f.size}`);
  return out.sort();
};

describe.each([
  ['local', () => localMediaStore(tempDir())],
  ['s3', () => s3MediaStore({ ...s3.options, prefix: `run-${randomUUID()}/` })],
] as const)('the %s driver', (_name, make) => {
  it('writes, reads, lists and deletes an image', async () => {
    const store = make();
    await store.check();
    const id = randomUUID();
    expect(await store.has(id, 'og.jpg')).toBe(false);
    expect(await store.get(id, '400.webp')).toBeUndefined();
    await store.putImage(id, files('a'));
    expect(await store.has(id, 'og.jpg')).toBe(true);
    expect(await read(store, id, '1200.webp')).toEqual({ type: 'image/webp', text: 'large a' });
    expect(await read(store, id, 'og.jpg')).toEqual({ type: 'image/jpeg', text: 'share a' });
    const other = randomUUID();
    await store.putImage(other, files('bb'));
    expect(await listed(store)).toEqual(
      [
        `${id}/1200.webp:7`,
        `${id}/400.webp:7`,
        `${id}/og.jpg:7`,
        `${other}/1200.webp:8`,
        `${other}/400.webp:8`,
        `${other}/og.jpg:8`,
      ].sort(),
    );
    await store.deleteImage(id);
    expect(await store.has(id, '400.webp')).toBe(false);
    expect(await listed(store)).toHaveLength(3);
    await store.deleteImage(id); // nothing left: still fine
  });

  it('never takes a key from outside its own pattern', async () => {
    const store = make();
    await expect(store.get('../../etc', 'passwd')).rejects.toThrow();
    await expect(
      store.putImage(randomUUID(), [{ name: '../x', body: Buffer.from(''), contentType: '' }]),
    ).rejects.toThrow();
    expect(await listed(store)).toEqual([]);
  });
});

it('an s3 write that cannot finish leaves nothing behind, and an unreachable bucket fails its check', async () => {
  const missing = s3MediaStore({ ...s3.options, bucket: 'no-such-bucket' });
  await expect(missing.check()).rejects.toThrow();
  await expect(missing.putImage(randomUUID(), files('x'))).rejects.toThrow();
  // A bad second file stops the write after the first went in: that first file is removed again.
  const store = s3MediaStore({ ...s3.options, prefix: `partial-${randomUUID()}/` });
  const id = randomUUID();
  await expect(
    store.putImage(id, [files('p')[0]!, { name: 'evil.svg', body: Buffer.from('<svg/>'), contentType: 'image/svg' }]),
  ).rejects.toThrow();
  expect(await listed(store)).toEqual([]);
});

it('moves local media to s3: every file once, a second run copies nothing', async () => {
  const local = localMediaStore(tempDir());
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  for (const [i, id] of ids.entries()) await local.putImage(id, files(String(i)));
  const remote = s3MediaStore({ ...s3.options, prefix: `moved-${randomUUID()}/` });
  expect(await copyMedia(local, remote)).toEqual({ files: 9, bytes: 63, skipped: 0 });
  expect(await listed(remote)).toEqual(await listed(local));
  for (const id of ids) expect(await read(remote, id, 'og.jpg')).toEqual(await read(local, id, 'og.jpg'));
  expect(await copyMedia(local, remote)).toEqual({ files: 0, bytes: 0, skipped: 9 });
});
