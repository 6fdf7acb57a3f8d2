import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SEARCH_ENGINES, SOCIAL_NETWORKS, TRAFFIC_SOURCES } from '@traffic/shared';
import { macroFor, type MacroInput } from './campaign-macros.ts';
import { NINEHITS_MACRO_BUILTINS } from './ninehits-macro-builtins.ts';

/**
 * Every macro the product can generate is parsed by a real JavaScript parser (TypeScript's) and
 * checked against the documented built-in functions: a call to anything else (ScrollPage,
 * ClickLinkTo, a string method, a global) would be a runtime error in the 9Hits viewer.
 */
interface Call {
  callee: string;
  args: ts.Expression[];
}

function parse(source: string): ts.SourceFile {
  const file = ts.createSourceFile('macro.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (diagnostics.length)
    throw new Error(`macro does not parse: ${ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, '\n')}\n${source}`);
  return file;
}

/** Every call in the source; anything that calls without naming a function directly is a problem. */
function callsOf(source: string): { calls: Call[]; problems: string[] } {
  const calls: Call[] = [];
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      if (ts.isIdentifier(node.expression)) calls.push({ callee: node.expression.text, args: [...node.arguments] });
      else problems.push(`calls ${node.expression.getText()}`);
    }
    if (ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) problems.push(`uses ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(parse(source));
  return { calls, problems };
}

function problemsOf(macro: string): string[] {
  const { calls, problems } = callsOf(macro);
  for (const call of calls) {
    const builtin = NINEHITS_MACRO_BUILTINS[call.callee];
    if (!builtin) {
      problems.push(`${call.callee} is not a documented built-in`);
      continue;
    }
    if (call.args.length > builtin.maxArgs) problems.push(`${call.callee} takes at most ${builtin.maxArgs} arguments`);
    if (!builtin.takesObjects && call.args.some((a) => ts.isObjectLiteralExpression(a) || ts.isArrayLiteralExpression(a))) {
      problems.push(`${call.callee} is documented with plain arguments, given an object`);
    }
    if (call.callee === 'EvalScript') {
      // The page script itself: a literal that only scrolls.
      const [script] = call.args;
      if (!script || !ts.isStringLiteral(script) || !/^window\.scrollBy\(0, \d+\)$/.test(script.text))
        problems.push(`EvalScript runs ${script?.getText()}`);
    }
  }
  return problems;
}

const HOSTILE_KEYWORDS = [
  'shoes", alert(1), "x',
  "shoes'); Exit(); ('",
  'a`${Exit()}`b',
  'line\nbreak\u2028sep\u2029',
  '</script><script>Exit()</script>',
  '\\"); Exit(); //',
  'ünïcödé 靴',
];

function everyMacroInput(): MacroInput[] {
  const inputs: MacroInput[] = [];
  for (const bounceRateReduction of [true, false]) {
    for (const trafficSource of TRAFFIC_SOURCES) {
      const base = { url: 'https://www.example.com/landing?a=1&b="2"', trafficSource, bounceRateReduction, searchEngine: null };
      if (trafficSource === 'Organic') {
        for (const searchEngine of SEARCH_ENGINES) inputs.push({ ...base, searchEngine, trafficSourceType: 'running shoes, red shoes' });
        for (const keyword of HOSTILE_KEYWORDS) inputs.push({ ...base, searchEngine: 'google', trafficSourceType: keyword });
      } else if (trafficSource === 'Social') {
        for (const network of SOCIAL_NETWORKS) inputs.push({ ...base, trafficSourceType: network });
      } else {
        inputs.push({ ...base, trafficSourceType: trafficSource === 'Referal' ? 'https://ref.example.com/' : '' });
      }
    }
  }
  return inputs;
}

describe('the macros the product generates', () => {
  it('call only documented 9Hits built-ins, with their documented plain arguments', () => {
    const macros = everyMacroInput().map(macroFor);
    expect(macros.filter(Boolean).length).toBeGreaterThan(20);
    for (const macro of macros) expect(problemsOf(macro), macro).toEqual([]);
  });

  it('are empty where nothing is needed (the documented empty value, not null)', () => {
    expect(
      macroFor({
        url: 'https://a.example.com/',
        trafficSource: 'Direct',
        trafficSourceType: '',
        searchEngine: null,
        bounceRateReduction: false,
      }),
    ).toBe('');
  });

  it('keep a customer keyword inside string literals: it cannot add or change a call', () => {
    const shape = (keyword: string) =>
      callsOf(
        macroFor({
          url: 'https://a.example.com/',
          trafficSource: 'Organic',
          trafficSourceType: keyword,
          searchEngine: 'google',
          bounceRateReduction: true,
        }),
      ).calls.map((c) => `${c.callee}/${c.args.length}`);
    const benign = shape('shoes');
    for (const keyword of HOSTILE_KEYWORDS) expect(shape(keyword), keyword).toEqual(benign);
  });

  it('search for each keyword on the chosen engine, then visit the website with that search as referrer', () => {
    const macro = macroFor({
      url: 'https://a.example.com/',
      trafficSource: 'Organic',
      trafficSourceType: 'red shoes, "quoted"',
      searchEngine: 'youtube',
      bounceRateReduction: false,
    });
    const searches = callsOf(macro).calls.find((c) => c.callee === 'RandomArray')!.args[0] as ts.ArrayLiteralExpression;
    expect(searches.elements.map((e) => (e as ts.StringLiteral).text)).toEqual([
      'https://www.youtube.com/results?search_query=red%20shoes',
      'https://www.youtube.com/results?search_query=%22quoted%22',
    ]);
    const visits = callsOf(macro)
      .calls.filter((c) => c.callee === 'Navigate')
      .map((c) => c.args.map((a) => a.getText()));
    expect(visits).toEqual([['search'], ['"https://a.example.com/"', 'search']]);
  });

  it('are refused by this check when they call something undocumented (the check can fail)', () => {
    expect(problemsOf('await ScrollPage({ times: 3 });')).toEqual(['ScrollPage is not a documented built-in']);
    expect(problemsOf('await ClickRandomInternalLink({ times: [1, 3] });')).toEqual([
      'ClickRandomInternalLink is documented with plain arguments, given an object',
    ]);
    expect(problemsOf('await Navigate("https://x" + encodeURIComponent(k));')).toEqual(['encodeURIComponent is not a documented built-in']);
    expect(problemsOf('await EvalScript("document.cookie")')).toEqual(['EvalScript runs "document.cookie"']);
    expect(problemsOf('keywords.push(1); new Foo();')).toEqual(['calls keywords.push', 'uses new Foo()']);
    expect(() => problemsOf('await Delay(1000')).toThrow(/does not parse/);
  });
});
