// wawoff2 ships no types: the one function the certificate uses (Google's WOFF2 decoder in WebAssembly).
declare module 'wawoff2' {
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
