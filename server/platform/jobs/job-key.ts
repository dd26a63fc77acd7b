import { createHash } from 'node:crypto';

/**
 * The job id a key stands for: a UUID derived from the job name and key. pg-boss inserts jobs
 * with `ON CONFLICT DO NOTHING` on (name, id), so a second send with the same key finds the
 * first job's row and adds nothing, for as long as that row is in the job table (queued, running,
 * or finished within the archive window). pg-boss's own `singletonKey` deduplicates only under
 * the 'short'/'singleton'/'stately' queue policies or with throttling, each with other effects.
 */
export function jobIdForKey(name: string, key: string): string {
  const bytes = createHash('sha256').update(`${name}\n${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: a custom, name-based UUID (RFC 9562)
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
