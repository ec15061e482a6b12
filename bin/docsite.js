#!/usr/bin/env node
// The docsite command: hands argv to the CLI and nothing else.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv);
if (process.env.DOCSITE_TRACE) { process.stderr.write(`trace main-done ${performance.now().toFixed(0)}\n`); process.on("exit", () => process.stderr.write(`trace exit ${performance.now().toFixed(0)}\n`)); }
