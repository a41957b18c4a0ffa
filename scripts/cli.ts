/** Whether `name` (`--json`) is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(name);

/** The value after `name` on the command line (`--machine a,b`), if any. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Writes `text` to stdout and resolves once handed on: process.exit after a large write cuts a pipe at 64 KiB. */
export function print(text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
  );
}
