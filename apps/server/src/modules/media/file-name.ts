const FILE_NAME_MAX = 200;
// C0 and C1 controls (DEL included), unpaired surrogates, line separators, and the direction marks,
// embeddings, overrides and isolates that could make "gpj.exe" read as "exe.jpg".
const UNSAFE = /[\p{Cc}\p{Cs}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * The name shown for an upload (a download's suggested name): what the browser sent in the file-name
 * header, without any folder, controls or direction overrides, at most 200 characters. It is only ever
 * displayed: storage keys are made from the media id and the sniffed type.
 */
export function cleanFileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded as the upload helper sends it: keep it as it came.
  }
  name = name.normalize('NFC').replace(UNSAFE, '');
  name = (name.split(/[/\\]/).pop() ?? '').trim();
  // "..", "." and names made of dots alone name a folder, not a file.
  if (/^\.*$/.test(name)) name = '';
  const characters = Array.from(name);
  if (characters.length > FILE_NAME_MAX) {
    // Keep the extension when there is a short one: "a-very-long...name.pdf".
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = characters.slice(0, FILE_NAME_MAX - Array.from(extension).length).join('') + extension;
  }
  return name || 'file';
}
