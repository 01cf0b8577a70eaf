import { z } from 'zod';

/**
 * Every piece of text a member sends goes through one of these schemas, so that what is stored and shown
 * to others is one clean form: NFC, trimmed, free of control characters (which PostgreSQL refuses outright
 * for NUL, and which drive terminals and logs for the rest), and never "blank" in disguise.
 */

// C0 and C1 controls (NUL, ESC for ANSI sequences, DEL, ...) and unpaired surrogate halves, which are not
// text at all. Multi-line fields keep line feeds and tabs.
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN = /(?![\n\t])[\p{Cc}\p{Cs}]/u;

// Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). A name or a title is shown inline
// beside other text (lists, notifications, previews), where any of them reorders what follows; overrides
// also display letters in an order other than the one typed, which is how a link or a name is disguised.
const SINGLE_LINE_BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
// Multi-line text refuses embeddings and overrides everywhere, but keeps isolates: they are what Unicode
// recommends to members who write Arabic, Hebrew or Persian next to Latin text, they never reverse
// letters, and each post, comment or message is shown in its own paragraph, where an unclosed one ends.
const MULTI_LINE_BIDI = /[\u202A-\u202E]/u;

// Characters that show nothing: whitespace, zero-width spaces and joiners, word joiner, BOM, soft hyphen,
// variation selectors, Hangul fillers, tags (all Default_Ignorable_Code_Point) and the blank braille cell.
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Whether `text` would show nothing at all (empty, spaces, zero-width characters...). */
export const isInvisibleText = (text: string) => INVISIBLE_ONLY.test(text);

interface TextRules {
  max: number;
  /** Names the field in messages: "The title", "Your bio". */
  label: string;
  /** Line feeds and tabs are allowed (posts, descriptions), not in names and titles. */
  multiLine: boolean;
  /** The message for missing text; the field is required when it is given. */
  blank?: string;
}

/** The cleaned string; invisible-only text becomes '' (and is refused with `blank` when required). */
function cleanText({ max, label, multiLine, blank }: TextRules) {
  const schema = z
    .string({ message: blank ?? `${label} must be text` })
    .normalize('NFC')
    .overwrite((text) => (multiLine ? text.replace(/\r\n/g, '\n') : text))
    .trim()
    .refine((text) => !(multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text), {
      message: multiLine
        ? `${label} cannot contain control characters`
        : `${label} cannot contain line breaks or control characters`,
      abort: true,
    })
    .refine((text) => !(multiLine ? MULTI_LINE_BIDI : SINGLE_LINE_BIDI).test(text), {
      message: `${label} cannot contain characters that change the direction of the text`,
      abort: true,
    })
    .overwrite((text) => (isInvisibleText(text) ? '' : text));
  return (blank ? schema.min(1, blank) : schema).max(
    max,
    `${label} must be at most ${max.toLocaleString('en-US')} characters`,
  );
}

/** A required one-line text (names, titles): `blank` when there is nothing to show. */
export const singleLineText = (max: number, blank: string, label: string) =>
  cleanText({ max, blank, label, multiLine: false });

/** A required text that may span lines (posts, comments, descriptions). */
export const multiLineText = (max: number, blank: string, label: string) =>
  cleanText({ max, blank, label, multiLine: true });

/** An optional one-line text (searches, a location): '' when there is nothing to show. */
export const optionalSingleLineText = (max: number, label: string) => cleanText({ max, label, multiLine: false });

/** An optional text that may span lines (a bio, notes): '' when there is nothing to show. */
export const optionalMultiLineText = (max: number, label: string) => cleanText({ max, label, multiLine: true });

/**
 * Text passed on exactly as sent (tokens): not normalised, but never carrying control or direction
 * characters to the database, a header or a log.
 */
export const opaqueText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is too long`)
    .refine((text) => !SINGLE_LINE_FORBIDDEN.test(text) && !SINGLE_LINE_BIDI.test(text), {
      message: `${label} cannot contain control or text-direction characters`,
    });
