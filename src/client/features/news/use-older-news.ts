import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { NewsListItem } from '../../../shared/schemas/news';
import { apiFetch } from '../../lib/api';

/** "More news" under a section's first page: the next pages, fetched on demand and appended. */
export function useOlderNews(slug: string, firstPageCount: number) {
  const [older, setOlder] = useState<NewsListItem[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [loadingMore, setLoading] = useState(false);
  useEffect(() => {
    setOlder([]);
    setExhausted(false);
  }, [slug]);

  const loadMore = async () => {
    setLoading(true);
    try {
      const page = await apiFetch<NewsListItem[]>(
        `/api/news/category/${encodeURIComponent(slug)}?limit=${LIMITS.homeList}&offset=${firstPageCount + older.length}`,
      );
      setOlder((o) => [...o, ...page.filter((n) => !o.some((x) => x.id === n.id))]);
      if (page.length < LIMITS.homeList) setExhausted(true);
    } catch {
      setExhausted(false);
    } finally {
      setLoading(false);
    }
  };
  return { older, loadMore, loadingMore, hasMore: !exhausted && firstPageCount >= LIMITS.homeList };
}
