/** A `--name value` command-line option of a bench script, or `fallback` when it is not given. */
export function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
