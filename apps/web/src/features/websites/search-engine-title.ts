/** docs/product.md section 2: the title field is named after what the search engine finds. */
export function titleLabelFor(searchEngine: string): string {
  if (searchEngine === 'youtube') return 'Video title';
  if (searchEngine === 'fiverr') return 'Gig title';
  return 'Site title';
}
