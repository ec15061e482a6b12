/** Where an installed npm package lives, found the way Node finds it. */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The package folder of `name` as Node would find it from `fromDir`: a `node_modules` folder of
 * `fromDir` or a parent, or the enclosing package itself (a library documenting itself). Real path.
 */
export function findPackageDir(name: string, fromDir: string): string | undefined {
  let dir = path.resolve(fromDir);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', ...name.split('/'));
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (packageNameAt(dir) === name) return fs.realpathSync(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function packageNameAt(dir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
