/** An article id from the address: a positive 32-bit integer, else null (the not-found screen). */
export function parseArticleId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
