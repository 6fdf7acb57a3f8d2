import { describe, expect, it } from 'vitest';
import { scanSiteTotals, type SiteTotals } from './site-totals-scan.ts';

/** What ninehits-client.ts reads from an answer the general way: JSON.parse, then the same checks. */
function reference(body: Buffer): SiteTotals | 'refused' {
  let envelope: { status?: unknown; data?: unknown };
  try {
    const text = (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body).toString('utf8');
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    return 'refused';
  }
  if (envelope?.status !== 'ok') return 'refused';
  const list = envelope.data ?? [];
  if (
    !Array.isArray(list) ||
    !list.every((c: { id?: unknown } | null) => c !== null && typeof c === 'object' && Number.isSafeInteger(c.id))
  )
    return 'refused';
  const totals: SiteTotals['totals'] = [];
  for (const c of list as { id: number; confirmedHits?: unknown }[])
    if (typeof c.confirmedHits === 'number' && Number.isFinite(c.confirmedHits) && c.confirmedHits >= 0)
      totals.push({ key: String(c.id), total: Math.floor(c.confirmedHits) });
  return { read: list.length, totals };
}

const scan = (text: string | Buffer) => scanSiteTotals(typeof text === 'string' ? Buffer.from(text) : text);

/** A campaign as the sandbox answers it: every kind of JSON value, nested, with escapes and non-ASCII text. */
function campaign(id: number, hits: unknown) {
  return {
    id,
    title: `site-${id} "quoted" \\ back/slash \u00e9\u4e2d\ud83d\ude00 \n\t`,
    isAdult: false,
    hasCoinMining: true,
    urls: [`https://example.com/${id}?a=1&b=2`],
    referrers: { mode: 'basic', urls: [] },
    duration: [1, 600],
    platform: { os: {}, browsers: {}, custom: [], usage: { system: 100, fixed: 0.5, custom: -1e-3 } },
    macros: 'Navigate("https://x");\u0001\u001f',
    geo: { rule: 'all', by: 'country', codes: null },
    estimatedHits: hits,
    confirmedHits: hits,
    hourlyLimit: { speed: 'fast', hours: Array.from({ length: 24 }, (_, h) => ({ min: 0, max: h })) },
    untilDate: null,
    systemState: 'approved',
  };
}

