/**
 * The command line: commander parses, each command runs, and this file alone turns outcomes into exit codes.
 * A command's module is imported only when that command runs, so `build` never loads the servers
 * (hono, chokidar) and `--version` or `--help` load little beyond commander.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { docsiteLocations } from '../infra/locations';
import { OutputRefusedError } from '../pipeline/emit/output-dir';
import { VersionRefusedError } from '../core/versions';
import { nameFilesFrom, printError } from './print-error';
import type { AllowedHosts } from '../serve/host-check';

export const EXIT_OK = 0;
export const EXIT_BUILD_ERRORS = 1;
export const EXIT_USAGE = 2;

const ALLOWED_HOSTS_HELP =
  'host names to answer besides localhost names and IP addresses, comma-separated; .example.com covers its subdomains; true answers any';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535');
  return n;
}

/**
 * `--allowed-hosts` reaches the action as written and is checked there, so the config schema (zod)
 * loads only when the flag is given. A bad entry fails as if commander's own option parser had
 * rejected it: the same message, exit code 2.
 */
async function allowedHosts(command: Command, value: string | undefined): Promise<AllowedHosts | undefined> {
  if (value === undefined) return undefined;
  const { parseAllowedHosts } = await import('./allowed-hosts');
  try {
    return parseAllowedHosts(value);
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error;
    return command.error(`error: option '--allowed-hosts <hosts>' argument '${value}' is invalid. ${error.message}`, {
      exitCode: error.exitCode,
      code: error.code,
    });
  }
}

export function createProgram(): Command {
  const program = new Command('docsite')
    .description('Build and preview documentation sites from MDX content and a React theme.')
    .version(docsiteLocations().version, '-v, --version', 'print the docsite version')
    .showHelpAfterError('(run docsite --help for usage)')
    // Errors name their files from the site folder: a GitHub annotation maps them onto the checkout.
    .hook('preAction', (_program, action) => {
      const at = action.registeredArguments.findIndex((argument) => argument.name() === 'site-dir');
      if (at >= 0 && typeof action.processedArgs[at] === 'string') nameFilesFrom(action.processedArgs[at]);
    })
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('build')
    .description('build the static site into the output folder')
    .argument('[site-dir]', 'folder holding site.config.ts and content/', '.')
    .option('-o, --out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .option('-f, --force', "replace the output folder even if docsite did not write it (never the site's sources)")
    .option('--skip-unsupported-plugins', 'build a Docusaurus site without the plugins docsite cannot run, and name them in the summary')
    .action(async (siteDir: string, opts: { outDir: string; config?: string; force?: boolean; skipUnsupportedPlugins?: boolean }) => {
      const { runBuild } = await import('./build');
      await runBuild({ siteDir, ...opts });
    });

  program
    .command('serve')
    .description('start the development server: renders on request, rebuilds and reloads on change')
    .argument('[site-dir]', 'folder holding site.config.ts and content/', '.')
    .option('-p, --port <port>', 'port to listen on', port, 3000)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP)
    .option('--verbose', 'print the time each stage took on each update')
    .option('--skip-unsupported-plugins', 'serve a Docusaurus site without the plugins docsite cannot run')
    .action(
      async (
        siteDir: string,
        opts: { port: number; host: string; config?: string; allowedHosts?: string; verbose?: boolean; skipUnsupportedPlugins?: boolean },
        command: Command,
      ) => {
        const hosts = await allowedHosts(command, opts.allowedHosts);
        const { runServe } = await import('./serve');
        await runServe({ siteDir, ...opts, allowedHosts: hosts });
      },
    );

  program
    .command('preview')
    .description('serve the built output folder as a static site')
    .argument('[site-dir]', 'folder holding the build output', '.')
    .option('-o, --out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('-p, --port <port>', 'port to listen on', port, 3000)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP)
    .action(async (siteDir: string, opts: { outDir: string; port: number; host: string; allowedHosts?: string }, command: Command) => {
      const hosts = await allowedHosts(command, opts.allowedHosts);
      const { runPreview } = await import('./preview');
      await runPreview({ siteDir, ...opts, allowedHosts: hosts });
    });

  program
    .command('init')
    .description('write a small site to start from (config, two docs, a blog post, a home page, custom CSS) into a new or empty folder')
    .argument('[dir]', 'the folder to write the site into', '.')
    .action(async (dir: string) => {
      const { runInit } = await import('./init');
      runInit({ dir });
    });

  program
    .command('docs:version')
    .description('copy the docs and their sidebars into a new version (versioned_docs/version-<version>/) and list it first in versions.json')
    .argument('<version>', 'the version name, such as 1.0')
    .argument('[site-dir]', 'folder holding site.config.ts and content/', '.')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .option('--plugin-id <id>', 'version another docs set (its <id>_versioned_docs/...); `docs:version:<id>` says the same, as in Docusaurus')
    .action(async (name: string, siteDir: string, opts: { config?: string; pluginId?: string }) => {
      const { runDocsVersion } = await import('./docs-version');
      await runDocsVersion({ name, siteDir, ...opts });
    });

  program
    .command('search')
    .description('search index commands')
    .command('upload')
    .description(`push the build's search records to the Algolia index of site.config.ts (admin key from ${'$'}ALGOLIA_ADMIN_API_KEY)`)
    .argument('[site-dir]', 'folder holding site.config.ts and the build output', '.')
    .option('-o, --out-dir <dir>', 'output folder, relative to the site folder', 'build')
    .option('-c, --config <file>', 'config file, relative to the site folder')
    .action(async (siteDir: string, opts: { outDir: string; config?: string }) => {
      const { runSearchUpload } = await import('./search');
      await runSearchUpload({ siteDir, ...opts });
    });

  return program;
}

/** Docusaurus's `docs:version:<id>` (a docs set's own versions) as `docs:version --plugin-id <id>`. */
function docsVersionOfSet(argv: string[]): string[] {
  const id = /^docs:version:(.+)$/.exec(argv[2] ?? '')?.[1];
  return id ? [argv[0]!, argv[1]!, 'docs:version', '--plugin-id', id, ...argv.slice(3)] : argv;
}

export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  if (argv.length <= 2) {
    program.outputHelp();
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(docsVersionOfSet(argv));
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT_OK : EXIT_USAGE;
    }
    printError(error);
    // A refused output folder or version name is the command line's fault, not the site's.
    return error instanceof OutputRefusedError || error instanceof VersionRefusedError ? EXIT_USAGE : EXIT_BUILD_ERRORS;
  }
}
