/**
 * The keys of a JSON object's top level in the order written, duplicates kept (JSON.parse keeps only the
 * last of two equal keys, so a line with two `pid`s parses without a word).
 */
export function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) keys.push(JSON.parse(json.slice(i, end + 1)) as string);
      expectKey = false;
      i = end;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') {
      depth--;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}

/** The keys a log line holds more than once. */
export function duplicateKeys(line: string): string[] {
  const keys = topLevelKeys(line);
  return keys.filter((key, index) => keys.indexOf(key) !== index);
}
