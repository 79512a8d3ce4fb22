import { describe, expect, it } from 'vitest';
import type { Article } from '../../src/contracts/content';
import { markArticleRead, markArticleReadInList, pendingReadPoints } from '../../src/features/articles/article-read';

const article = (id: string, read = false): Article => ({
  id,
  slug: id,
  title: id,
  summary: '',
  bodyHtml: null,
  body: [{ type: 'paragraph', text: 'Text' }],
  mediaId: null,
  value: 15,
  url: `/articles/${id}`,
  read,
  publishedAt: '2026-11-01T00:00:00Z',
  readingMinutes: 3,
});

describe('article read (ARCHITECTURE §4: one read award per article)', () => {
  it('marks only that article read in the list', () => {
    const list = [article('a'), article('b')];
    const next = markArticleReadInList(list, 'b');
    expect(next.map((a) => a.read)).toEqual([false, true]);
    expect(next[0]).toBe(list[0]);
  });

  it('an article already read earns nothing more and is not copied', () => {
    const read = article('a', true);
    expect(markArticleRead(read)).toBe(read);
    expect(pendingReadPoints(read)).toBe(0);
    expect(pendingReadPoints(article('b'))).toBe(15);
    expect(pendingReadPoints(undefined)).toBe(0);
  });
});
