import { isIP } from 'node:net';

/**
 * Whether the server may POST to a push endpoint a browser handed in. The server makes requests
 * to it, so only what a browser's push service looks like is accepted: https, a DNS name (no IP
 * address, no localhost or local names) and the default port, which keeps a member from pointing
 * the server at its own network. Tests run a push service on the loopback over plain http
 * (`loopback`).
 */
export function isSendableEndpoint(endpoint: string, options: { loopback?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.loopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|lan|home|arpa)$/.test(host)) return false;
  return true;
}
