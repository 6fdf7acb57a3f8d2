/**
 * The 9Hits macro built-in functions, transcribed from the vendor's documentation
 * (github.com/9hitste/docs, docs/macros/functions.md): each name with the number of arguments its
 * documented syntax takes. A macro is plain JavaScript run by the 9Hits viewer with these functions
 * in scope; any other name is a runtime error there.
 *
 * Data only, no logic: the product's macro test, the contract tests' recording server and the
 * embedded sandbox each check macros against this table with their own code.
 */
export interface BuiltinSignature {
  /** The most arguments the documented syntax lists (Infinity for Log's variadic list). */
  maxArgs: number;
  /** True where the documentation takes an object or array argument; elsewhere only plain values. */
  takesObjects?: true;
}

export const NINEHITS_MACRO_BUILTINS: Readonly<Record<string, BuiltinSignature>> = {
  Log: { maxArgs: Infinity },
  Delay: { maxArgs: 2 },
  Random: { maxArgs: 2 },
  RandomArray: { maxArgs: 1, takesObjects: true },
  SendMouseClick: { maxArgs: 3 },
  SendMouseMove: { maxArgs: 2 },
  SendMouseWheel: { maxArgs: 2 },
  MoveMouse: { maxArgs: 4, takesObjects: true },
  MoveMouseToArea: { maxArgs: 6 },
  MoveMouseToAnyWhere: { maxArgs: 2 },
  MoveMouseToElmBySelector: { maxArgs: 6 },
  ClickByCoordinates: { maxArgs: 5 },
  ClickBySelector: { maxArgs: 5 },
  ClickById: { maxArgs: 4 },
  ClickByXpath: { maxArgs: 4 },
  ClickByTag: { maxArgs: 5 },
  ClickByClass: { maxArgs: 5 },
  ClickRandomLink: { maxArgs: 2 },
  ClickRandomInternalLink: { maxArgs: 2 },
  ClickRandomExternalLink: { maxArgs: 2 },
  SendKeyPress: { maxArgs: 2 },
  SendKeyDown: { maxArgs: 2 },
  SendKeyUp: { maxArgs: 2 },
  SendKeyChar: { maxArgs: 1 },
  Typing: { maxArgs: 3 },
  SetById: { maxArgs: 5 },
  SetByXpath: { maxArgs: 5 },
  SetByClass: { maxArgs: 6 },
  SetByTag: { maxArgs: 6 },
  CapturePage: { maxArgs: 1 },
  CaptureArea: { maxArgs: 5 },
  CaptureElement: { maxArgs: 4 },
  EvalScript: { maxArgs: 3 },
  EvalScriptWithPromise: { maxArgs: 3 },
  GenerateXpath: { maxArgs: 4 },
  GetElementPos: { maxArgs: 3 },
  GetBrowserSize: { maxArgs: 0 },
  GetWindowSize: { maxArgs: 0 },
  GetHtml: { maxArgs: 0 },
  GetUrl: { maxArgs: 0 },
  GetUserAgent: { maxArgs: 0 },
  IsLoading: { maxArgs: 0 },
  IsMobile: { maxArgs: 0 },
  IsHideBrowser: { maxArgs: 0 },
  WaitForLoading: { maxArgs: 1 },
  Navigate: { maxArgs: 2 },
  SolveRecaptcha: { maxArgs: 4 },
  SolvehCaptcha: { maxArgs: 4 },
  SolveImageCaptcha: { maxArgs: 6 },
  _2CaptchaSolve: { maxArgs: 2, takesObjects: true },
  _2CaptchaReportBad: { maxArgs: 2 },
  ACSolve: { maxArgs: 2, takesObjects: true },
  ACReportIncorrectImage: { maxArgs: 2 },
  ACReportIncorrectRecaptcha: { maxArgs: 2 },
  TryToCallRecaptchaCallBack: { maxArgs: 1 },
  TabCount: { maxArgs: 0 },
  ResizeTo: { maxArgs: 2 },
  ScrollTo: { maxArgs: 3 },
  TabFocus: { maxArgs: 1 },
  Exit: { maxArgs: 0 },
  HttpRequest: { maxArgs: 4, takesObjects: true },
};
