// Worker entry when docsite runs from its TypeScript sources (tests): registers tsx, then loads worker.ts.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./worker.ts');

export const compile = tasks.compile;
export const render = tasks.render;
export const apiPages = tasks.apiPages;
export const apiModel = tasks.apiModel;
