import { parse } from '@babel/parser';
import { MACRO_FUNCTIONS } from './macro-functions.ts';

/**
 * What the 9Hits viewer can run in a macro: JavaScript with the documented built-in functions in
 * scope. The sandbox parses each macro it is given (Babel's parser: light enough to load in a
 * request) and refuses one that would fail there: a syntax error, a call to a function that is
 * neither documented, standard JavaScript nor declared in the macro (ScrollPage, ClickLinkTo), a
 * documented function given more arguments than documented or an options object where the
 * documentation lists plain arguments, a method of an undeclared object (`document.x()`: the page
 * is reached through EvalScript).
 */
const JS_GLOBAL_FUNCTIONS = new Set([
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
  'String',
  'Number',
  'Boolean',
  'Array',
  'Object',
  'Date',
  'Symbol',
  'BigInt',
  'RegExp',
  'Error',
]);
const JS_GLOBAL_OBJECTS = new Set(['Math', 'JSON', 'Object', 'Array', 'String', 'Number', 'Date', 'Promise', 'Reflect', 'Intl', 'console']);

/** A node of Babel's tree, seen generically: a `type` and child nodes under other keys. */
interface Node {
  type: string;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'extra') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) walk(child, visit);
  }
}

/** The problems of one macro; none means the viewer could run it. */
export function macroProblems(source: string): string[] {
  let program: Node;
  try {
    program = parse(source, { sourceType: 'script', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true })
      .program as unknown as Node;
  } catch (error) {
    return [`syntax error: ${(error as Error).message}`];
  }

  const declared = new Set<string>();
  walk(program, (n) => {
    if ((n.type === 'VariableDeclarator' || n.type === 'FunctionDeclaration') && isNode(n.id) && n.id.type === 'Identifier')
      declared.add(n.id.name as string);
    for (const param of Array.isArray(n.params) ? n.params : [])
      if (isNode(param) && param.type === 'Identifier') declared.add(param.name as string);
  });

  const problems: string[] = [];
  walk(program, (n) => {
    if (n.type === 'CallExpression' || n.type === 'OptionalCallExpression') problems.push(...callProblems(n, source, declared));
  });
  return problems;
}

function callProblems(call: Node, source: string, declared: Set<string>): string[] {
  const callee = call.callee as Node;
  const args = call.arguments as Node[];
  if (callee.type === 'Identifier') {
    const name = callee.name as string;
    const builtin = MACRO_FUNCTIONS.get(name);
    if (!builtin) return declared.has(name) || JS_GLOBAL_FUNCTIONS.has(name) ? [] : [`${name} is not a 9Hits macro function`];
    const problems: string[] = [];
    if (args.length > builtin.maxArgs) problems.push(`${name} takes at most ${builtin.maxArgs} arguments`);
    if (!builtin.takesObjects && args.some((a) => a.type === 'ObjectExpression' || a.type === 'ArrayExpression'))
      problems.push(`${name} takes plain arguments, not an object`);
    return problems;
  }
  // A method call: fine on a value, a declared variable or a standard object, not on an undeclared name.
  let root = callee;
  while (root.type === 'MemberExpression' || root.type === 'OptionalMemberExpression') root = root.object as Node;
  if (root.type === 'Identifier' && !declared.has(root.name as string) && !JS_GLOBAL_OBJECTS.has(root.name as string)) {
    return [`${source.slice(callee.start as number, callee.end as number)} is not defined in a 9Hits macro`];
  }
  return [];
}
