export function searchParamsOf(search: URLSearchParams): { query: string; page: number } {
  const query = (search.get('q') ?? '').trim().slice(0, 200);
  const page = Math.min(1000, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  return { query, page };
}
