/**
 * `npm run media:migrate`: copies the images under DATA_DIR/media (the local driver) into the configured S3 bucket
 * (MEDIA_STORAGE=s3 and the S3_* variables). Safe to run again: images already in the bucket are skipped. The
 * local files are left in place; remove them once the app runs on s3. Articles need no change: they keep /media/...
 * paths, which every driver serves (and MEDIA_PUBLIC_URL rewrites in pages).
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { copyMedia, createMediaStore, localMediaStore, mediaDir } from '../src/server/modules/media/media.store';

try {
  const config = loadConfig();
  if (config.media.driver !== 's3') {
    console.error('Set MEDIA_STORAGE=s3 and the S3_* variables (the destination) before moving media to S3.');
    process.exit(1);
  }
  const from = localMediaStore(mediaDir(config.dataDir));
  const to = createMediaStore(config.media);
  await to.check();
  console.log(`Copying ${from.dir} to s3://${config.media.bucket}/${config.media.prefix}`);
  const result = await copyMedia(from, to, (n) => {
    if (n % 100 === 0) console.log(`  ${n} files copied`);
  });
  console.log(
    `Done: ${result.files} files copied (${(result.bytes / 1024 / 1024).toFixed(1)} MB), ${result.skipped} already there.`,
  );
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
