import { describe, expect, it } from 'vitest';
import { memberPreview } from './member-preview-order';
import { buildContent, buildTier, TIER_ID } from './testing/program-fixtures';

const clock = { now: new Date('2026-11-24T10:00:00Z'), timeZone: 'UTC' };
const titles = (items: Array<{ content: { title: string } }>) => items.map((i) => i.content.title);

describe('memberPreview: a tier as a member who joins today sees it', () => {
  it('a drip queue: day 1 at once, the rest on their days; past posts at once, future ones later; drafts hidden', () => {
    const one = buildContent('One', { inPostQueue: true });
    const two = buildContent('Two', { inPostQueue: true });
    const three = buildContent('Three', { inPostQueue: true });
    const posted = buildContent('Posted', { postedDate: '2026-11-01T09:00:00Z' });
    const soon = buildContent('Soon', { postedDate: '2026-12-01T09:00:00Z' });
    const draft = buildContent('Draft');
    const elsewhere = buildContent('Elsewhere', { tiers: ['other'] });
    const tier = buildTier({ contentQueue: [one._id, two._id, three._id], contentQueueFrequency: 2 });

    const preview = memberPreview(tier, [three, draft, soon, two, posted, one, elsewhere], clock);
    expect(titles(preview.firstDay)).toEqual(['Posted', 'One']);
    expect(
      preview.later.map((l) =>
        l.kind === 'queue' ? `Day ${l.queueDay} ${l.content.title}` : `${l.at} ${l.content.title}`,
      ),
    ).toEqual(['Day 3 Two', 'Day 5 Three', '2026-12-01T09:00:00Z Soon']);
    expect(preview.hidden.map((c) => c.title)).toEqual(['Draft']);
  });

  it('a course: everything at once, in queue order', () => {
    const b = buildContent('Lesson 2', { inPostQueue: true });
    const a = buildContent('Lesson 1', { inPostQueue: true });
    const tier = buildTier({ _id: TIER_ID, releaseAllContent: true, contentQueue: [a._id, b._id] });
    const preview = memberPreview(tier, [b, a], clock);
    expect(titles(preview.firstDay)).toEqual(['Lesson 1', 'Lesson 2']);
    expect(preview.later).toEqual([]);
  });
});
