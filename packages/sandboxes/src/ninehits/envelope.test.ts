import { describe, expect, it } from 'vitest';
import { ok, okList } from './envelope.ts';

describe('okList: an ok answer of a list, serialized item by item', () => {
  it('is byte for byte what JSON.stringify makes of the envelope', () => {
    const items = [
      { id: 1, title: 'é中😀 "q" \\ \n', urls: ['https://example.com/?a=1&b=2'], geo: { codes: null }, n: -1.5e-7 },
      { id: 2, nested: [[], {}, [{ a: [true, false, null] }]] },
      'a string',
      7,
      null,
      undefined,
      () => 1,
    ];
    for (const [list, messages] of [
      [items, ['Fetched 5']],
      [[], ['Fetched 0']],
      [items.slice(0, 1), null],
    ] as [unknown[], string[] | null][])
      expect(okList(list, messages).toString('utf8')).toBe(JSON.stringify(ok(list, messages)));
  });
});
