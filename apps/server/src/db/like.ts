/** A search term for LIKE: its `\`, `%` and `_` match themselves (PostgreSQL's default escape is `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
