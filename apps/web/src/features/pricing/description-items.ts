/**
 * A package's description is HTML list markup written by an admin (docs/product.md section 3). It is
 * never put into the page as HTML: the list items are read out as plain text, in an inert
 * document where nothing loads or runs.
 */
export function descriptionItems(html: string): string[] {
  if (!html.trim()) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Code and styles are not words for the customer.
  doc.querySelectorAll('script, style, template, noscript').forEach((node) => node.remove());
  const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  const items = Array.from(doc.querySelectorAll('li'), (li) => clean(li.textContent)).filter(Boolean);
  if (items.length > 0) return items;
  // Plain text, or markup without a list: its text as one item.
  const text = clean(doc.body.textContent);
  return text ? [text] : [];
}
