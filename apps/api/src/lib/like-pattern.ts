/**
 * A LIKE / ILIKE pattern matching `text` anywhere, with LIKE's own characters (`%`, `_`, `\`) taken
 * literally: what every search box of the product means by "contains".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
