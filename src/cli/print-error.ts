/** Prints docsite errors for people: location, what is wrong, the code frame and what to do. */
import path from 'node:path';
import pc from 'picocolors';
import { DocsiteErrorList, formatLocation, formatWorkflowCommand, isDocsiteError, printable, type DocsiteError } from '../core/errors';

/** Every piece is escaped before it is coloured, so only picocolors' own sequences reach the terminal. */
export function formatForTerminal(error: DocsiteError): string {
  const location = error.loc ? `${pc.bold(printable(formatLocation(error.loc)))}: ` : '';
  const lines = [`${pc.red('error')} ${location}${printable(error.message)} ${pc.dim(`[${printable(error.code)}]`)}`];
  if (error.frame) lines.push(pc.dim(printable(error.frame)));
  if (error.hint) lines.push(`  ${pc.cyan('hint')} ${printable(error.hint)}`);
  return lines.join('\n');
}

/** The folder errors name their files from: the site folder of the command that runs. */
let siteFolder = '.';

export function nameFilesFrom(siteDir: string): void {
  siteFolder = siteDir;
}

/**
 * Under GitHub Actions, the error also goes to stdout as a workflow command (the runner reads them
 * there), so the run's summary and the pull request show it on the file's line. GitHub places it by
 * the file's path from the checkout (GITHUB_WORKSPACE), which differs from the site folder's when
 * the site lives in a subfolder of the repository.
 */
function annotate(kind: 'error' | 'warning', error: DocsiteError): void {
  if (process.env.GITHUB_ACTIONS !== 'true') return;
  const workspace = process.env.GITHUB_WORKSPACE;
  const fromWorkspace = error.loc && workspace ? path.relative(workspace, path.resolve(siteFolder, error.loc.file)) : undefined;
  const inCheckout = fromWorkspace !== undefined && !fromWorkspace.startsWith('..') && !path.isAbsolute(fromWorkspace);
  process.stdout.write(`${formatWorkflowCommand(kind, error, inCheckout ? fromWorkspace : undefined)}\n`);
}

export function printError(error: unknown, stream: NodeJS.WritableStream = process.stderr): void {
  if (error instanceof DocsiteErrorList) {
    for (const item of error.errors) annotate('error', item);
    for (const item of error.errors) stream.write(`${formatForTerminal(item)}\n\n`);
    const count = `${error.errors.length} errors`;
    const output = error.outputWritten ? 'The new output was written before these errors.' : 'The previous build output was left as it was.';
    stream.write(`${pc.red(count)}${error.message === count ? '' : `: ${printable(error.message)}`}. ${output}\n`);
    return;
  }
  if (isDocsiteError(error)) {
    annotate('error', error);
    stream.write(`${formatForTerminal(error)}\n${pc.dim('The previous build output was left as it was.')}\n`);
    return;
  }
  stream.write(`${pc.red('error')} docsite failed unexpectedly: ${printable((error as Error)?.stack ?? String(error))}\n`);
}

export function printWarning(error: DocsiteError, stream: NodeJS.WritableStream = process.stderr): void {
  annotate('warning', error);
  stream.write(`${formatForTerminal(error).replace(pc.red('error'), pc.yellow('warning'))}\n`);
}
