/**
 * A siteGet page's confirmed totals, read from the answer's bytes without building it: the delivery
 * collection reads 600 pages of ~730 kB in a run, and JSON.parse made each page's text (one ~730 kB
 * string) and its ~60,000 objects to keep two numbers a campaign, ~10 ms of the server's event loop
 * a page (docs/performance.md, run 19).
 *
 * It checks the whole answer against JSON's grammar (RFC 8259) as it goes: a body JSON.parse would
 * refuse is refused here too. It reads what ninehits-client.ts siteTotals reads, with JSON.parse's
 * meaning: the last of duplicate keys counts, escaped keys are decoded, numbers are read as
 * JavaScript numbers. It answers only the ordinary case, an `ok` answer whose `data` is a list of
 * campaigns each with a whole-number id (or no list: `null` or absent); anything else is
 * `undefined`, and the caller reads the answer the general way, which says what is wrong with it.
 */

export interface SiteTotals {
  /** How many campaigns the page listed. */
  read: number;
  /** Each listed campaign's confirmed total that is a number from 0, rounded down, by id. */
  totals: { key: string; total: number }[];
}

/** Thrown inside the scan only: the body is not the ordinary answer (or not JSON). */
class NotOrdinary extends Error {}
const notOrdinary = new NotOrdinary();

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

function skipSpace(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

function expect(b: Uint8Array, i: number, c: number): number {
  if (b[i] !== c) throw notOrdinary;
  return i + 1;
}

/** The end of the string starting at `i` (its opening quote); whether it holds an escape is `escaped`. */
let escaped = false;
function skipString(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) throw notOrdinary;
  escaped = false;
  for (i++; ; i++) {
    const c = b[i];
    if (c === QUOTE) return i + 1;
    if (c === undefined || c < 0x20) throw notOrdinary;
    if (c === BACKSLASH) {
      escaped = true;
      const e = b[++i];
      if (e === 0x75) {
        if (!(isHex(b[i + 1]!) && isHex(b[i + 2]!) && isHex(b[i + 3]!) && isHex(b[i + 4]!))) throw notOrdinary;
        i += 4;
      } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74))
        throw notOrdinary;
    }
  }
}

/** The end of the number starting at `i`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. */
function skipNumber(b: Uint8Array, i: number): number {
  if (b[i] === MINUS) i++;
  if (b[i] === 0x30) i++;
  else if (isDigit(b[i]!)) while (isDigit(b[i]!)) i++;
  else throw notOrdinary;
  if (b[i] === 0x2e) {
    if (!isDigit(b[++i]!)) throw notOrdinary;
    while (isDigit(b[i]!)) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === MINUS) i++;
    if (!isDigit(b[i]!)) throw notOrdinary;
    while (isDigit(b[i]!)) i++;
  }
  return i;
}

function skipWord(b: Uint8Array, i: number, word: readonly number[]): number {
  for (const c of word) if (b[i++] !== c) throw notOrdinary;
  return i;
}
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** The end of the value starting at `i` (after any space), whatever it is, its nesting checked with a stack. */
function skipValue(b: Uint8Array, i: number): number {
  // Open containers, innermost last: true for an object.
  const open: boolean[] = [];
  for (;;) {
    i = skipSpace(b, i);
    const c = b[i];
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const object = c === OPEN_BRACE;
      i = skipSpace(b, i + 1);
      if (b[i] === (object ? CLOSE_BRACE : CLOSE_BRACKET)) i++;
      else {
        open.push(object);
        if (object) i = expect(b, skipSpace(b, skipString(b, i)), COLON);
        continue;
      }
    } else if (c === QUOTE) i = skipString(b, i);
    else if (c === MINUS || isDigit(c!)) i = skipNumber(b, i);
    else if (c === 0x74) i = skipWord(b, i, TRUE);
    else if (c === 0x66) i = skipWord(b, i, FALSE);
    else if (c === 0x6e) i = skipWord(b, i, NULL);
    else throw notOrdinary;
    // After a value: the next member or element, or the end of containers.
    for (;;) {
      if (open.length === 0) return i;
      i = skipSpace(b, i);
      const object = open[open.length - 1]!;
      if (b[i] === COMMA) {
        i = skipSpace(b, i + 1);
        if (object) i = expect(b, skipSpace(b, skipString(b, i)), COLON);
        break;
      }
      if (b[i] !== (object ? CLOSE_BRACE : CLOSE_BRACKET)) throw notOrdinary;
      i++;
      open.pop();
    }
  }
}

/** The key starting at `i` (its quote), decoded only when it holds an escape; `keyEnd` is where it ends. */
let keyEnd = 0;
function readKey(b: Uint8Array, i: number): string | undefined {
  keyEnd = skipString(b, i);
  // Plain ASCII keys are compared as bytes by the callers; only escaped ones need decoding.
  return escaped ? (JSON.parse(Buffer.from(b.buffer, b.byteOffset + i, keyEnd - i).toString('utf8')) as string) : undefined;
}