describe('scanSiteTotals: a siteGet page read for its totals from its bytes', () => {
  it('reads what JSON.parse reads from a page of campaigns, compact or spaced, with a byte order mark', () => {
    const page = {
      status: 'ok',
      messages: ['Fetched 5'],
      data: [campaign(7, 12.9), campaign(8, undefined), campaign(9, -1), campaign(10, 0), campaign(11, '5')],
    };
    const expected = {
      read: 5,
      totals: [
        { key: '7', total: 12 },
        { key: '10', total: 0 },
      ],
    };
    expect(scan(JSON.stringify(page))).toEqual(expected);
    expect(scan(JSON.stringify(page, null, 2).replace(/\n/g, '\r\n\t'))).toEqual(expected);
    expect(scan(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(page))]))).toEqual(expected);
    expect(reference(Buffer.from(JSON.stringify(page)))).toEqual(expected);
  });

  it('takes the last of duplicate keys, decodes escaped keys, reads numbers as JavaScript does', () => {
    expect(scan('{"data":[{"id":1,"confirmedHits":5,"confirmedHits":7}],"status":"ok"}')).toEqual({
      read: 1,
      totals: [{ key: '1', total: 7 }],
    });
    expect(scan('{"status":"ok","data":[{"id":1}],"data":[{"id":2,"confirmedHits":3}]}')).toEqual({
      read: 1,
      totals: [{ key: '2', total: 3 }],
    });
    expect(scan('{"st\\u0061tus":"ok","d\\u0061ta":[{"\\u0069d":3,"confirmed\\u0048its":2}]}')).toEqual({
      read: 1,
      totals: [{ key: '3', total: 2 }],
    });
    expect(scan('{"status":"ok","data":[{"id":1e2,"confirmedHits":1E400},{"id":-0,"confirmedHits":2.5e1}]}')).toEqual({
      read: 2,
      totals: [{ key: '0', total: 25 }],
    });
    // No list, or an empty one: a page with no campaign.
    for (const data of ['', ',"data":null', ',"data":[]', ',"data" : [ ] '])
      expect(scan(`{"status":"ok"${data}}`)).toEqual({ read: 0, totals: [] });
  });

  it('leaves anything but an ordinary ok answer to the general reading', () => {
    for (const body of [
      '{"status":"error","messages":["Invalid key"],"data":null}',
      '{"messages":null,"data":[]}',
      '{"status":"OK","data":[]}',
      '{"status":"ok","data":{}}',
      '{"status":"ok","data":"[]"}',
      '{"status":"ok","data":[{"title":"no id"}]}',
      '{"status":"ok","data":[{"id":"7"}]}',
      '{"status":"ok","data":[{"id":1.5}]}',
      '{"status":"ok","data":[{"id":9007199254740993}]}',
      '{"status":"ok","data":[null]}',
      '{"status":"ok","data":[[]]}',
      '[{"status":"ok"}]',
      '"ok"',
    ])
      expect(scan(body), body).toBeUndefined();
  });

  it('refuses every body that is not JSON', () => {
    for (const body of [
      '',
      ' ',
      '{',
      '{"status":"ok","data":[],}',
      '{"status":"ok","data":[{"id":1,}]}',
      '{"status":"ok","data":[{"id":1}],}',
      '{"status":"ok","data":[{"id":01}]}',
      '{"status":"ok","data":[{"id":1.}]}',
      '{"status":"ok","data":[{"id":.5}]}',
      '{"status":"ok","data":[{"id":+1}]}',
      '{"status":"ok","data":[{"id":1e}]}',
      '{"status":"ok","data":[{"id":-}]}',
      '{"status":"ok","data":[{"id":1,"t":"a\u0001"}]}',
      '{"status":"ok","data":[{"id":1,"t":"\\x"}]}',
      '{"status":"ok","data":[{"id":1,"t":"\\u12G4"}]}',
      '{"status":"ok","data":[{"id":1,"t":"open}]}',
      '{"status":"ok","data":[{"id":1,"t":tru}]}',
      '{"status":"ok","data":[{"id":1,"t":NaN}]}',
      "{'status':'ok','data':[]}",
      '{"status" "ok","data":[]}',
      '{"status":"ok","data":[]} {}',
      '{"status":"ok","data":[]}x',
      '{"status":"ok","data":[{"id":1,"x":[1,2}]}',
      '{"status":"ok","data":[{"id":1,"x":{"a":1]}]}',
      '{"status":"ok","data":[{"id":1,"x":{1:2}}]}',
      '{"status":"ok" , "data":[ {"id":1} {"id":2} ]}',
    ]) {
      expect(reference(Buffer.from(body)), body).toBe('refused');
      expect(scan(body), body).toBeUndefined();
    }
  });

  it('agrees with JSON.parse on thousands of damaged pages', () => {
    // A fixed seed: the same bodies every run.
    let seed = 20261128;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const page = Buffer.from(JSON.stringify({ status: 'ok', messages: null, data: [campaign(1, 3), campaign(2, 4.5), campaign(3, null)] }));
    const alphabet = Buffer.from('{}[],:"\\ \n0123456789-+.eEtrufalsn\u0001xu"');
    let ordinary = 0;
    for (let n = 0; n < 4000; n++) {
      const body = Buffer.from(page);
      const at = Math.floor(random() * body.length);
      const kind = random();
      const byte = alphabet[Math.floor(random() * alphabet.length)]!;
      const damaged =
        kind < 0.34
          ? Buffer.concat([body.subarray(0, at), body.subarray(at + 1)])
          : kind < 0.67
            ? Buffer.concat([body.subarray(0, at), Buffer.from([byte]), body.subarray(at)])
            : (body.fill(byte, at, at + 1), body);
      const expected = reference(damaged);
      const got = scanSiteTotals(damaged);
      if (expected === 'refused') expect(got, damaged.toString()).toBeUndefined();
      else {
        ordinary++;
        expect(got, damaged.toString()).toEqual(expected);
      }
    }
    // Many damages leave valid JSON (inside a string, a digit changed): both kinds were tried.
    expect(ordinary).toBeGreaterThan(500);
  });
});
