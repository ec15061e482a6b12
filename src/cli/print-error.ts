/** Prints docsite errors for people: location, what is wrong, the code frame and what to do. */
import pc from 'picocolors';
import { DocsiteErrorList, formatLocation, isDocsiteError, type DocsiteError } from '../core/errors';

export function formatForTerminal(error: DocsiteError): string {
  const lines = [`${pc.red('error')} ${error.loc ? `${pc.bold(formatLocation(error.loc))}: ` : ''}${error.message} ${pc.dim(`[${error.code}]`)}`];
  if (error.frame) lines.push(pc.dim(error.frame));
  if (error.hint) lines.push(`  ${pc.cyan('hint')} ${error.hint}`);
  return lines.join('\n');
}

export function printError(error: unknown, stream: NodeJS.WritableStream = process.stderr): void {
  if (error instanceof DocsiteErrorList) {
    for (const item of error.errors) stream.write(`${formatForTerminal(item)}\n\n`);
    const count = `${error.errors.length} errors`;
    stream.write(`${pc.red(count)}${error.message === count ? '' : `: ${error.message}`}. The previous build output was left as it was.\n`);
    return;
  }
  if (isDocsiteError(error)) {
    stream.write(`${formatForTerminal(error)}\n${pc.dim('The previous build output was left as it was.')}\n`);
    return;
  }
  stream.write(`${pc.red('error')} docsite failed unexpectedly: ${(error as Error)?.stack ?? String(error)}\n`);
}

export function printWarning(error: DocsiteError, stream: NodeJS.WritableStream = process.stderr): void {
  stream.write(`${formatForTerminal(error).replace(pc.red('error'), pc.yellow('warning'))}\n`);
}
