/**
 * Whether JSON text nests arrays and objects more than `limit` deep, counting brackets outside strings.
 * It runs before parsing, in one pass without recursion, so that no depth can exhaust the stack of the
 * parser or of whatever walks the parsed value afterwards (validation, better-auth). Text that is not
 * JSON may be counted wrongly, but then the parser refuses it anyway.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // A backslash: the next character is escaped, a quote included.
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}
