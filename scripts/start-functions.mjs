// The functions a start runs, compiled on V8's streaming thread. V8 compiles a script's functions
// lazily, on the page's main thread at their first call (during a start about 450 of the first
// screen's script, 13–18 ms, most of it inside React's first draw), except a function literal
// written right after an opening parenthesis, `(function…`, which its parser takes for one called
// at once and compiles with its parent; from the top level down, that is while the script streams
// in. This plugin puts those parentheses around the functions listed in start-functions.json (made
// by start-functions-list.ts from V8's function log of a returning user's and a new user's start),
// so only what a start runs is compiled early (docs/performance.md, "Cold start, twentieth pass").
//
// A function is named by a fingerprint of its minified code with the minifier's names blanked
// (property names kept), so it is found again in any build where its own code did not change. The
// rewrite is done on the minified chunk (a minifier drops parentheses it sees as redundant):
// - a function expression: `(function(…){…})`;
// - an arrow without its own use of `this`, `arguments`, `super` or `new.target`: the same as a
//   function expression (V8 gives the hint only to the `function` keyword);
// - a declaration at the top of a module or function body: `var f=(function(…){…});` moved to the
//   top of that body, so it is assigned before anything there can call it, as a hoisted
//   declaration was.
// Methods, getters, declarations in blocks or named twice in one body are left as they are.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';

export const startFunctionsFile = new URL('./start-functions.json', import.meta.url);

const isNode = (value) => value !== null && typeof value === 'object' && typeof value.type === 'string';
const isFunction = (node) => node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';

