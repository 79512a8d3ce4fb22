/**
 * Article read rules (the read is recorded at the end of the article; ARCHITECTURE §4 one award per member and
 * article). Pure helpers for the optimistic cache update of an offline-queued read.
 */
import type { Article } from '../../contracts/content';

/** Marks article `id` read in a list (unchanged items keep their identity). Returns a new list. */
export function markArticleReadInList(list: readonly Article[], id: string): Article[] {
  return list.map((a) => (a.id === id && !a.read ? { ...a, read: true } : a));
}

/** Marks one article read. Returns the same object when it already was. */
export function markArticleRead(article: Article): Article {
  return article.read ? article : { ...article, read: true };
}

/** Points a read would earn now: the article's value, or 0 once it was read (award once). */
export function pendingReadPoints(article: Pick<Article, 'read' | 'value'> | undefined): number {
  return article && !article.read ? article.value : 0;
}
