import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { startupBanner } from './banner';

/** A bucket nothing reads in these tests: the banner never calls S3, it only names the bucket. */
const s3 = { bucket: 'tend-uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true };

describe('the start-up banner after a switch to S3', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('warns, with the copy command, when uploads made before the switch are still on local disk', async () => {
    const storageDir = mkdtempSync(join(tmpdir(), 'tend-files-left-'));
    mkdirSync(join(storageDir, 'media', 'ab'), { recursive: true });
    writeFileSync(join(storageDir, 'media', 'ab', 'one.mp3'), 'x');
    writeFileSync(join(storageDir, 'media', 'ab', 'two.mp3'), 'x');
    // resized copies are made again on demand: not counted
    mkdirSync(join(storageDir, 'image-cache', 'w100'), { recursive: true });
    writeFileSync(join(storageDir, 'image-cache', 'w100', 'one.png'), 'x');
    test = await startTestApp({ s3, storageDir });

    const { warnings, fields } = await startupBanner(test.app);
    expect(fields.storage).toBe('S3 bucket tend-uploads');
    const warning = warnings.find((w) => w.includes('still on local disk'));
    expect(warning).toContain(`2 uploaded file(s) are still on local disk in ${storageDir}`);
    expect(warning).toContain(`aws s3 sync ${storageDir}/ s3://tend-uploads/ --exclude "image-cache/*"`);
  });

  it('says nothing when the local folder is empty or uploads stay on local disk', async () => {
    test = await startTestApp({ s3, storageDir: mkdtempSync(join(tmpdir(), 'tend-files-none-')) });
    expect((await startupBanner(test.app)).warnings.join('\n')).not.toContain('still on local disk');
    await test.close();

    const storageDir = mkdtempSync(join(tmpdir(), 'tend-files-local-'));
    writeFileSync(join(storageDir, 'one.mp3'), 'x');
    test = await startTestApp({ storageDir });
    expect((await startupBanner(test.app)).warnings.join('\n')).not.toContain('still on local disk');
  });
});