/** Whether the key at [start, end) (quotes included) is `name`, decoded when escaped. */
function keyIs(b: Uint8Array, start: number, end: number, decoded: string | undefined, name: string): boolean {
  if (decoded !== undefined) return decoded === name;
  if (end - start !== name.length + 2) return false;
  for (let k = 0; k < name.length; k++) if (b[start + 1 + k] !== name.charCodeAt(k)) return false;
  return true;
}

/** The number starting at `i`, or undefined for any other value; `valueEnd` is where the value ends. */
let valueEnd = 0;
function readNumber(b: Uint8Array, i: number): number | undefined {
  const c = b[i];
  if (c === MINUS || isDigit(c!)) {
    valueEnd = skipNumber(b, i);
    return Number(Buffer.from(b.buffer, b.byteOffset + i, valueEnd - i).toString('latin1'));
  }
  valueEnd = skipValue(b, i);
  return undefined;
}

/** A campaign object starting at `i`: its id (undefined if not a number) and total; `valueEnd` after it. */
function readCampaign(b: Uint8Array, i: number): { id: number | undefined; hits: number | undefined } {
  let id: number | undefined;
  let hits: number | undefined;
  i = skipSpace(b, i + 1);
  if (b[i] === CLOSE_BRACE) {
    valueEnd = i + 1;
    return { id, hits };
  }
  for (;;) {
    const start = i;
    const decoded = readKey(b, i);
    const end = keyEnd;
    i = skipSpace(b, expect(b, skipSpace(b, end), COLON));
    if (keyIs(b, start, end, decoded, 'id')) id = readNumber(b, i);
    else if (keyIs(b, start, end, decoded, 'confirmedHits')) hits = readNumber(b, i);
    else valueEnd = skipValue(b, i);
    i = skipSpace(b, valueEnd);
    if (b[i] === CLOSE_BRACE) {
      valueEnd = i + 1;
      return { id, hits };
    }
    i = skipSpace(b, expect(b, i, COMMA));
  }
}

/** `data`'s list starting at `i`; `valueEnd` after it. Throws unless each element is a campaign with a whole-number id. */
function readList(b: Uint8Array, i: number): SiteTotals {
  const totals: SiteTotals['totals'] = [];
  let read = 0;
  i = skipSpace(b, i + 1);
  if (b[i] === CLOSE_BRACKET) {
    valueEnd = i + 1;
    return { read, totals };
  }
  for (;;) {
    if (b[i] !== OPEN_BRACE) throw notOrdinary;
    const { id, hits } = readCampaign(b, i);
    if (!Number.isSafeInteger(id)) throw notOrdinary;
    read++;
    if (hits !== undefined && Number.isFinite(hits) && hits >= 0) totals.push({ key: String(id), total: Math.floor(hits) });
    i = skipSpace(b, valueEnd);
    if (b[i] === CLOSE_BRACKET) {
      valueEnd = i + 1;
      return { read, totals };
    }
    i = skipSpace(b, expect(b, i, COMMA));
  }
}

/** The totals of an ordinary `ok` siteGet answer, or undefined (see the file's comment). */
export function scanSiteTotals(body: Uint8Array): SiteTotals | undefined {
  try {
    // A byte order mark, as ninehits-client.ts's utf8() drops it.
    let i = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    i = skipSpace(body, i);
    if (body[i] !== OPEN_BRACE) return undefined;
    let ok = false;
    let list: SiteTotals | undefined = { read: 0, totals: [] };
    i = skipSpace(body, i + 1);
    if (body[i] !== CLOSE_BRACE) {
      for (;;) {
        const start = i;
        const decoded = readKey(body, i);
        const end = keyEnd;
        i = skipSpace(body, expect(body, skipSpace(body, end), COLON));
        if (keyIs(body, start, end, decoded, 'status')) {
          const valueStart = i;
          valueEnd = skipValue(body, i);
          // "ok" exactly, unescaped; an escaped spelling of it is left to the general path.
          ok = valueEnd - valueStart === 4 && body[i] === QUOTE && body[i + 1] === 0x6f && body[i + 2] === 0x6b;
        } else if (keyIs(body, start, end, decoded, 'data')) {
          if (body[i] === OPEN_BRACKET) list = readList(body, i);
          else {
            const valueStart = i;
            valueEnd = skipValue(body, i);
            // null is no list (`data ?? []`); anything else is not a list of campaigns.
            list = valueEnd - valueStart === 4 && body[i] === 0x6e ? { read: 0, totals: [] } : undefined;
          }
        } else valueEnd = skipValue(body, i);
        i = skipSpace(body, valueEnd);
        if (body[i] === CLOSE_BRACE) break;
        i = skipSpace(body, expect(body, i, COMMA));
      }
    }
    if (skipSpace(body, i + 1) !== body.length) return undefined;
    return ok ? list : undefined;
  } catch (error) {
    if (error instanceof NotOrdinary) return undefined;
    throw error;
  }
}
