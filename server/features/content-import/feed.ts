import { XMLParser } from 'fast-xml-parser';
import { fail } from '../../platform/errors';

/** One recording of a podcast feed: what becomes a content item. */
export type FeedItem = {
  /** stable within the feed: the guid, else the enclosure address */
  key: string;
  title: string;
  description: string;
  enclosureUrl: string;
  mimeType: string | null;
  size: number | null;
  publishedAt: Date | null;
  duration: string | null;
  artworkUrl: string | null;
};

export type Feed = { title: string; artworkUrl: string | null; items: FeedItem[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // a feed's text may hold entities; none is expanded past the document's own
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item',
  parseTagValue: false,
  trimValues: true,
});

const text = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return text((value as Record<string, unknown>)['#text']);
  return String(value).trim();
};

const attr = (value: unknown, name: string): string | null => {
  if (!value || typeof value !== 'object') return null;
  const v = (value as Record<string, unknown>)[`@_${name}`];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** Strips tags from a feed's HTML description: content descriptions are plain text (Markdown). */
const plain = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const isMedia = (type: string | null, url: string) =>
  type ? /^(audio|video)\//i.test(type) : /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac|mp4|m4v|mov|webm|mkv)(\?|$)/i.test(url);

/** Reads an RSS 2.0 podcast feed (with the iTunes namespace): its recordings in feed order. */
export function parseFeed(xml: string): Feed {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw fail(400, 'feed_not_rss');
  }
  const channel = (doc.rss as Record<string, unknown> | undefined)?.channel as Record<string, unknown> | undefined;
  if (!channel || typeof channel !== 'object') throw fail(400, 'feed_not_rss');
  const channelArtwork =
    attr(channel['itunes:image'], 'href') ?? (text((channel.image as Record<string, unknown>)?.url) || null);
  const items: FeedItem[] = [];
  for (const raw of (channel.item as Record<string, unknown>[] | undefined) ?? []) {
    const enclosure = Array.isArray(raw.enclosure) ? raw.enclosure[0] : raw.enclosure;
    const enclosureUrl = attr(enclosure, 'url');
    const mimeType = attr(enclosure, 'type');
    if (!enclosureUrl || !isMedia(mimeType, enclosureUrl)) continue;
    const length = Number(attr(enclosure, 'length'));
    const date = new Date(text(raw.pubDate));
    const title = text(raw.title) || text(raw['itunes:title']) || `Episode ${items.length + 1}`;
    items.push({
      key: (text(raw.guid) || enclosureUrl).slice(0, 100),
      title: title.slice(0, 200),
      description: plain(text(raw['itunes:summary']) || text(raw.description) || text(raw['content:encoded'])).slice(
        0,
        10_000,
      ),
      enclosureUrl,
      mimeType,
      size: Number.isFinite(length) && length > 0 ? length : null,
      publishedAt: Number.isNaN(date.getTime()) ? null : date,
      duration: text(raw['itunes:duration']) || null,
      artworkUrl: attr(raw['itunes:image'], 'href') ?? channelArtwork,
    });
  }
  return { title: text(channel.title).slice(0, 200) || 'Podcast', artworkUrl: channelArtwork, items };
}

/** The chosen items in queue order: by date (oldest or newest first), feed order breaking ties. */
export function orderItems(items: readonly FeedItem[], order: 'oldest' | 'newest') {
  const dated = items.map((item, i) => ({ item, i, t: item.publishedAt?.getTime() ?? 0 }));
  dated.sort((a, b) => (order === 'oldest' ? a.t - b.t : b.t - a.t) || a.i - b.i);
  return dated.map((d) => d.item);
}
