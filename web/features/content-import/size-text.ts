/** A file's size as a person reads it: KB under a megabyte, else MB with one decimal. */
export const sizeText = (bytes: number | null) =>
  !bytes
    ? 'size unknown'
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
