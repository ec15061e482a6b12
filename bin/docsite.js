#!/usr/bin/env node
// The docsite command: hands argv to the CLI and nothing else.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv);
