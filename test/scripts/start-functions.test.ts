// The build marks the functions a start runs so V8 compiles them while the first script streams in
// (scripts/start-functions.mjs). The marks must not change what the code does, and a function must
// be found again in a rebuild where only the minifier's names around it changed.
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { fingerprint, functionsOf, markStartFunctions, parse } from '../../scripts/start-functions.mjs';

const prints = (code: string) => functionsOf(parse(code)).map(({ node }) => fingerprint(node));
/** Runs a script (its last expression is the result) in a fresh context, in strict mode as a module would. */
const run = (code: string): unknown => runInNewContext(`"use strict";${code}`, {});
const markAll = (code: string) => markStartFunctions(code, prints(code));

describe('marking the functions a start runs', () => {
  it('parenthesises function expressions and arrows as function expressions, with the same results', () => {
    const code = 'const a=[1,2,3].map(e=>e*2),b=[4].map(function(e){return e+1}),c=(async(e,t=()=>5)=>t()+e)(1);[a,b,typeof c.then]';
    const marked = markAll(code);
    expect(marked.code).toContain('.map((function(e){return e*2}))');
    expect(marked.code).toContain('.map((function(e){return e+1}))');
    expect(marked.code).toContain('(async function(e,t=(function(){return 5})){return t()+e})');
    expect(run(marked.code)).toEqual(run(code));
    expect(marked).toMatchObject({ found: 4, marked: 4, skipped: 0 });
  });

  it('moves a declaration to the top of its body as a parenthesised function, so a call before it still works', () => {
    const code = 'const x=a(2);function a(e){return b(e)+1;function b(t){return t*10}}x';
    const marked = markAll(code);
    expect(marked.code).toBe('var a=(function (e){var b=(function (t){return t*10});return b(e)+1;;});const x=a(2);;x');
    expect(run(marked.code)).toBe(21);
  });

  it('keeps statements apart: an empty statement where a declaration was, no parenthesis after a line ASI ended', () => {
    const code = 'let x=[]\nfunction f(){return 2}\n[1].map(e=>x.push(e))\nconst g=1\ne=>e\n;[x,f(),g]';
    const marked = markAll(code);
    expect(marked.code).toContain('let x=[]\n;\n[1].map((function(e){return x.push(e)}))');
    expect(marked.code).toContain('const g=1\ne=>e');
    expect(run(marked.code)).toEqual([[1], 2, 1]);
  });

  it("leaves what cannot be parenthesised: methods, getters, arrows using their surroundings' this or arguments, and a name declared twice", () => {
    const code = 'function f(){return[this,()=>this.v,()=>arguments[0]]}function g(){return 1}function g(){return 2}const o={m(){return 1},get n(){return 2}};[g(),o.m(),o.n]';
    const marked = markAll(code);
    expect(marked.code).toContain('()=>this.v');
    expect(marked.code).toContain('()=>arguments[0]');
    expect(marked.code).toContain('{m(){return 1},get n(){return 2}}');
    expect(marked.code).toContain('function g(){return 1}function g(){return 2}');
    expect(marked.code.startsWith('var f=(function (){')).toBe(true);
    expect(run(marked.code)).toEqual([2, 1, 2]);
    expect(marked.skipped).toBe(6);
  });

  it("marks only the listed functions and says how many of the list it found", () => {
    const code = 'const a=e=>e+1,b=e=>e.length;';
    const [first] = prints(code);
    const marked = markStartFunctions(code, [first!, '000000000000']);
    expect(marked.code).toBe('const a=(function(e){return e+1}),b=e=>e.length;');
    expect(marked).toMatchObject({ listed: 2, found: 1, marked: 1 });
  });

  it("finds a function again when the minifier renamed its variables, not when its own code changed", () => {
    const before = prints('function a(e,t){return e.total+t}const n=e=>e.rows.map(t=>t.id);');
    expect(prints('function q(r,s){return r.total+s}const z=k=>k.rows.map(m=>m.id);')).toEqual(before);
    // a property's name, a literal or an operator is the function's own code
    expect(prints('function a(e,t){return e.count+t}')[0]).not.toBe(before[0]);
    expect(prints('function a(e,t){return e.total-t}')[0]).not.toBe(before[0]);
    expect(prints('const n=e=>e.rows.map(t=>t.key);')[1]).not.toBe(before[2]);
  });
});
