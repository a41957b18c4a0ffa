import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'dotenv';

type Env = Record<string, string | undefined>;

const REFERENCE = /\\?\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g;

/**
 * Expands `${NAME}`, `${NAME:-fallback}` and `${NAME-fallback}` in a `.env` file's values as Docker Compose
 * does (README › Settings): the environment first, then the file. A bare `$NAME` is left alone: passwords
 * contain `$` more often than files rely on that form.
 */
export function expandDotenv(parsed: Record<string, string>, env: Env): Record<string, string> {
  const expanded: Record<string, string> = {};
  const resolving = new Set<string>();
  const lookUp = (name: string): string | undefined => {
    const fromEnv = env[name];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    if (name in expanded) return expanded[name];
    const raw = parsed[name];
    if (raw === undefined || resolving.has(name)) return undefined; // a loop expands to ''
    resolving.add(name);
    expanded[name] = expand(raw);
    resolving.delete(name);
    return expanded[name];
  };
  const expand = (value: string): string =>
    value.replace(REFERENCE, (match, name: string, fallback: string | undefined) => {
      if (match.startsWith('\\')) return match.slice(1);
      const found = lookUp(name);
      const colon = match.includes(':-');
      if (found === undefined || (colon && found === '')) return fallback ?? '';
      return found;
    });
  for (const name of Object.keys(parsed)) lookUp(name);
  for (const name of Object.keys(parsed)) expanded[name] ??= expand(parsed[name] ?? '');
  return expanded;
}

/** Reads `file` into `env` for every name `env` leaves unset or empty; returns the names it set. */
export function loadDotenv(file = '.env', env: Env = process.env): string[] {
  if (!existsSync(file)) return [];
  const values = expandDotenv(parse(readFileSync(file)), env);
  const set: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined && env[name] !== '') continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
