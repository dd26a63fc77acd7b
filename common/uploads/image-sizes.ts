// Image widths and URLs, apart from the schemas: the logo on every page loads no zod.

/** xs = width 100, sm = width 600. */
export const IMAGE_SIZES = { xs: 100, sm: 600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** An image URL for a stored path (no leading slash), optionally resized. */
export function imageUrl(urlEndpoint: string, path: string, size?: ImageSize) {
  const base = `${urlEndpoint.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  return size ? `${base}?tr=w-${IMAGE_SIZES[size]}` : base;
}
