import { z } from 'zod';
export { IMAGE_SIZES, type ImageSize, imageUrl } from './image-sizes';
export { IMAGE_TOO_BIG } from './messages';

// The largest image upload, and how long its upload authorization stays valid.
export const IMAGE_MAX_BYTES = 10_000_000;
export const UPLOAD_AUTH_TIMEOUT_MS = 60_000;
/** Media (audio, video, documents) may be larger than images. */
export const MEDIA_MAX_BYTES = 500 * 1024 * 1024;

/** GET api/image-upload-auth: the first step of an image upload, its signed authorization. */
export const ImageUploadAuthAnswer = z.object({ signature: z.string(), token: z.string(), expire: z.number().int() });

/** GET api/image-config: where the client uploads to and shows images from. */
export const ImageConfigAnswer = z.object({ urlEndpoint: z.string(), publicKey: z.string(), uploadUrl: z.string() });
export type ImageConfigAnswer = z.infer<typeof ImageConfigAnswer>;

export const ImageUploadAnswer = z.object({
  filePath: z.string(),
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
});

export const UploadAnswer = z.object({ url: z.string(), fileType: z.string(), contentType: z.string() });
export const SignedUrlAnswer = z.object({ signedUrl: z.string(), contentType: z.string() });
