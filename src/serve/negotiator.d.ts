// The part of negotiator 1.x docsite uses (the published types are those of 0.6, without `preferred`).
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The client's favourite of `available`; among equal preferences, the first in `preferred`. */
    encoding(available?: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
