import { describe, expect, it } from 'vitest';
import { MACRO_FUNCTIONS } from './macro-functions.ts';
import { macroProblems } from './macros.ts';

describe("the 9Hits sandbox's macro check, read from the documented syntax", () => {
  it('knows every documented function with its argument count', () => {
    expect(MACRO_FUNCTIONS.size).toBe(61);
    expect(MACRO_FUNCTIONS.get('Delay')).toEqual({ maxArgs: 2, takesObjects: false });
    expect(MACRO_FUNCTIONS.get('Log')?.maxArgs).toBe(Infinity);
    expect(MACRO_FUNCTIONS.get('WaitForLoading')?.maxArgs).toBe(1);
    expect(MACRO_FUNCTIONS.get('ClickBySelector')?.maxArgs).toBe(5);
    expect(MACRO_FUNCTIONS.get('GetUrl')?.maxArgs).toBe(0);
    expect(MACRO_FUNCTIONS.get('HttpRequest')).toEqual({ maxArgs: 4, takesObjects: true });
    expect(MACRO_FUNCTIONS.get('RandomArray')?.takesObjects).toBe(true);
  });

  it('accepts a macro written with documented functions and plain JavaScript', () => {
    const macro = [
      'await WaitForLoading();',
      'const links = ["a", "b"];',
      'await Delay(Random(5000, 15000));',
      'await EvalScript("window.scrollBy(0, " + parseInt("300") + ")");',
      'await Navigate(await RandomArray(links), GetUrl());',
      'Log("done", links.length, Math.max(1, 2));',
    ].join('\n');
    expect(macroProblems(macro)).toEqual([]);
  });

  it('refuses what the viewer would fail on', () => {
    expect(macroProblems('await ScrollPage(300);')).toEqual(['ScrollPage is not a 9Hits macro function']);
    expect(macroProblems('await Delay(1, 2, 3);')).toEqual(['Delay takes at most 2 arguments']);
    expect(macroProblems('await ClickBySelector({ selector: "a" });')).toEqual(['ClickBySelector takes plain arguments, not an object']);
    expect(macroProblems('document.querySelector("a").click();')).toEqual(['document.querySelector is not defined in a 9Hits macro']);
    expect(macroProblems('await Delay(')[0]).toMatch(/^syntax error: /);
    expect(macroProblems('constructor();')).toEqual(['constructor is not a 9Hits macro function']);
  });
});
