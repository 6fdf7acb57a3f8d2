import { describe, expect, it } from 'vitest';
import { changeLines } from './changes.ts';

describe('changeLines', () => {
  it('reads before → after per field, a new value alone, and a field that went', () => {
    expect(changeLines({ status: 'ACTIVE' }, { status: 'DEACTIVATED' })).toEqual(['status: ACTIVE → DEACTIVATED']);
    expect(changeLines(null, { ended: 3 })).toEqual(['ended: 3']);
    expect(changeLines({ price: '9.99', name: 'Basic' }, { price: '14.99' })).toEqual(['price: 9.99 → 14.99', 'name: Basic → —']);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('writes objects as JSON, empty and missing values plainly, and shortens long ones', () => {
    expect(changeLines({ tags: ['a'], note: '' }, { tags: ['a', 'b'], note: null })).toEqual(['tags: ["a"] → ["a","b"]', 'note: "" → —']);
    const [line] = changeLines(null, { reason: 'x'.repeat(200) });
    expect(line).toHaveLength('reason: '.length + 80);
    expect(line?.endsWith('…')).toBe(true);
  });
});
