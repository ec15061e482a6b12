/** The command line: commander parses, each command runs, and this file alone turns outcomes into exit codes. */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { docsiteLocations } from '../build/locations';
import { OutputRefusedError } from '../build/output-dir';
import { printError } from './print-error';
import { runBuild } from './build';
import { runPreview } from './preview';
import { parseAllowedHosts, runServe } from './serve';
import type { AllowedHosts } from '../serve/host-check';

export const EXIT_OK = 0;
export const EXIT_BUILD_ERRORS = 1;
export const EXIT_USAGE = 2;

const ALLOWED_HOSTS_HELP = 'host names to answer besides localhost names and IP addresses, comma-separated; .example.com covers its subdomains; true answers any';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535');
  return n;
}

export function createProgram(): Command {
  const program = new Command('docsite')
    .description('Build and preview documentation sites from MDX content and a React theme.')
    .version(docsiteLocations().version, '-v, --version', 'print the docsite version')
    .showHelpAfterError('(run docsite --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('build')
    .description('build the static site into the output folder')
    .argument('[site-dir]', 'folder holding site.config.ts and content/', '.')
    .option('-o, --out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .option('-f, --force', 'replace the output folder even if docsite did not write it (never the site\'s sources)')
    .action(async (siteDir: string, opts: { outDir: string; config?: string; force?: boolean }) => runBuild({ siteDir, ...opts }));

  program
    .command('serve')
    .description('start the development server: renders on request, rebuilds and reloads on change')
    .argument('[site-dir]', 'folder holding site.config.ts and content/', '.')
    .option('-p, --port <port>', 'port to listen on', port, 3000)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .action(async (siteDir: string, opts: { port: number; host: string; config?: string; allowedHosts?: AllowedHosts }) => runServe({ siteDir, ...opts }));

  program
    .command('preview')
    .description('serve the built output folder as a static site')
    .argument('[site-dir]', 'folder holding the build output', '.')
    .option('-o, --out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('-p, --port <port>', 'port to listen on', port, 3000)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .action(async (siteDir: string, opts: { outDir: string; port: number; host: string; allowedHosts?: AllowedHosts }) => runPreview({ siteDir, ...opts }));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  if (argv.length <= 2) {
    program.outputHelp();
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT_OK : EXIT_USAGE;
    }
    printError(error);
    return error instanceof OutputRefusedError ? EXIT_USAGE : EXIT_BUILD_ERRORS;
  }
}
