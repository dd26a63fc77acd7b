import { describe, expect, it } from 'vitest';
import {
  VISITOR,
  dataCacheKey,
  fileKeyOfSignedUrlCall,
  fileKeyOfUrl,
  isOfflineRead,
  mediaCacheKey,
  memberOf,
  savedFileUrl,
} from './offline-keys';

const SITE = 'https://tend.example';
const KEY = '3f2b9c1e-8d4a-4b6f-9e21-0c5d7a1b2e3f.wav';

describe('the key of a saved media file', () => {
  it('is the same for every signature of the same file: Tend’s own, renewed, or an S3 URL', () => {
    const urls = [
      `${SITE}/api/files/${KEY}?exp=1765000000&sig=abcdefghijklmnop`,
      `${SITE}/api/files/${KEY}?exp=1765003600&sig=qrstuvwxyz012345`,
      `${SITE}/api/files/${KEY}`,
      `https://bucket.s3.eu-west-1.amazonaws.com/media/${KEY}?X-Amz-Date=20261207T080000Z&X-Amz-Expires=3600&X-Amz-Signature=ff`,
      `https://minio.example:9000/tend-bucket/media/${KEY}?X-Amz-Date=20261207T090000Z&X-Amz-Signature=00`,
    ];
    const keys = urls.map((url) => fileKeyOfUrl(new URL(url), SITE));
    expect(new Set(keys)).toEqual(new Set([KEY]));
    expect(mediaCacheKey(KEY)).toBe(`/offline-media/${KEY}`);
  });

  it('finds the saved copy through the link the worker hands out offline', () => {
    expect(fileKeyOfUrl(new URL(savedFileUrl(KEY), SITE), SITE)).toBe(KEY);
  });

  it('names nothing for URLs that are not an upload', () => {
    for (const url of [
      `${SITE}/api/files/../secrets?exp=1&sig=x`,
      `${SITE}/api/files/not-a-key.wav`,
      `${SITE}/images/${KEY}`,
      `${SITE}/api/app/content`,
      `https://elsewhere.example/api/files/${KEY}`, // Tend's own path on another site
      `${SITE}/api/files/%E0%A4%A`, // a broken escape
    ]) {
      expect(fileKeyOfUrl(new URL(url), SITE), url).toBeUndefined();
    }
  });

  it('reads the key a signed-URL call asks about', () => {
    expect(fileKeyOfSignedUrlCall(`/api/app/get-signed-url/${KEY}`)).toBe(KEY);
    expect(fileKeyOfSignedUrlCall(`/api/app/get-signed-url/${encodeURIComponent(KEY)}`)).toBe(KEY);
    expect(fileKeyOfSignedUrlCall('/api/app/get-signed-url/whatever')).toBeUndefined();
    expect(fileKeyOfSignedUrlCall(`/api/app/content/${KEY}`)).toBeUndefined();
  });
});

describe('the key of a kept answer', () => {
  it('belongs to one member: the same call for two members is two keys', async () => {
    const ada = await memberOf('Bearer token-of-ada');
    const ben = await memberOf('Bearer token-of-ben');
    expect(ada).not.toBe(ben);
    expect(ada).toMatch(/^[0-9a-f]{32}$/);
    expect(await memberOf('Bearer token-of-ada')).toBe(ada);
    expect(dataCacheKey(`${SITE}/api/app/content`, ada)).not.toBe(dataCacheKey(`${SITE}/api/app/content`, ben));
    // the token itself is not in the key
    expect(dataCacheKey(`${SITE}/api/app/content`, ada)).not.toContain('token-of-ada');
  });

  it('is a visitor’s without a bearer token', async () => {
    expect(await memberOf(null)).toBe(VISITOR);
    expect(await memberOf('Bearer ')).toBe(VISITOR);
    expect(await memberOf('Basic dXNlcg==')).toBe(VISITOR);
  });

  it('ignores whoami’s time zone and the order of the query’s parameters, and names no host', () => {
    const member = 'abc';
    expect(dataCacheKey(`${SITE}/api/auth/whoami?tz=Europe%2FLondon`, member)).toBe(
      dataCacheKey(`${SITE}/api/auth/whoami?tz=America%2FNew_York`, member),
    );
    expect(dataCacheKey(`${SITE}/api/app/content-history?limit=24&favourites=true`, member)).toBe(
      dataCacheKey(`${SITE}/api/app/content-history?favourites=true&limit=24`, member),
    );
    expect(dataCacheKey(`${SITE}/api/app/content-history?limit=24`, member)).not.toBe(
      dataCacheKey(`${SITE}/api/app/content-history?limit=12`, member),
    );
    expect(dataCacheKey(`${SITE}/api/app/content`, member)).toBe('/api/app/content?offline-member=abc');
  });

  it('is kept for the calls today’s practice and the shell make, and no write or other read', () => {
    for (const path of ['/api/auth/whoami', '/api/app/content', '/api/app/content-history', '/api/site']) {
      expect(isOfflineRead(path), path).toBe(true);
    }
    for (const path of [
      '/api/app/complete-content/3f2b9c1e-8d4a-4b6f-9e21-0c5d7a1b2e3f',
      '/api/app/messages',
      '/api/admin/users',
      '/api/app/get-signed-url/x.wav',
      '/api/app/content/extra',
    ]) {
      expect(isOfflineRead(path), path).toBe(false);
    }
  });
});
