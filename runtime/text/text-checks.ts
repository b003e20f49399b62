/**
 * Text no part of the service can take: a NUL character (U+0000), which PostgreSQL cannot store
 * in text and model servers refuse, and lone UTF-16 surrogates (not valid Unicode, so not valid
 * UTF-8 either). The HTTP edge plugin refuses them in every request; the session
 * actor refuses them in a turn that reaches it some other way, and cleans them out of model output.
 */

/** String.prototype.isWellFormed (Node 20+, ES2024; the project's lib is ES2023). */
type WellFormedCheck = string & { isWellFormed(): boolean };

/** Why a string is refused, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (!(value as WellFormedCheck).isWellFormed()) return 'contains a lone surrogate (not valid Unicode)';
  return undefined;
}

/**
 * The first refused string in a parsed value, as `[path, problem]`. Walks plain objects and arrays
 * without recursion (a body may nest deeply); Buffers and streams (audio uploads) are skipped.
 */
export function findBadText(root: unknown, rootPath: string): [string, string] | undefined {
  const stack: Array<[unknown, string]> = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return [path, problem];
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}/${i}`]);
    } else if (value !== null && typeof value === 'object' && isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return [`${path} (a field name)`, keyProblem];
        stack.push([child, `${path}/${key}`]);
      }
    }
  }
  return undefined;
}

/** Parsed JSON objects and the router's and query parser's records, not Buffers or streams. */
function isRecord(value: object): boolean {
  if (ArrayBuffer.isView(value) || value instanceof Date) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** Model output made storable: NULs dropped, lone surrogates replaced by U+FFFD. */
export function storableText(value: string): string {
  return (value.replaceAll('\u0000', '') as string & { toWellFormed(): string }).toWellFormed();
}
