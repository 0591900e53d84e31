/**
 * Where image files live, behind one interface with two drivers:
 * - `local` (the default): <DATA_DIR>/media/<id>/<file>. One image's files are written to a temporary folder and
 *   renamed into place, so a crash leaves no half-written image.
 * - `s3`: any S3-compatible service (AWS S3, Cloudflare R2, MinIO, Ceph) through the AWS SDK v3, keys
 *   [S3_PREFIX]<id>/<file>. An image whose files cannot all be written has the ones written removed again.
 * Files are immutable once written (a new upload is a new id), so they are served and cached for a year.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { MEDIA_ID } from '../../../shared/media-blocks';

/** One file of an image: `400.webp`, `og.jpg`. */
export interface MediaFile {
  name: string;
  body: Buffer;
  contentType: string;
}

export interface MediaObject {
  body: Readable;
  contentType: string;
  length: number | undefined;
  etag: string | undefined;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Writes every file of one image, all or none. */
  putImage(id: string, files: readonly MediaFile[]): Promise<void>;
  /**
   * Adds one file to an image already stored (a share image cropped around a newly chosen focal point: a new name,
   * so a file once written still never changes).
   */
  putFile(id: string, file: MediaFile): Promise<void>;
  /** Whether an image's file exists (the demo seed skips images already made). */
  has(id: string, name: string): Promise<boolean>;
  /** One file for streaming, or undefined if there is none. */
  get(id: string, name: string): Promise<MediaObject | undefined>;
  /** One file's size in bytes, or undefined if there is none (RSS enclosures state it). */
  size(id: string, name: string): Promise<number | undefined>;
  /** Removes every file of an image (nothing to do if there is none). */
  deleteImage(id: string): Promise<void>;
  /** Every stored file, as `<id>/<name>` with its size (moving media between drivers, backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Throws if the storage cannot be reached (readiness). */
  check(): Promise<void>;
  /** The local folder the `local` driver keeps files in (undefined for `s3`). */
  readonly dir?: string;
}

