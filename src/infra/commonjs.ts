/**
 * The CommonJS packages docsite's Node side uses, required rather than imported. An ES module's
 * `import` of a CommonJS file first has Node scan the whole file for the names it exports
 * (cjs-module-lexer), which for a large file such as esbuild's API slows every command's start.
 * `require` runs the file and hands back its exports.
 */
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import type WriteFileAtomic from 'write-file-atomic';

const require = createRequire(import.meta.url);

export const esbuild = require('esbuild') as typeof Esbuild;
export const writeFileAtomic = require('write-file-atomic') as typeof WriteFileAtomic;
