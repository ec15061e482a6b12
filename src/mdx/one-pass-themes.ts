/**
 * shiki colours a block for two themes by tokenizing it twice, once per theme, though the grammar's
 * work (running its regexes, most of the time spent) is the same both times: only the colour each
 * scope gets differs. This does that work once, and keeps a line's tokens across blocks too.
 * test/mdx/one-pass-themes.test.ts holds the HTML to shiki's own, byte for byte.
 */

/** vscode-textmate's ScopeStack: a scope name and the path it was pushed on. */
interface ScopePath {
  readonly parent: ScopePath | null;
  readonly scopeName: string;
}

/** vscode-textmate's StyleAttributes: -1 and 0 mean "not set" (the parent's value stays). */
interface StyleAttributes {
  readonly fontStyle: number;
  readonly foregroundId: number;
  readonly backgroundId: number;
}

interface ThemeProvider {
  themeMatch(path: ScopePath): StyleAttributes | null;
  getDefaults(): StyleAttributes;
}

/** vscode-textmate's Theme, as shiki makes one from a theme it loaded. */
export interface TextmateTheme {
  match(path: ScopePath | null): StyleAttributes | null;
  getDefaults(): StyleAttributes;
  getColorMap(): string[];
}

interface LineTokens {
  tokens: Uint32Array;
  ruleStack: unknown;
  stoppedEarly: boolean;
}

/** vscode-textmate's AttributedScopeStack: a scope path and the token bits resolved on it. */
interface AttributedScopes {
  readonly parent: AttributedScopes | null;
  readonly scopePath: ScopePath;
  readonly tokenAttributes: number;
}

/**
 * vscode-textmate's StateStackImpl, the rule stack a line starts from: what its tokenizing reads
 * (enter and anchor positions are reset before each line, so they are left out).
 */
interface RuleStack {
  readonly parent: RuleStack | null;
  readonly ruleId: number;
  readonly beginRuleCapturedEOL: boolean;
  readonly endRule: string | null;
  readonly nameScopesList: AttributedScopes | null;
  readonly contentNameScopesList: AttributedScopes | null;
}

/** The parts of vscode-textmate's Grammar used here (themeProvider is a getter on its prototype). */
interface TokenizingGrammar {
  readonly themeProvider: ThemeProvider;
  tokenizeLine2(line: string, prevState: unknown, timeLimit?: number): LineTokens;
}

// Bits of vscode-textmate's EncodedTokenMetadata.
const FONT_STYLE = 0x0000_7800;
const FOREGROUND = 0x00ff_8000;
const BACKGROUND = 0xff00_0000;
const STYLE = (FONT_STYLE | FOREGROUND | BACKGROUND) >>> 0;
const FOREGROUND_IDS = 511;
const BACKGROUND_IDS = 255;

/** `bits` with `style` merged in as EncodedTokenMetadata.set merges it: fields not set keep their value. */
function mergeStyle(bits: number, style: StyleAttributes | null): number {
  if (!style) return bits;
  let out = bits;
  if (style.fontStyle !== -1) out = (out & ~FONT_STYLE) | (style.fontStyle << 11);
  if (style.foregroundId !== 0) out = (out & ~FOREGROUND) | (style.foregroundId << 15);
  if (style.backgroundId !== 0) out = (out & ~BACKGROUND) | (style.backgroundId << 24);
  return out >>> 0;
}

/**
 * A line's paired tokens depend only on the grammar, the state it starts from and its text, so they
 * are also kept across blocks: code on a site repeats itself (imports, closing braces, the same calls
 * in page after page), and a line met again in an equal state is not tokenized again. States are
 * compared by what tokenizing reads of them, not by identity: each run builds its own.
 *
 * Lines kept across blocks, per grammar, past which its lines are let go and kept anew. Kept lines
 * are light, and a site's code repeats enough that a bound this size finds most lines kept while
 * memory stays bounded on a site of any size.
 */
const KEPT_LINES = 20_000;

/**
 * A grammar's lines kept across blocks, by the number of the state each starts from, then by text.
 * Equal states (and the parts they are made of) get one number, found through `numbers` for each
 * object met once and through `keys` for its fields.
 */
interface KeptLines {
  byState: Map<number, Map<string, LineTokens>>;
  size: number;
  numbers: WeakMap<object, number>;
  keys: Map<string, number>;
}

function createKeptLines(): KeptLines {
  return { byState: new Map(), size: 0, numbers: new WeakMap(), keys: new Map() };
}

