/**
 * The 9Hits macro built-in functions as the vendor documents them (github.com/9hitste/docs,
 * docs/macros/functions.md): each one's syntax line, copied as written there. The sandbox reads
 * its argument count from the line itself (`[, x]` is optional, `...` any number), so it checks
 * macros against the documentation and not against the server's own table of it: where the two
 * disagree, the sandbox refuses what the real viewer would.
 */
const DOCUMENTED_SYNTAX = [
  `Log(msg1[, msg2, msg3, ...])`,
  `Delay (ms [, ms2])`,
  `Random (num1 [, num2])`,
  `RandomArray (array)`,
  `SendMouseClick (x, y, button)`,
  `SendMouseMove (x, y)`,
  `SendMouseWheel (deltaX, deltaY)`,
  `MoveMouse (startPoint, endPoint, modifiers = 0, button = "none")`,
  `MoveMouseToArea (x1, y1, x2, y2, modifiers = 0, button = "none")`,
  `MoveMouseToAnyWhere (modifiers = 0, button = "none")`,
  `MoveMouseToElmBySelector (selector, index=0, frameSearch="", frameSearchType="", modifiers = 0, button = "none")`,
  `ClickByCoordinates (x1, y1, x2, y2, nClick=1)`,
  `ClickBySelector (selector, index=0, nClick = 1, frameSearch="", frameSearchType="")`,
  `ClickById (id, nClick=1, frameSearch="", frameSearchType="")`,
  `ClickByXpath (xpath, nClick=1, frameSearch="", frameSearchType="")`,
  `ClickByTag (tag, index, nClick=1, frameSearch="", frameSearchType="")`,
  `ClickByClass (class, index, nClick=1, frameSearch="", frameSearchType="")`,
  `ClickRandomLink (frameSearch="", frameSearchType="")`,
  `ClickRandomInternalLink (frameSearch="", frameSearchType="")`,
  `ClickRandomExternalLink (frameSearch="", frameSearchType="")`,
  `SendKeyPress (keyCode, modifiers)`,
  `SendKeyDown (keyCode, modifiers)`,
  `SendKeyUp (keyCode, modifiers)`,
  `SendKeyChar (keyCode)`,
  `Typing (text[, speed1, speed2])`,
  `SetById (id, attr, value, frameSearch="", frameSearchType="")`,
  `SetByXpath (xpath, attr, value, frameSearch="", frameSearchType="")`,
  `SetByClass (class, attr, value, index, frameSearch="", frameSearchType="")`,
  `SetByTag (tag, attr, value, index, frameSearch="", frameSearchType="")`,
  `CapturePage (quality)`,
  `CaptureArea (x1, y1, x2, y2, quality)`,
  `CaptureElement (selector, quality, frameSearch, frameSearchType)`,
  `EvalScript (jsCode, frameSearch="", frameSearchType="")`,
  `EvalScriptWithPromise (jsCode, frameSearch="", frameSearchType="")`,
  `GenerateXpath (tag, attr, value, index)`,
  `GetElementPos (jsCode, frameSearch="", frameSearchType="")`,
  `GetBrowserSize ()`,
  `GetWindowSize ()`,
  `GetHtml ()`,
  `GetUrl ()`,
  `GetUserAgent ()`,
  `IsLoading ()`,
  `IsMobile ()`,
  `IsHideBrowser ()`,
  `WaitForLoading (timeout=0)`,
  `Navigate (url[, referrer])`,
  `SolveRecaptcha (service, apiKey, timeout = 300, overrideApiServer = null)`,
  `SolvehCaptcha (service, apiKey, timeout = 300, overrideApiServer = null)`,
  `SolveImageCaptcha (imgSelector, resultSelector, service, apiKey, timeout = 300, overrideApiServer = null)`,
  `_2CaptchaSolve (params, timeout)`,
  `_2CaptchaReportBad (key, captchaId)`,
  `ACSolve (params, timeout)`,
  `ACReportIncorrectImage(key, taskId)`,
  `ACReportIncorrectRecaptcha(key, taskId)`,
  `TryToCallRecaptchaCallBack (result)`,
  `TabCount()`,
  `ResizeTo (width, height)`,
  `ScrollTo (x, y, smooth = false)`,
  `TabFocus (target)`,
  `Exit()`,
  `HttpRequest (url, params, timeout = 0, headers = null)`,
];

/** Parameters the documentation gives as objects or arrays; every other parameter is a plain value. */
const OBJECT_PARAMETERS = new Set(['array', 'startPoint', 'endPoint', 'params', 'headers']);

export interface DocumentedFunction {
  maxArgs: number;
  takesObjects: boolean;
}

function read(syntax: string): [string, DocumentedFunction] {
  const name = /^[\w$]+/.exec(syntax)![0];
  const inside = syntax.slice(syntax.indexOf('(') + 1, syntax.lastIndexOf(')'));
  const parameters = inside
    .replace(/[[\]]/g, '')
    .split(',')
    .map((p) => p.split('=')[0]!.trim())
    .filter(Boolean);
  return [
    name,
    {
      maxArgs: inside.includes('...') ? Infinity : parameters.length,
      takesObjects: parameters.some((p) => OBJECT_PARAMETERS.has(p)),
    },
  ];
}

export const MACRO_FUNCTIONS: ReadonlyMap<string, DocumentedFunction> = new Map(DOCUMENTED_SYNTAX.map(read));
