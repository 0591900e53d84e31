/**
 * Where scheduled archives go: BACKUP_DIR on this machine, or, when media are on S3 (several machines share nothing
 * else), the media bucket under `backups/`. An archive is always written whole to BACKUP_DIR first (aside, then
 * renamed: see ops/backup/write.ts); the bucket then gets it in one upload and the local copy goes.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { connectS3, type MediaStorageConfig, type S3Options } from '../media/media.store';

export interface BackupTarget {
  readonly kind: 'dir' | 's3';
  /** The folder archives are written to first. */
  readonly dir: string;
  /** Puts a finished archive (a file in `dir`) in its place; returns where it is now. */
  keep(file: string): Promise<string>;
  /** Removes an archive kept earlier (a missing one is already gone). */
  remove(location: string): Promise<void>;
}

export const S3_BACKUP_PREFIX = 'backups/';

export function dirTarget(dir: string): BackupTarget {
  return {
    kind: 'dir',
    dir,
    keep: async (file) => file,
    async remove(location) {
      // Only archives in BACKUP_DIR named as this app names them: a location never points anywhere else.
      if (path.dirname(location) !== dir || !/^sahifa-[\dTZ-]+\.tar\.gz$/.test(path.basename(location))) return;
      await fs.rm(location, { force: true });
    },
  };
}

export function s3Target(options: S3Options, dir: string): BackupTarget {
  const prefix = `s3://${options.bucket}/`;
  return {
    kind: 's3',
    dir,
    async keep(file) {
      const { s3, client } = await connectS3(options);
      const Key = `${S3_BACKUP_PREFIX}${path.basename(file)}`;
      const { size } = await fs.stat(file);
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: 'application/gzip',
          }),
        );
      } finally {
        client.destroy();
      }
      await fs.rm(file, { force: true });
      return `${prefix}${Key}`;
    },
    async remove(location) {
      if (!location.startsWith(`${prefix}${S3_BACKUP_PREFIX}`)) return;
      const { s3, client } = await connectS3(options);
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: location.slice(prefix.length) }));
      } finally {
        client.destroy();
      }
    },
  };
}

export function backupTarget(media: MediaStorageConfig, dir: string): BackupTarget {
  return media.driver === 's3' ? s3Target(media, dir) : dirTarget(dir);
}