/** The number shared by every object equal to `value`, whose own fields `key` lists (with its parts' numbers). */
function numberOf<T extends object>(lines: KeptLines, value: T | null, key: (value: T) => string): number {
  if (value === null) return 0;
  let number = lines.numbers.get(value);
  if (number === undefined) {
    const fields = key(value);
    number = lines.keys.get(fields);
    if (number === undefined) lines.keys.set(fields, (number = lines.keys.size + 1));
    lines.numbers.set(value, number);
  }
  return number;
}

const pathNumber = (lines: KeptLines, path: ScopePath | null): number => numberOf(lines, path, (p) => `p${pathNumber(lines, p.parent)} ${p.scopeName}`);

const scopesNumber = (lines: KeptLines, scopes: AttributedScopes | null): number =>
  numberOf(lines, scopes, (s) => `a${scopesNumber(lines, s.parent)} ${pathNumber(lines, s.scopePath)} ${s.tokenAttributes}`);

// The end rule, which may hold any text, goes last.
const stateNumber = (lines: KeptLines, state: RuleStack | null): number =>
  numberOf(
    lines,
    state,
    (r) =>
      `s${stateNumber(lines, r.parent)} ${r.ruleId} ${r.beginRuleCapturedEOL ? 1 : 0} ${scopesNumber(lines, r.nameScopesList)} ${scopesNumber(lines, r.contentNameScopesList)} ${r.endRule === null ? '-' : `=${r.endRule}`}`,
  );

/** More style combinations than the token bits can number: the block is coloured shiki's own way. */
class TooManyPairs extends Error {}

export interface OnePass {
  /**
   * Runs `render`, a synchronous shiki call that colours with these themes, with `grammar`
   * tokenizing each line once. Falls back to shiki's own passes if the pairs run out.
   */
  run<T>(grammar: object, render: () => T): T;
}

/**
 * While shiki colours a block, the grammar's theme is swapped for a paired one, whose style for a
 * scope path stands for the styles every theme resolves there (a pair number, written in the
 * foreground and background bits of the token). The first pass tokenizes each line with it and keeps
 * the result; every pass then gets from those tokens the ones its own theme would have produced: each
 * pair turned into that theme's style bits, and neighbours left with equal bits merged, as
 * vscode-textmate merges them. Both passes see the rule stacks of the paired run, so the second finds
 * each of its lines kept.
 *
 * `themes` are vscode-textmate themes equal to those shiki's registry makes (Theme.createFromRawTheme
 * of the same resolved theme, so the same colour ids); `setTheme(index)` sets one as the registry's.
 */