/** Where the `local` driver keeps images: DATA_DIR/media. */
export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export const contentTypeOf = (name: string): string =>
  (CONTENT_TYPES as Record<string, string>)[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
/** An image id and one of its file names; anything else is never a key (no path or key can be smuggled in). */
export { MEDIA_ID };
export const MEDIA_FILE = /^(\d{1,5}\.webp|og(-\d{1,3}-\d{1,3})?\.jpg)$/;

function checkName(id: string, name?: string): void {
  if (!MEDIA_ID.test(id) || (name !== undefined && !MEDIA_FILE.test(name)))
    throw new Error(`bad media key ${id}/${name}`);
}

export function localMediaStore(dir: string): MediaStore {
  fs.mkdirSync(dir, { recursive: true });
  return {
    kind: 'local',
    dir,
    async putImage(id, files) {
      checkName(id);
      const finalDir = path.join(dir, id);
      const tmpDir = `${finalDir}.tmp-${process.pid}`;
      await fsp.rm(tmpDir, { recursive: true, force: true });
      await fsp.mkdir(tmpDir, { recursive: true });
      try {
        for (const f of files) {
          checkName(id, f.name);
          await fsp.writeFile(path.join(tmpDir, f.name), f.body);
        }
        await fsp.rm(finalDir, { recursive: true, force: true });
        await fsp.rename(tmpDir, finalDir);
      } catch (err) {
        await fsp.rm(tmpDir, { recursive: true, force: true });
        throw err;
      }
    },
    async putFile(id, file) {
      checkName(id, file.name);
      const target = path.join(dir, id, file.name);
      const tmp = `${target}.tmp-${process.pid}`;
      try {
        await fsp.writeFile(tmp, file.body);
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async has(id, name) {
      checkName(id, name);
      return fs.existsSync(path.join(dir, id, name));
    },
    async get(id, name) {
      checkName(id, name);
      const file = path.join(dir, id, name);
      try {
        const stat = await fsp.stat(file);
        return {
          body: fs.createReadStream(file),
          contentType: contentTypeOf(name),
          length: stat.size,
          etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
        };
      } catch {
        return undefined;
      }
    },
    async size(id, name) {
      checkName(id, name);
      try {
        return (await fsp.stat(path.join(dir, id, name))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async deleteImage(id) {
      checkName(id);
      await fsp.rm(path.join(dir, id), { recursive: true, force: true });
    },
    async *list() {
      for (const id of (await fsp.readdir(dir)).sort()) {
        if (!MEDIA_ID.test(id)) continue; // temporary folders of unfinished writes, strays
        for (const name of (await fsp.readdir(path.join(dir, id))).sort()) {
          if (!MEDIA_FILE.test(name)) continue;
          yield { key: `${id}/${name}`, size: (await fsp.stat(path.join(dir, id, name))).size };
        }
      }
    },
    async check() {
      await fsp.access(dir, fs.constants.W_OK);
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key): MinIO, Ceph and most self-hosted services want them. */
  forcePathStyle: boolean;
  /** Prepended to every key (e.g. `media/`), so one bucket can hold other things too. */
  prefix: string;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
};

/**
 * The AWS SDK is loaded on first use: hundreds of modules that a server on the local driver never needs, and that
 * would add a quarter of a second to every start (and restart after a crash).
 */
let sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/** An AWS SDK client for the configured S3-compatible service (loaded on first use), for media and backups alike. */
export async function connectS3(options: S3Options) {
  const s3 = await loadSdk();
  const client = new s3.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Without keys, the SDK's own chain (environment, instance role, ~/.aws) provides them.
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Only the checksums the service asks for: several S3-compatible services refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A stalled service fails a request within seconds instead of holding it (and a socket) for ever.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
  });
  return { s3, client };
}

export function s3MediaStore(options: S3Options): MediaStore {
  let made: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () => (made ??= connectS3(options));
  const Bucket = options.bucket;
  const key = (id: string, name: string) => `${options.prefix}${id}/${name}`;

  async function keysOf(id: string): Promise<string[]> {
    const { client, s3 } = await connect();
    const out: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket, Prefix: `${options.prefix}${id}/`, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out;
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    const { client, s3 } = await connect();
    for (let i = 0; i < keys.length; i += 1000) {
      const res = await client.send(
        new s3.DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) throw new Error(`could not delete ${res.Errors.length} media objects`);
    }
  }

  return {
    kind: 's3',
    async putImage(id, files) {
      checkName(id);
      const { client, s3 } = await connect();
      const written: string[] = [];
      try {
        for (const f of files) {
          checkName(id, f.name);
          const Key = key(id, f.name);
          await client.send(
            new s3.PutObjectCommand({
              Bucket,
              Key,
              Body: f.body,
              ContentType: f.contentType,
              ContentLength: f.body.length,
              CacheControl: 'public, max-age=31536000, immutable',
            }),
          );
          written.push(Key);
        }
      } catch (err) {
        await deleteKeys(written).catch(() => {}); // all or none; a failed clean-up leaves only unreferenced files
        throw err;
      }
    },
    async putFile(id, f) {
      checkName(id, f.name);
      const { client, s3 } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: key(id, f.name),
          Body: f.body,
          ContentType: f.contentType,
          ContentLength: f.body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async has(id, name) {
      checkName(id, name);
      const { client, s3 } = await connect();
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key(id, name) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async size(id, name) {
      checkName(id, name);
      const { client, s3 } = await connect();
      try {
        return (await client.send(new s3.HeadObjectCommand({ Bucket, Key: key(id, name) }))).ContentLength;
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async get(id, name) {
      checkName(id, name);
      const { client, s3 } = await connect();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key(id, name) }));
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? contentTypeOf(name),
          length: res.ContentLength,
          etag: res.ETag,
        };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async deleteImage(id) {
      checkName(id);
      await deleteKeys(await keysOf(id));
    },
    async *list() {
      const { client, s3 } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: options.prefix, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          const k = o.Key?.slice(options.prefix.length) ?? '';
          const [id, name, ...rest] = k.split('/');
          if (rest.length === 0 && id && name && MEDIA_ID.test(id) && MEDIA_FILE.test(name))
            yield { key: k, size: o.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      const { client, s3 } = await connect();
      await client.send(new s3.HeadBucketCommand({ Bucket }));
    },
  };
}

export type MediaStorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Options);

export function createMediaStore(config: MediaStorageConfig): MediaStore {
  return config.driver === 's3' ? s3MediaStore(config) : localMediaStore(config.dir);
}

/** Copies every file of `from` that `to` lacks (media:migrate); returns how many files and bytes were copied. */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  progress?: (copied: number) => void,
): Promise<{ files: number; bytes: number; skipped: number }> {
  const byImage = new Map<string, string[]>();
  for await (const { key } of from.list()) {
    const [id, name] = key.split('/') as [string, string];
    byImage.set(id, [...(byImage.get(id) ?? []), name]);
  }
  let files = 0;
  let bytes = 0;
  let skipped = 0;
  for (const [id, names] of byImage) {
    const present = await Promise.all(names.map((n) => to.has(id, n)));
    if (present.every(Boolean)) {
      skipped += names.length;
      continue;
    }
    const read: MediaFile[] = [];
    for (const name of names) {
      const obj = await from.get(id, name);
      if (!obj) continue;
      const chunks: Buffer[] = [];
      for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
      read.push({ name, body: Buffer.concat(chunks), contentType: contentTypeOf(name) });
    }
    await to.putImage(id, read);
    files += read.length;
    bytes += read.reduce((n, f) => n + f.body.length, 0);
    progress?.(files);
  }
  return { files, bytes, skipped };
}
