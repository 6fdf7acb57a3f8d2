import { describe, expect, it } from 'vitest';
import { descriptionItems } from './description-items.ts';

describe('descriptionItems', () => {
  it('reads the list items as plain text, whitespace tidied', () => {
    expect(descriptionItems('<ul><li> 1,000 hits\n per day </li><li>6 <em>website</em> slots</li><li> </li></ul>')).toEqual([
      '1,000 hits per day',
      '6 website slots',
    ]);
  });

  it('keeps text without a list as one item, and drops scripts and styles', () => {
    expect(descriptionItems('<p>Great for <b>blogs</b></p><script>alert(1)</script><style>p{}</style>')).toEqual(['Great for blogs']);
  });

  it('has nothing to show for an empty description', () => {
    expect(descriptionItems('')).toEqual([]);
    expect(descriptionItems('<ul></ul>')).toEqual([]);
  });
});
