/**
 * "Firefox on Windows" from a User-Agent header: enough for her to recognise a device in her session
 * list. A small table of its own (order matters: Edge and Opera also say Chrome, Chrome also says
 * Safari); anything it does not know is shown as unknown rather than guessed.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/**
 * The address in part: the first three parts of an IPv4 address (`203.0.113.x`), the first three
 * groups of an IPv6 one (`2001:db8:85a3:x`), as analytics tools anonymise them. She can tell her home
 * network from somewhere else, while anyone who reads the list with her session (a stolen one
 * included) learns no device's exact address.
 */
export function approximateAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = address.replace(/^::ffff:/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(mapped);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  const groups = ipv6Groups(mapped);
  return groups ? `${groups.slice(0, 3).join(':')}:x` : null;
}

/** The eight groups of an IPv6 address (`::` expanded, leading zeros dropped), or null if it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
