/** The article's body cut where the in-article ad box goes (after paragraph n; `paragraphEnds` from the server). */
export function splitAfterParagraph(html: string, ends: readonly number[], n: number): [string, string] | undefined {
  const at = ends[n - 1];
  return at ? [html.slice(0, at), html.slice(at)] : undefined;
}
