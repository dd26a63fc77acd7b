import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pngImage, wavTone } from '../../../../scripts/media-fixtures';

/**
 * A podcast on the loopback for tests: `count` episodes, each a short real WAV, dated one day
 * apart and listed newest first (as feeds are), with channel artwork.
 */
export async function startFeedServer(opts: { count: number; delayMs?: number; title?: string }) {
  const art = await pngImage(64, 64, 30);
  const episodes = Array.from({ length: opts.count }, (_, i) => ({
    n: i + 1,
    bytes: wavTone(0.2, 220 + i * 5),
    date: new Date(Date.UTC(2024, 0, 1 + i, 6)),
  }));
  let requests = 0;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/feed.xml') {
      const items = [...episodes]
        .reverse()
        .map(
          (e) => `<item><title>Episode ${e.n}</title><guid>ep-${e.n}</guid>
<description>&lt;p&gt;Notes for episode ${e.n}&lt;/p&gt;</description>
<pubDate>${e.date.toUTCString()}</pubDate><itunes:duration>0:01</itunes:duration>
<enclosure url="${base}/ep/${e.n}.wav" type="audio/wav" length="${e.bytes.length}"/></item>`,
        )
        .join('\n');
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<title>${opts.title ?? 'Morning Sits'}</title><itunes:image href="${base}/art.png"/>
${items}</channel></rss>`);
    }
    if (url.pathname === '/art.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(art);
    }
    const m = /^\/ep\/(\d+)\.wav$/.exec(url.pathname);
    const episode = m && episodes[Number(m[1]) - 1];
    if (episode) {
      requests++;
      if (opts.delayMs) await sleep(opts.delayMs);
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': episode.bytes.length });
      return res.end(episode.bytes);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    feedUrl: `http://127.0.0.1:${port}/feed.xml`,
    enclosureRequests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