export function createOnePass(themes: TextmateTheme[], setTheme: (index: number) => void): OnePass {
  // The style bits each theme resolves at a scope path, by path (paths are shared, persistent lists).
  const resolved = themes.map(() => new WeakMap<ScopePath, number>());
  const defaults = themes.map((theme) => mergeStyle(0, theme.getDefaults()));
  // Pair numbers from 0, found through one map per theme keyed by its style bits (a scope is pushed
  // for nearly every token, so no key is built); each pair's bits per theme.
  const pairs = new Map<number, unknown>();
  const pairStyles: number[][] = themes.map(() => []);
  let pairCount = 0;
  const resolve = (index: number, path: ScopePath): number => {
    const known = resolved[index]!.get(path);
    if (known !== undefined) return known;
    // A root never matched (vscode-textmate's "unknown" root) keeps the defaults, as vscode-textmate does.
    const bits = path.parent ? mergeStyle(resolve(index, path.parent), themes[index]!.match(path)) : defaults[index]!;
    resolved[index]!.set(path, bits);
    return bits;
  };

  const pairStyle = (bits: number[]): StyleAttributes => {
    let level = pairs;
    for (let index = 0; index < bits.length - 1; index++) {
      let next = level.get(bits[index]!) as Map<number, unknown> | undefined;
      if (!next) level.set(bits[index]!, (next = new Map()));
      level = next;
    }
    let style = level.get(bits[bits.length - 1]!) as StyleAttributes | undefined;
    if (!style) {
      const pair = pairCount++;
      if (pair >= FOREGROUND_IDS * BACKGROUND_IDS) throw new TooManyPairs();
      bits.forEach((value, index) => (pairStyles[index]![pair] = value));
      // Both ids are never 0, so every scope sets the pair whole rather than inheriting half of one.
      style = { fontStyle: 0, foregroundId: (pair % FOREGROUND_IDS) + 1, backgroundId: Math.floor(pair / FOREGROUND_IDS) + 1 };
      level.set(bits[bits.length - 1]!, style);
    }
    return style;
  };

  // Reused for every scope pushed: pairStyle copies what it keeps.
  const scratch: number[] = themes.map(() => 0);
  const paired: ThemeProvider = {
    themeMatch(path) {
      // The root of a grammar with a scope name is matched here first: resolve it with its match.
      if (!path.parent && !resolved[0]!.has(path)) {
        themes.forEach((theme, index) => resolved[index]!.set(path, mergeStyle(defaults[index]!, theme.match(path))));
      }
      for (let index = 0; index < themes.length; index++) scratch[index] = resolve(index, path);
      return pairStyle(scratch);
    },
    getDefaults: () => pairStyle(defaults),
  };

  /** The tokens theme `index` gets from the paired tokens: pairs to its style bits, equal neighbours merged. */
  const forTheme = (tokens: Uint32Array, index: number): Uint32Array => {
    const styles = pairStyles[index]!;
    const out = new Uint32Array(tokens.length);
    let length = 0;
    for (let i = 0; i < tokens.length; i += 2) {
      const metadata = tokens[i + 1]!;
      const pair = ((metadata & FOREGROUND) >>> 15) - 1 + (((metadata & BACKGROUND) >>> 24) - 1) * FOREGROUND_IDS;
      const own = ((metadata & ~STYLE) | styles[pair]!) >>> 0;
      if (length > 0 && out[length - 1] === own) continue;
      out[length++] = tokens[i]!;
      out[length++] = own;
    }
    return out.subarray(0, length);
  };

  // Which theme the registry has set, told by the identity of its defaults (each theme's own object:
  // two themes' default colour ids are often the same numbers).
  let registry: ThemeProvider | undefined;
  const indexOf = new Map<StyleAttributes, number>();
  const current = (provider: ThemeProvider): number => {
    if (registry !== provider) {
      registry = provider;
      indexOf.clear();
      themes.forEach((_, index) => {
        setTheme(index);
        indexOf.set(provider.getDefaults(), index);
      });
    }
    return indexOf.get(provider.getDefaults()) ?? -1;
  };

  const keptLines = new WeakMap<object, KeptLines>();

  return {
    run(grammar, render) {
      const target = grammar as TokenizingGrammar;
      const provider = target.themeProvider;
      current(provider);
      const original = Object.getPrototypeOf(target).tokenizeLine2 as TokenizingGrammar['tokenizeLine2'];
      // Each line's paired tokens by the state it started from (a pass starts from INITIAL, then
      // goes on from the rule stacks returned here) and its text, kept from block to block.
      let lines = keptLines.get(target);
      if (!lines || lines.size >= KEPT_LINES) keptLines.set(target, (lines = createKeptLines()));
      const kept = lines;
      // Both overrides stay for the whole call rather than being set and removed around each line:
      // flipping the grammar's shape line by line would slow vscode-textmate's own code on it.
      const override = (name: 'themeProvider' | 'tokenizeLine2', value: unknown) =>
        Object.defineProperty(target, name, { value, configurable: true, writable: true });
      const restore = () => {
        delete (target as { themeProvider?: unknown }).themeProvider;
        delete (target as { tokenizeLine2?: unknown }).tokenizeLine2;
      };
      const tokenizeLine2 = (line: string, prevState: unknown, timeLimit?: number): LineTokens => {
        const index = current(provider);
        if (index < 0) {
          // A theme not paired here (never in shiki's passes of this call): tokenized with it alone.
          delete (target as { themeProvider?: unknown }).themeProvider;
          try {
            return original.call(target, line, prevState, timeLimit);
          } finally {
            override('themeProvider', paired);
          }
        }
        const state = stateNumber(kept, (prevState ?? null) as RuleStack | null);
        let byLine = kept.byState.get(state);
        let result = byLine?.get(line);
        if (!result) {
          result = original.call(target, line, prevState, timeLimit);
          if (!byLine) kept.byState.set(state, (byLine = new Map()));
          byLine.set(line, result);
          kept.size++;
        }
        return { tokens: forTheme(result.tokens, index), ruleStack: result.ruleStack, stoppedEarly: result.stoppedEarly };
      };
      override('themeProvider', paired);
      override('tokenizeLine2', tokenizeLine2);
      try {
        return render();
      } catch (error) {
        if (!(error instanceof TooManyPairs)) throw error;
        restore();
        return render();
      } finally {
        restore();
      }
    },
  };
}