/** A node's child nodes in source order, the wider first where two start together (`{a=1}`'s key and value). */
function children(node) {
  const found = [];
  for (const key in node) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const value = node[key];
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Whether an identifier is a property's name (kept in a fingerprint: the minifier never renames those). */
function isPropertyName(parent, key) {
  if (!parent || parent.computed) return false;
  if (parent.type === 'MemberExpression') return key === 'property';
  if (parent.type === 'Property') return key === 'key' && !parent.shorthand;
  return (parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && key === 'key';
}

/** A function's fingerprint: its syntax tree with the minifier's names blanked, hashed (12 hex digits). */
export function fingerprint(node) {
  const parts = [];
  const walk = (current, parent, parentKey) => {
    parts.push(current.type);
    for (const key in current) {
      if (key === 'type' || key === 'start' || key === 'end' || (current.type === 'Literal' && key === 'value')) continue;
      const value = current[key];
      if (Array.isArray(value)) {
        parts.push(`${key}[`);
        for (const item of value) {
          if (isNode(item)) walk(item, current, key);
          else parts.push(String(item));
        }
        parts.push(']');
      } else if (isNode(value)) {
        parts.push(`${key}:`);
        walk(value, current, key);
      } else if (key === 'name' && current.type === 'Identifier' && !isPropertyName(parent, parentKey)) parts.push('_');
      else parts.push(`${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`);
    }
  };
  walk(node, undefined, undefined);
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 12);
}

/** Every function of a script with its parent node, in source order. */
export function functionsOf(ast) {
  const found = [];
  const walk = (node, parent) => {
    if (isFunction(node)) found.push({ node, parent });
    for (const child of children(node)) walk(child, node);
  };
  walk(ast, undefined);
  return found;
}

export const parse = (code) => parseAst(code);

/** Whether an arrow uses its surroundings' `this`, `arguments`, `super` or `new.target` (it could not become a function). */
function usesOwnScope(arrow) {
  const walk = (node) => {
    if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
    if (node.type === 'ThisExpression' || node.type === 'Super' || node.type === 'MetaProperty') return true;
    if (node.type === 'Identifier' && node.name === 'arguments') return true;
    return children(node).some(walk);
  };
  return children(arrow).some(walk);
}

/** Whether a body declares `name` as a function more than once (the last one wins; moving one would change that). */
const namedTwice = (body, name) => body.body.filter((statement) => statement.type === 'FunctionDeclaration' && statement.id.name === name).length > 1;

/**
 * Whether a function starts a line after a statement that ASI ended (`a()` newline `e=>…`): an
 * opening parenthesis there would call what the line before ends with.
 */
function afterLineEnd(code, node) {
  let at = node.start - 1;
  let newline = false;
  while (at >= 0 && /\s/.test(code[at])) newline ||= code[at--] === '\n';
  return newline && /[\w$)\]`'"}]/.test(code[at] ?? '');
}

const isMethod = (node, parent) => parent && ((parent.type === 'Property' && parent.value === node && (parent.method || parent.kind !== 'init')) || parent.type === 'MethodDefinition');

/**
 * Marks in `code` (a minified ES module) every function whose fingerprint is in `fingerprints`.
 * Returns the new code and what was done: `listed`, `found` (listed fingerprints seen in the code),
 * `marked` (functions parenthesised), `skipped` (found but left as they are).
 */
export function markStartFunctions(code, fingerprints) {
  const wanted = new Set(fingerprints);
  const ast = parse(code);
  const functions = functionsOf(ast);
  // A function's body block knows its function, so a body (where declarations can move) is told from a block.
  const bodyOf = new Set(functions.map(({ node }) => node.body));
  const isBody = (node) => node?.type === 'Program' || bodyOf.has(node);
  const seen = new Set();
  const marked = new Set();
  let skipped = 0;
  for (const { node, parent } of functions) {
    const print = fingerprint(node);
    if (!wanted.has(print)) continue;
    seen.add(print);
    const markable = node.type === 'FunctionExpression' ? !isMethod(node, parent) && !afterLineEnd(code, node)
      : node.type === 'ArrowFunctionExpression' ? !usesOwnScope(node) && !afterLineEnd(code, node)
      : isBody(parent) && !namedTwice(parent, node.id.name);
    if (markable) marked.add(node);
    else skipped++;
  }

  /** The source from `start` to `end` with the nodes in `kids` (within it, in order) rewritten. */
  const span = (start, end, kids, insert) => {
    let out = '';
    let at = start;
    const skip = insert?.skip;
    for (const kid of kids) {
      if (kid.start < at) continue;
      if (insert && insert.at <= kid.start) {
        out += code.slice(at, insert.at) + insert.text;
        at = insert.at;
        insert = undefined;
      }
      // A moved declaration leaves an empty statement: it kept the statements around it apart.
      out += code.slice(at, kid.start) + (skip?.has(kid) ? ';' : emit(kid));
      at = kid.end;
    }
    if (insert) {
      out += code.slice(at, insert.at) + insert.text;
      at = insert.at;
    }
    return out + code.slice(at, end);
  };
  // Each body's hoisted declarations go first in it: a module's top, a function body's after its directives.
  const hoist = (body) => {
    const moved = new Set(body.body.filter((statement) => marked.has(statement)));
    if (moved.size === 0) return undefined;
    const directives = body.body.filter((statement) => statement.directive !== undefined && statement.directive !== null);
    const at = directives.length > 0 ? directives.at(-1).end : body.type === 'Program' ? (body.body[0]?.start ?? body.start) : body.start + 1;
    const text = [...moved].map((declaration) => `var ${declaration.id.name}=(${span(declaration.start, declaration.id.start, [])}${span(declaration.id.end, declaration.end, children(declaration).filter((kid) => kid !== declaration.id))});`).join('');
    return { at, text, skip: moved };
  };
  function emit(node) {
    const kids = children(node);
    if (node.type === 'Program' || (node.type === 'BlockStatement' && isBody(node))) {
      return span(node.start, node.end, kids, hoist(node));
    }
    if (!marked.has(node) || node.type === 'FunctionDeclaration') return span(node.start, node.end, kids);
    if (node.type === 'FunctionExpression') return `(${span(node.start, node.end, kids)})`;
    // An arrow as a function expression: `(a,b)=>x` → `(function(a,b){return x})`.
    const paramsStart = node.async ? code.indexOf('async', node.start) + 5 : node.start;
    const arrow = code.lastIndexOf('=>', node.body.start);
    const params = span(paramsStart, arrow, node.params).trim();
    const head = `(${node.async ? 'async ' : ''}function${params.startsWith('(') ? params : `(${params})`}`;
    const body = span(arrow + 2, node.end, [node.body]);
    return node.expression ? `${head}{return ${body}})` : `${head}${body})`;
  }

  return { code: emit(ast), listed: wanted.size, found: seen.size, marked: marked.size, skipped };
}

export const readStartFunctions = () => JSON.parse(readFileSync(startFunctionsFile, 'utf8'));

/**
 * The Vite plugin: marks the listed functions in the chunk named `chunkName` (the first screen's
 * script) and ends it with a comment saying how many of the list it found, which the build's test
 * reads. `PAYDESK_START_MARKS=off` builds without marks (start-functions-list.ts logs such a build).
 */
export function startFunctionMarks(chunkName) {
  return {
    name: 'start-function-marks',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (process.env.PAYDESK_START_MARKS === 'off') return;
        const { functions } = readStartFunctions();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.name !== chunkName) continue;
          const result = markStartFunctions(chunk.code, functions);
          chunk.code = `${result.code}\n${startMarksComment(result)}\n`;
        }
      },
    },
  };
}

export const startMarksComment = ({ found, listed, marked }) => `/* start functions: ${found} of ${listed} listed found, ${marked} marked (scripts/start-functions.mjs) */`;
export const startMarksPattern = /\/\* start functions: (\d+) of (\d+) listed found, (\d+) marked/;
